import { useGuardado } from '@/lib/guardado';
import type { Tercero, TerceroGuardar, terceroRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesTerceros } from './claves';

/** POST /api/terceros/crear (the store header says where it is registered); answers the message and the new third party. */
export async function createTercero(datos: TerceroGuardar): Promise<{ mensaje: string; tercero: Tercero }> {
  const respuesta = await api.post<z.infer<typeof terceroRespuestaSchema>>('terceros/crear', datos);
  return { mensaje: respuesta.message ?? 'Tercero creado con éxito', tercero: respuesta.data.tercero };
}

export const useCreateTercero = () => useGuardado(createTercero, clavesTerceros.todas);
