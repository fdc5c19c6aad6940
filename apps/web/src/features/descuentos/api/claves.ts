import type { DescuentosSolicitadosConsulta } from './get-descuentos-solicitados';

/** The query keys of descuentos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesDescuentos = {
  todas: ['descuentos'] as const,
  lista: (codigoTienda: string, consulta: DescuentosSolicitadosConsulta) => [...clavesDescuentos.todas, 'lista', codigoTienda, consulta] as const,
  /** How many requests of the store wait for a decision (the menu's badge). */
  pendientes: (codigoTienda: string) => [...clavesDescuentos.todas, 'pendientes', codigoTienda] as const,
  /** One request with its state. */
  detalle: (codigoTienda: string, id: number) => [...clavesDescuentos.todas, 'detalle', codigoTienda, id] as const,
};
