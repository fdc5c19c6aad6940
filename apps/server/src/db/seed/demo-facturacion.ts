import { aCentavos, ajusteRedondeo, dePesos, facturarSchema, hoyNegocio, PARAMETRO_REDONDEO_EFECTIVO, rangoNumeracionGuardarSchema, UNIDAD_REDONDEO_POR_DEFECTO } from '@tablero/domain';
import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as numeracionService from '../../modules/numeracion';
import * as parametrosService from '../../modules/parametros';
import * as usuariosService from '../../modules/usuarios';
import * as ventasService from '../../modules/ventas';
import { CLAVE_TECNICA_HABILITACION } from './demo-factura-electronica';
import { guardarPedidoDemo } from './demo-ventas';

/**
 * Numbering ranges of both demo stores (spec 000 §3 Numbering range): an electronic invoice range with a plausible DIAN
 * resolution valid to 2027-12-31 and DIAN's habilitación technical key, a remission range and a POS range each.
 */
const RANGOS_DEMO = [
  { codigo_tienda: '001', tipo_documento: 'FACTURA', prefijo: 'FE', numero_desde: 1, numero_hasta: 5000, resolucion_numero: '18764061234567', resolucion_fecha: '2025-12-01', clave_tecnica: CLAVE_TECNICA_HABILITACION, fecha_desde: '2025-12-01', fecha_hasta: '2027-12-31' },
  { codigo_tienda: '001', tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 1, numero_hasta: 100_000 },
  { codigo_tienda: '002', tipo_documento: 'FACTURA', prefijo: 'FEB', numero_desde: 1, numero_hasta: 3000, resolucion_numero: '18764061234890', resolucion_fecha: '2025-12-01', clave_tecnica: CLAVE_TECNICA_HABILITACION, fecha_desde: '2025-12-01', fecha_hasta: '2027-12-31' },
  { codigo_tienda: '002', tipo_documento: 'REMISION', prefijo: 'REMB', numero_desde: 1, numero_hasta: 100_000 },
  // The POS equivalent document's ranges (docs/decisions-factura-electronica.md, "Documento equivalente POS"): their own
  // DIAN resolution and prefix; no technical key (the POS document's CUDE uses the software PIN).
  { codigo_tienda: '001', tipo_documento: 'POS', prefijo: 'POS', numero_desde: 1, numero_hasta: 50_000, resolucion_numero: '18764061235012', resolucion_fecha: '2025-12-01', fecha_desde: '2025-12-01', fecha_hasta: '2027-12-31' },
  { codigo_tienda: '002', tipo_documento: 'POS', prefijo: 'POSB', numero_desde: 1, numero_hasta: 50_000, resolucion_numero: '18764061235013', resolucion_fecha: '2025-12-01', fecha_desde: '2025-12-01', fecha_hasta: '2027-12-31' },
] as const;

const EFECTIVO = 1;
const TARJETA_DEBITO = 2;
const TRANSFERENCIA = 4;
const CREDITO = 6;
const ANTICIPO = 8;

/** Cash handed over: the total rounded up to the next 10,000 pesos (what a customer pays with bills). */
const billetes = (valor: number) => Math.ceil(valor / 10_000) * 10_000;

/**
 * Demo data of billing: the stores' numbering ranges, and a handful of orders billed through the billing service (cash
 * with change, card and cash as an electronic invoice, the prepaid balance, a credit invoice, a transfer in store 002)
 * and one annulled, so the billing list's Facturado and Anulado filters show rows on a fresh start.
 * Runs inside demo.ts's transaction, after the selling demo data.
 */
