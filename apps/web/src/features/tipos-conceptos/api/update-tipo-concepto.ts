import { useGuardado } from '@/lib/guardado';
import type { TipoConceptoGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesTiposConceptos } from './claves';

export interface UpdateTipoConceptoDatos extends TipoConceptoGuardar {
  id: number;
}

/** PUT /api/maestros/tipos-conceptos/{id}/actualizar {nombre_tipo_concepto}; answers the success message. */
export async function updateTipoConcepto({ id, nombre_tipo_concepto }: UpdateTipoConceptoDatos): Promise<string> {
  const respuesta = await api.put<null>(`maestros/tipos-conceptos/${id}/actualizar`, { nombre_tipo_concepto });
  return respuesta.message ?? 'Tipo de concepto actualizado con éxito';
}

export const useUpdateTipoConcepto = () => useGuardado(updateTipoConcepto, clavesTiposConceptos.todas);
