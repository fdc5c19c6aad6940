import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of cuentas-credito: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesCuentasCredito = {
  todas: raicesConsulta.cuentasCredito,
  lista: (consulta: object) => [...clavesCuentasCredito.todas, 'lista', consulta] as const,
  documento: (numeroDocumento: string) => [...clavesCuentasCredito.todas, 'documento', numeroDocumento] as const,
  tercero: (terceroId: number) => [...clavesCuentasCredito.todas, 'tercero', terceroId] as const,
  // Spec 002 Créditos: the same accounts seen as credits, their movements, pending sales and aging.
  creditos: (consulta: object) => [...clavesCuentasCredito.todas, 'creditos', consulta] as const,
  movimientos: (creditoId: number, consulta: object) => [...clavesCuentasCredito.todas, 'movimientos', creditoId, consulta] as const,
  ventasPendientes: (creditoId: number) => [...clavesCuentasCredito.todas, 'ventas-pendientes', creditoId] as const,
  cartera: (consulta: object) => [...clavesCuentasCredito.todas, 'cartera', consulta] as const,
  /** A customer's advance balance as the credit payment form shows it (the advances screen saves refresh it). */
  saldoAnticipo: (clienteId: number) => [...clavesCuentasCredito.todas, 'saldo-anticipo', clienteId] as const,
};
