import { useGuardado } from '@/lib/guardado';
import type { TipoConceptoGuardar, idCreadoDatosSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesTiposConceptos } from './claves';

/** POST /api/maestros/tipos-conceptos/guardar {nombre_tipo_concepto}; answers the success message. */
export async function createTipoConcepto(datos: TipoConceptoGuardar): Promise<string> {
  const respuesta = await api.post<z.infer<typeof idCreadoDatosSchema>>('maestros/tipos-conceptos/guardar', datos);
  return respuesta.message ?? 'Tipo de concepto creado con éxito';
}

export const useCreateTipoConcepto = () => useGuardado(createTipoConcepto, clavesTiposConceptos.todas);
