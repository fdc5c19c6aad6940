import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipoMedida, tiposMedidasRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesTiposMedidas } from './claves';

/** GET /api/maestros/tipos-medidas → data.tipos_medidas. */
export async function getTiposMedidas(): Promise<TipoMedida[]> {
  return (await api.get<z.infer<typeof tiposMedidasRespuestaSchema>>('maestros/tipos-medidas')).data.tipos_medidas;
}
export const tiposMedidasQueryOptions = () => queryOptions({ queryKey: clavesTiposMedidas.lista(), queryFn: getTiposMedidas });
export const useTiposMedidas = () => useQuery(tiposMedidasQueryOptions());
