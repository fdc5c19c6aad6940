import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of descuentos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesDescuentos = {
  todas: raicesConsulta.descuentos,
  lista: (codigoTienda: string, consulta: object) => [...clavesDescuentos.todas, 'lista', codigoTienda, consulta] as const,
  /** How many requests of the store wait for a decision (the menu's badge). */
  pendientes: (codigoTienda: string) => [...clavesDescuentos.todas, 'pendientes', codigoTienda] as const,
  /** One request with its state. */
  detalle: (codigoTienda: string, id: number) => [...clavesDescuentos.todas, 'detalle', codigoTienda, id] as const,
};
