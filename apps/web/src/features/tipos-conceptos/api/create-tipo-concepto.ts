import { useGuardado } from '@/lib/guardado';
import type { TipoConceptoGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesTiposConceptos } from './claves';

/** POST /api/maestros/tipos-conceptos/guardar {nombre_tipo_concepto}; answers the success message. */
export async function createTipoConcepto(datos: TipoConceptoGuardar): Promise<string> {
  const respuesta = await api.post<{ id: number }>('maestros/tipos-conceptos/guardar', datos);
  return respuesta.message ?? 'Tipo de concepto creado con éxito';
}

export const useCreateTipoConcepto = () => useGuardado(createTipoConcepto, clavesTiposConceptos.todas);
