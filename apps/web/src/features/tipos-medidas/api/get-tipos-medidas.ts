import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipoMedida } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesTiposMedidas } from './claves';

/** GET /api/maestros/tipos-medidas → data.tipos_medidas. */
export async function getTiposMedidas(): Promise<TipoMedida[]> {
  return (await api.get<{ tipos_medidas: TipoMedida[] }>('maestros/tipos-medidas')).data.tipos_medidas;
}
export const tiposMedidasQueryOptions = () => queryOptions({ queryKey: clavesTiposMedidas.lista(), queryFn: getTiposMedidas });
export const useTiposMedidas = () => useQuery(tiposMedidasQueryOptions());
