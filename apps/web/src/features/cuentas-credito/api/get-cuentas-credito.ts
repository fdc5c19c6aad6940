import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CuentaCredito, Pagina } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface CuentasCreditoConsulta {
  page: number;
  /** Document (prefix) or names of the customer. */
  query?: string;
}

/** GET /api/cuentas-credito?page&query: one page of credit accounts, newest first. */
export async function getCuentasCredito({ page, query }: CuentasCreditoConsulta, signal?: AbortSignal): Promise<Pagina<CuentaCredito>> {
  const respuesta = await api.get<{ cuentas_credito: Pagina<CuentaCredito> }>('cuentas-credito', {
    query: { page, query },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.cuentas_credito;
}

export function cuentasCreditoQueryOptions(consulta: CuentasCreditoConsulta) {
  return queryOptions({
    queryKey: ['cuentas-credito', 'lista', consulta],
    queryFn: ({ signal }) => getCuentasCredito(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCuentasCredito(consulta: CuentasCreditoConsulta) {
  return useQuery(cuentasCreditoQueryOptions(consulta));
}
