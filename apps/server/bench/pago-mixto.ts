// The benchmarks' bill (bench:facturar, bench:carga): what a cashier sends for a sale paid half by card and the rest in
// cash, as the bill dialog builds it.
import { redondearCentavosEfectivo, UNIDAD_REDONDEO_POR_DEFECTO } from '@tablero/domain';

/**
 * POST facturas/{id}/forma-pago's body: the card pays the whole pesos of half the total; the cash the rest, rounded
 * down to the unit as the bill rounds it (docs/decisions-redondeo-envios.md; the benchmarks' chains keep the default
 * unit), handed over in 10,000 bills.
 */
export function pagoMixto(total: string): object {
  const centavos = Math.round(Number(total) * 100);
  const tarjeta = Math.floor(centavos / 200) * 100;
  const efectivo = redondearCentavosEfectivo(centavos - tarjeta, UNIDAD_REDONDEO_POR_DEFECTO);
  return {
    crear_factura_siigo: false,
    crear_venta_credito: false,
    modo_factura: 'C',
    formaPagoList: [
      { id_forma_pago: 2, valor_pagado: tarjeta / 100, comprobante_id: 'VOU-1' },
      { id_forma_pago: 1, valor_pagado: efectivo / 100 },
    ],
    valor_recibido: Math.ceil(efectivo / 1_000_000) * 10_000,
  };
}
