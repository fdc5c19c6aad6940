import { MENSAJES_RETALES, type idCreadoDatosSchema, type RetalCrearEntrada, type RetalDescartar, type RetalEditarEntrada } from '@tablero/domain';
import type { z } from 'zod';
import { api, type SoloMensaje } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesRetales } from './claves';

/** POST /api/retales: an offcut added by hand in Bodega (each side at least RETAL_LADO_MINIMO). */
export async function createRetal(datos: RetalCrearEntrada): Promise<string> {
  const respuesta = await api.post<z.infer<typeof idCreadoDatosSchema>>('retales', datos);
  return respuesta.message ?? MENSAJES_RETALES.retalCreado;
}

/** PUT /api/retales/{id}: new measures after a re-cut and where it lies, with the reason (only a DISPONIBLE one). */
export async function updateRetal({ id, ...datos }: RetalEditarEntrada & { id: number }): Promise<string> {
  const respuesta = await api.put<SoloMensaje>(`retales/${id}`, datos);
  return respuesta.message ?? MENSAJES_RETALES.retalActualizado;
}

/** POST /api/retales/{id}/descartar: out of the inventory with its reason (only a DISPONIBLE one). */
export async function descartarRetal({ id, ...datos }: RetalDescartar & { id: number }): Promise<string> {
  const respuesta = await api.post<SoloMensaje>(`retales/${id}/descartar`, datos);
  return respuesta.message ?? MENSAJES_RETALES.retalDescartado;
}

export const useCreateRetal = () => useGuardado(createRetal, clavesRetales.todas);
export const useUpdateRetal = () => useGuardado(updateRetal, clavesRetales.todas);
export const useDescartarRetal = () => useGuardado(descartarRetal, clavesRetales.todas);
