import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CuentaCredito, OrdenCuentaCredito, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesCuentasCredito } from './claves';

/** A page of the list: page, size, search (document prefix or names of the customer), sort. */
export interface CuentasCreditoConsulta extends Partial<ParametrosLista<OrdenCuentaCredito>> {
  page: number;
  /** Exactly this document number: the accounts of every customer with it (CC 123 and NIT 123 are two). */
  numero_documento?: string;
}

/** GET /api/cuentas-credito?page&per_page&query&orden&direccion&numero_documento: one page of credit accounts. */
export function getCuentasCredito(consulta: CuentasCreditoConsulta, signal?: AbortSignal): Promise<Pagina<CuentaCredito>> {
  return leerPagina<CuentaCredito>('cuentas-credito', 'cuentas_credito', consulta, signal);
}

export function cuentasCreditoQueryOptions(consulta: CuentasCreditoConsulta) {
  return opcionesPagina(clavesCuentasCredito.lista(consulta), (signal) => getCuentasCredito(consulta, signal), { fresca: true });
}

export function useCuentasCredito(consulta: CuentasCreditoConsulta) {
  return useQuery(cuentasCreditoQueryOptions(consulta));
}

/**
 * The accounts of every customer with exactly this document number (docs/decisions-creditos.md 'Cuentas y cupos'): the detail screen opens the one there
 * is, or asks which when customers of several document types share the number. Never a placeholder from another number.
 */
export function useCuentasPorDocumento(numeroDocumento: string, opciones: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: clavesCuentasCredito.documento(numeroDocumento),
      queryFn: async ({ signal }) => (await getCuentasCredito({ page: 1, numero_documento: numeroDocumento }, signal)).data,
      staleTime: 0,
      enabled: opciones.enabled,
    }),
  );
}
