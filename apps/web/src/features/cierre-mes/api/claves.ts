import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of cierre-mes: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesCierreMes = {
  todas: raicesConsulta.cierreMes,
  mes: (codigoTienda: string, mes: string) => [...clavesCierreMes.todas, 'mes', codigoTienda, mes] as const,
  ventasMes: (codigoTienda: string, mes: string, consulta: object) => [...clavesCierreMes.todas, 'ventas-mes', codigoTienda, mes, consulta] as const,
  ventasFormaPago: (codigoTienda: string, mes: string, formaPagoId: number, pagina: number) =>
    [...clavesCierreMes.todas, 'ventas-forma-pago', codigoTienda, mes, formaPagoId, pagina] as const,
};
