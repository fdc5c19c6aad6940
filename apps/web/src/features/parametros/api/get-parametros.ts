import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Parametro } from '@tablero/domain';
import { api } from '@/lib/api-client';

/** GET /api/parametros: every parameter, by code (the screen pages them itself, spec 001 §9). */
export async function getParametros(): Promise<Parametro[]> {
  const respuesta = await api.get<{ parametros: Parametro[] }>('parametros');
  return respuesta.data.parametros;
}

export function parametrosQueryOptions() {
  return queryOptions({ queryKey: ['parametros'], queryFn: getParametros });
}

export function useParametros() {
  return useQuery(parametrosQueryOptions());
}
