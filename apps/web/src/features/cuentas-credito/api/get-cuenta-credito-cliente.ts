import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CuentaCreditoCliente } from '@tablero/domain';
import { api } from '@/lib/api-client';

/** POST /api/cuentas-credito/cliente {documento_cliente}: the account, its credit invoices and payments (404 when none). */
export async function getCuentaCreditoCliente(documento: string): Promise<CuentaCreditoCliente> {
  const respuesta = await api.post<CuentaCreditoCliente>('cuentas-credito/cliente', { documento_cliente: documento });
  return respuesta.data;
}

export function cuentaCreditoClienteQueryOptions(documento: string) {
  return queryOptions({
    queryKey: ['cuentas-credito', 'cliente', documento],
    queryFn: () => getCuentaCreditoCliente(documento),
    staleTime: 0,
  });
}

export function useCuentaCreditoCliente(documento: string) {
  return useQuery(cuentaCreditoClienteQueryOptions(documento));
}
