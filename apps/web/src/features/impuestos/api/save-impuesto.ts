import { useGuardado } from '@/lib/guardado';
import type { idCreadoDatosSchema, ImpuestoGuardar } from '@tablero/domain';
import type { z } from 'zod';
import { api, type SoloMensaje } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesImpuestos } from './claves';

type Entrada = { [K in keyof ImpuestoGuardar]?: unknown };

/** POST /api/impuestos/crear or PUT /api/impuestos/{id}/editar; answers the success message. */
export async function saveImpuesto({ id, datos }: { id: number | null; datos: Entrada }): Promise<string> {
  const respuesta = id === null ? await api.post<z.infer<typeof idCreadoDatosSchema>>('impuestos/crear', datos) : await api.put<SoloMensaje>(`impuestos/${id}/editar`, datos);
  return respuesta.message ?? 'Datos guardados con éxito';
}

// Products show the tax's percentage: their lists refresh too.
export const useSaveImpuesto = () => useGuardado(saveImpuesto, clavesImpuestos.todas, raicesConsulta.productos);
