import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CuentaCreditoCliente } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesCuentasCredito } from './claves';

/**
 * GET /api/cuentas-credito/tercero/{tercero_id}: one customer's account with its credit invoices and payments (404
 * when the customer has none). The detail screen opens accounts by customer: a document number may be two customers.
 */
export async function getCuentaCreditoTercero(terceroId: number): Promise<CuentaCreditoCliente> {
  const respuesta = await api.get<CuentaCreditoCliente>(`cuentas-credito/tercero/${terceroId}`);
  return respuesta.data;
}

export function cuentaCreditoTerceroQueryOptions(terceroId: number) {
  return queryOptions({
    queryKey: clavesCuentasCredito.tercero(terceroId),
    queryFn: () => getCuentaCreditoTercero(terceroId),
    staleTime: 0,
  });
}

export function useCuentaCreditoTercero(terceroId: number) {
  return useQuery(cuentaCreditoTerceroQueryOptions(terceroId));
}
