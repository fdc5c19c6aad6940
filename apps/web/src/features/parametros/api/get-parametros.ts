import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Parametro, parametrosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { paginarParametros, type OrdenParametro } from './paginar-parametros';

import { clavesParametros } from './claves';

export type { OrdenParametro } from './paginar-parametros';

/** GET /api/parametros: every parameter, by code (spec 001 §7 answers the whole list; the screen pages it, §9). */
export async function getParametros(): Promise<Parametro[]> {
  const respuesta = await api.get<z.infer<typeof parametrosRespuestaSchema>>('parametros');
  return respuesta.data.parametros;
}

export function parametrosQueryOptions() {
  return queryOptions({ queryKey: clavesParametros.lista(), queryFn: getParametros });
}

/** The parameters screen's page: the whole list loaded once, searched, sorted and paged on the client. */
export function useParametrosPagina(consulta: ParametrosLista<OrdenParametro>) {
  const { page, per_page, query, orden, direccion } = consulta;
  const seleccionar = useCallback(
    (todos: Parametro[]) =>
      paginarParametros(todos, { page, per_page, ...(query ? { query } : {}), ...(orden ? { orden, direccion: direccion ?? 'asc' } : {}) }),
    [page, per_page, query, orden, direccion],
  );
  return useQuery({ ...parametrosQueryOptions(), select: seleccionar });
}
