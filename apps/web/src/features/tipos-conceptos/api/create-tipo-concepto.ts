import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TipoConceptoGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesTiposConceptos } from './claves';

/** POST /api/maestros/tipos-conceptos/guardar {nombre_tipo_concepto}; answers the success message. */
export async function createTipoConcepto(datos: TipoConceptoGuardar): Promise<string> {
  const respuesta = await api.post<{ id: number }>('maestros/tipos-conceptos/guardar', datos);
  return respuesta.message ?? 'Tipo de concepto creado con éxito';
}

export function useCreateTipoConcepto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTipoConcepto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clavesTiposConceptos.todas }),
  });
}
