import type { CuentasCreditoConsulta } from './get-cuentas-credito';

/** The query keys of cuentas-credito: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesCuentasCredito = {
  todas: ['cuentas-credito'] as const,
  lista: (consulta: CuentasCreditoConsulta) => [...clavesCuentasCredito.todas, 'lista', consulta] as const,
  documento: (numeroDocumento: string) => [...clavesCuentasCredito.todas, 'documento', numeroDocumento] as const,
  tercero: (terceroId: number) => [...clavesCuentasCredito.todas, 'tercero', terceroId] as const,
  clientes: (texto: string) => [...clavesCuentasCredito.todas, 'clientes', texto] as const,
};