export async function cargarFacturacionDemo(db: Trx): Promise<void> {
  const sistema = actorSistema();
  for (const rango of RANGOS_DEMO) await numeracionService.crearRango(db, sistema, rangoNumeracionGuardarSchema.parse(rango));

  const vendedorId = await usuariosService.idPorEmail(db, 'vendedor@tablero.test');
  const superId = await usuariosService.idPorEmail(db, 'superadmin@tablero.test');
  if (vendedorId === undefined || superId === undefined) throw new Error('Faltan los usuarios de demostración');
  const cajero = (tienda: string): Actor => ({ ...actorSistema(tienda), userId: vendedorId, role: 'Vendedor' });
  const hoy = hoyNegocio();
  // The cash rounding's parameter comes with its migration; a database without its row (the API tests' template) gets
  // the default here, so the demo bills as every store does (docs/decisions-redondeo-envios.md).
  if ((await parametrosService.leerUnidadRedondeoEfectivo(db)) === null) {
    await parametrosService.crearParametro(db, sistema, { codigo_parametro: PARAMETRO_REDONDEO_EFECTIVO, valor_parametro: String(UNIDAD_REDONDEO_POR_DEFECTO) });
  }
  const unidadRedondeo = (await parametrosService.leerUnidadRedondeoEfectivo(db)) ?? undefined;

  const facturar = async (
    actor: Actor,
    pedido: Parameters<typeof guardarPedidoDemo>[2],
    pagos: (total: number) => { id_forma_pago: number; valor_pagado: number; comprobante_id?: string }[],
    opciones: { crear_factura_siigo?: boolean; crear_venta_credito?: boolean; valor_recibido?: (total: number) => number } = {},
  ) => {
    const { venta_id, version, total_venta } = await guardarPedidoDemo(db, actor, pedido);
    const cuerpo = facturarSchema.parse({
      version,
      crear_factura_siigo: opciones.crear_factura_siigo ?? false,
      crear_venta_credito: opciones.crear_venta_credito ?? false,
      formaPagoList: cobroRedondeado(total_venta, pagos(total_venta), unidadRedondeo),
      valor_recibido: opciones.valor_recibido?.(total_venta) ?? null,
    });
    await ventasService.facturarVenta(db, actor, venta_id, cuerpo, hoy);
    return venta_id;
  };

  const principal = cajero('001');
  await facturar(
    principal,
    { cliente: '43876512', estado: 1, lineas: [['MEL-BL-18', 2], ['TC-BL-22X045R', 16.4], ['SERVICOR1', 2], ['SERVIENC02', 16.4]], tareas: [] },
    (total) => [{ id_forma_pago: EFECTIVO, valor_pagado: total }],
    { valor_recibido: billetes },
  );
  await facturar(
    principal,
    { cliente: '98562314', estado: 1, lineas: [['MDF-CR-9', 3], ['SERVICOR1', 3]], tareas: [] },
    (total) => [
      { id_forma_pago: TARJETA_DEBITO, valor_pagado: 200_000, comprobante_id: '004512' },
      { id_forma_pago: EFECTIVO, valor_pagado: Math.round((total - 200_000) * 100) / 100 },
    ],
    { crear_factura_siigo: true, valor_recibido: (total) => billetes(total - 200_000) },
  );
  // María Fernanda's prepaid balance pays part of her order.
  await facturar(
    principal,
    { cliente: '43876512', estado: 1, lineas: [['MEL-GG-15', 1]], tareas: [] },
    (total) => [
      { id_forma_pago: ANTICIPO, valor_pagado: 100_000 },
      { id_forma_pago: EFECTIVO, valor_pagado: Math.round((total - 100_000) * 100) / 100 },
    ],
  );
  // A credit invoice of the carpentry with a credit account, its order saved as Contado: the bill makes it a credit sale,
  // an electronic invoice due after the account's term (docs/decisions-factura-electronica.md, "Venta a crédito").
  await facturar(principal, { cliente: '900456789', estado: 1, lineas: [['MEL-BL-18', 6], ['SERVICOR1', 6]], tareas: [] }, (total) => [{ id_forma_pago: CREDITO, valor_pagado: total }], {
    crear_factura_siigo: true,
    crear_venta_credito: true,
  });
  const anulada = await facturar(principal, { cliente: '98562314', estado: 1, lineas: [['MEL-GG-15', 2]], tareas: [] }, (total) => [{ id_forma_pago: EFECTIVO, valor_pagado: total }]);
  await ventasService.anularVenta(db, { ...actorSistema('001'), userId: superId }, anulada);

  await facturar(cajero('002'), { cliente: '98562314', estado: 1, lineas: [['MDF-CR-9', 1]], tareas: [] }, (total) => [
    { id_forma_pago: TRANSFERENCIA, valor_pagado: total, comprobante_id: 'TRF-88213' },
  ]);
}

/**
 * The rows as the bill dialog leaves them: the last cash row takes the cash rounding (docs/decisions-redondeo-envios.md),
 * so the demo's cash sales with centavos bill as a cashier would bill them.
 */
function cobroRedondeado<F extends { id_forma_pago: number; valor_pagado: number }>(total: number, filas: F[], unidad: number | undefined): F[] {
  const ajuste = ajusteRedondeo(total, filas.map((fila) => ({ forma: { id: fila.id_forma_pago }, valor: fila.valor_pagado })), unidad);
  const ultima = filas.map((fila) => fila.id_forma_pago).lastIndexOf(EFECTIVO);
  if (ajuste === 0 || ultima < 0) return filas;
  return filas.map((fila, n) => (n === ultima ? { ...fila, valor_pagado: dePesos(aCentavos(fila.valor_pagado) + aCentavos(ajuste)) } : fila));
}
