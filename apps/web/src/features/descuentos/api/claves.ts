import type { DescuentosSolicitadosConsulta } from './get-descuentos-solicitados';

/** The query keys of descuentos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesDescuentos = {
  todas: ['descuentos'] as const,
  lista: (codigoTienda: string, consulta: DescuentosSolicitadosConsulta) => [...clavesDescuentos.todas, 'lista', codigoTienda, consulta] as const,
};
