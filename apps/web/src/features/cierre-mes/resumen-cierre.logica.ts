import { resumenCierreMesSchema, type FormaPagoTotal, type ResumenCierreMes } from '@tablero/domain';

/**
 * The summary a closing stored (the period's `resumen`, a jsonb the server wrote with resumenCierreMesSchema), or
 * null when it is missing or not that shape (nothing to show then, rather than wrong figures).
 */
export function leerResumen(resumen: unknown): ResumenCierreMes | null {
  const leido = resumenCierreMesSchema.safeParse(resumen);
  return leido.success ? leido.data : null;
}

/** The single figures a summary keeps, by the name the screen gives them. */
const CIFRAS: [keyof ResumenCierreMes, string][] = [
  ['ventas_siigo', 'Facturas electrónicas aceptadas'],
  ['iva_siigo', 'IVA de facturas aceptadas'],
  ['ventas_remision', 'Ventas remisión'],
  ['iva_remision', 'Impuestos de remisiones'],
  ['ventas_total', 'Ventas netas'],
  ['iva_total', 'IVA fiscal'],
  ['iva_por_aceptar', 'IVA por aceptar en la DIAN'],
  ['total_venta_bruta', 'Total facturado'],
  ['cantidad_ventas', 'Cantidad de ventas'],
  ['total_dinero_ventas', 'Dinero recibido por ventas'],
  ['total_abonos_credito', 'Abonos a crédito'],
  ['cantidad_pagos_proveedores', 'Cantidad de pagos a proveedores'],
  ['total_pagos_proveedores', 'Pagos a proveedores'],
  ['total_devoluciones', 'Devoluciones'],
];

/** Amounts compared to the centavo (both sides come from numeric(18,2)). */
const centavos = (valor: number) => Math.round(valor * 100);

function compararFormas(guardadas: readonly FormaPagoTotal[], actuales: readonly FormaPagoTotal[], prefijo: string): string[] {
  const porId = (formas: readonly FormaPagoTotal[]) => new Map(formas.map((forma) => [forma.forma_pago_id, forma]));
  const antes = porId(guardadas);
  const ahora = porId(actuales);
  const ids = [...new Set([...antes.keys(), ...ahora.keys()])].sort((a, b) => a - b);
  return ids
    .filter((id) => centavos(antes.get(id)?.valor_pagado ?? 0) !== centavos(ahora.get(id)?.valor_pagado ?? 0))
    .map((id) => `${prefijo} ${antes.get(id)?.nombre_forma_pago ?? ahora.get(id)?.nombre_forma_pago ?? id}`);
}

/**
 * What differs between the stored summary and today's figures of the same month: nothing for a month nobody could
 * write into after it was closed. A closed month showing differences means a figure moved anyway, and the screen
 * says which.
 */
export function diferenciasConResumen(resumen: ResumenCierreMes, actual: ResumenCierreMes): string[] {
  const diferencias = CIFRAS.filter(([clave]) => centavos(resumen[clave] as number) !== centavos(actual[clave] as number)).map(([, nombre]) => nombre);
  if (resumen.anuladas.cantidad !== actual.anuladas.cantidad || centavos(resumen.anuladas.total) !== centavos(actual.anuladas.total)) diferencias.push('Ventas anuladas');
  return [
    ...diferencias,
    ...compararFormas(resumen.lista_ventas_formas_pagos, actual.lista_ventas_formas_pagos, 'Ventas en'),
    ...compararFormas(resumen.lista_abonos_credito_formas_pagos, actual.lista_abonos_credito_formas_pagos, 'Abonos en'),
    ...compararFormas(resumen.lista_devoluciones_formas_pagos, actual.lista_devoluciones_formas_pagos, 'Devoluciones en'),
  ];
}
