/**
 * A partial return of a billed sale (docs/decisions-factura-electronica.md, "Devolución parcial"): some lines, or part
 * of a line's quantity, come back. The stock goes back in (inventario's door), an offcut line returned whole gives its
 * kept offcut back to the rack (retales' door; docs/decisions-retales.md), the amount is taken off the sale's credit
 * balance (cuentas-credito's door, a ledger movement) and what is left is given back as money by method (devoluciones'
 * door), what finds no place there goes to the customer's saldo a favor (abonos' door), and a sale with an electronic invoice gets a credit note of concept 1 with only the returned lines, queued to
 * wait for the invoice's acceptance as the annulment's note does. Every amount is the line's stored centavos cut at the
 * quantities returned (parteDevuelta), so the returns and a later annulment of the rest add up to the sale exactly.
 */
import {
  aCentavos,
  cantidadAdmitida,
  dePesos,
  ESTADOS_VENTA,
  formatearPesos,
  mensajeDevolucion,
  MENSAJES_DEVOLUCION_PARCIAL,
  parteDevuelta,
  type DevolucionCalculada,
  type DevolucionesVenta,
  type DevolucionForma,
  type DevolucionParcial,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as abonosService from '../abonos';
import * as cuentasCreditoService from '../cuentas-credito';
import * as devolucionesService from '../devoluciones';
import * as facturaElectronicaService from '../factura-electronica';
import * as inventarioService from '../inventario';
import * as periodosService from '../periodos';
import * as retalesInventario from '../retales';
import * as repositorio from './devolucion-parcial.repository';
import { formasDevolucionVenta } from './devolucion-venta.service';
import { findFacturacion } from './facturas.repository';
import { findVentaParaFacturar } from './facturar.repository';
import { documentoStockVenta } from './facturar.service';
import { lockVenta } from './pedidos.repository';

const ESTADOS_DEVOLUCION: readonly number[] = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];

function verificarFacturada(venta: { estado_venta_id: number }) {
  if (!ESTADOS_DEVOLUCION.includes(venta.estado_venta_id)) throw new AppError('DEVOLUCION_NO_FACTURADA');
}

/** Quantities have two decimals (DECIMALES_CANTIDAD_LINEA): compared and added in hundredths, never as floats. */
const centesimas = (cantidad: number | string) => aCentavos(cantidad);
const texto = (centavos: number) => (centavos / 100).toFixed(2);

interface LineaCalculada {
  venta_detalle_id: number;
  item: number;
  producto_id: number;
  nombre_producto: string;
  /** Services move no stock. */
  mueveStock: boolean;
  /** Nothing of the line is left to return after this return (earlier returns counted). */
  completa: boolean;
  cantidad: number;
  bruto: number;
  descuento: number;
  subtotal: number;
  impuesto: number;
  otros: number;
  total: number;
}

/**
 * The returned lines' amounts, refusing (422 on the field, nothing written) a line of another sale, a quantity beyond
 * what was billed less what came back before, and a fraction of a whole-unit product.
 */
async function calcularLineas(db: Db | Trx, ventaId: number, datos: DevolucionParcial): Promise<LineaCalculada[]> {
  const lineas = new Map((await repositorio.listLineasDevolucion(db, ventaId)).map((l) => [l.id, l]));
  return datos.lineas.map((pedida, n) => {
    const linea = lineas.get(pedida.venta_detalle_id);
    if (!linea) throw campoInvalido(`lineas.${n}.venta_detalle_id`, MENSAJES_DEVOLUCION_PARCIAL.lineaAjena(pedida.venta_detalle_id));
    const facturada = centesimas(linea.cantidad);
    const previa = centesimas(linea.devuelta);
    const cantidad = centesimas(pedida.cantidad);
    if (cantidad > facturada - previa) {
      throw campoInvalido(`lineas.${n}.cantidad`, MENSAJES_DEVOLUCION_PARCIAL.excede(linea.nombre_producto, dePesos(facturada - previa)));
    }
    const medida = linea.nombre_corto_tipo_medida !== null && linea.nombre_tipo_medida !== null ? { nombre_corto_tipo_medida: linea.nombre_corto_tipo_medida, nombre_tipo_medida: linea.nombre_tipo_medida } : null;
    if (!cantidadAdmitida(pedida.cantidad, medida)) throw campoInvalido(`lineas.${n}.cantidad`, MENSAJES_DEVOLUCION_PARCIAL.unidadesEnteras(linea.nombre_producto));
    const parte = parteDevuelta(
      { bruto: aCentavos(linea.valor_bruto), descuento: aCentavos(linea.valor_descuento), impuesto: aCentavos(linea.valor_impuesto), otros: aCentavos(linea.valor_otros_impuestos) },
      facturada,
      previa,
      cantidad,
    );
    return {
      venta_detalle_id: linea.id,
      item: linea.item,
      producto_id: linea.producto_id,
      nombre_producto: linea.nombre_producto,
      mueveStock: linea.grupo_servicio_id === null,
      completa: cantidad === facturada - previa,
      cantidad: dePesos(cantidad),
      ...parte,
    };
  });
}

/** The lines this return leaves with nothing more to return: an offcut line among them gives its offcut back. */
const completas = (lineas: LineaCalculada[]) => lineas.filter((l) => l.completa).map((l) => l.venta_detalle_id);

const sumar = (lineas: LineaCalculada[], campo: 'subtotal' | 'impuesto' | 'otros' | 'total') => lineas.reduce((t, l) => t + l[campo], 0);

/** How a return's total is given back: off the credit, as money by method, and the rest as saldo a favor (centavos). */
interface Reparto {
  credito: number;
  formas: DevolucionForma[];
  saldoFavor: number;
}

/**
 * How the return's total is given back: first off what the sale still owes on credit (a credit sale), then as money in
 * the methods that brought money and were not given back yet, in method id order (Efectivo first). What finds no place
 * there (a sale paid with an advance, or a credit sale already paid) goes to the customer's prepaid balance, the saldo a
 * favor, as Siigo and Alegra do: a return never dead-ends (docs/decisions-factura-electronica.md, "Devolución parcial").
 */
async function repartir(db: Db | Trx, ventaId: number, total: number, credito: number): Promise<Reparto> {
  const aCredito = Math.min(total, credito);
  let resto = total - aCredito;
  const formas: DevolucionForma[] = [];
  for (const forma of await formasDevolucionVenta(db, ventaId)) {
    if (resto <= 0) break;
    const aplica = Math.min(resto, aCentavos(forma.valor));
    formas.push({ ...forma, valor: dePesos(aplica) });
    resto -= aplica;
  }
  return { credito: aCredito, formas, saldoFavor: resto };
}

function respuesta(
  ventaId: number,
  id: number | null,
  lineas: LineaCalculada[],
  { credito, formas, saldoFavor }: Reparto,
  conNota: boolean,
  nota: string | null,
  retales: readonly string[],
): DevolucionCalculada {
  const mensajes = [
    ...(credito > 0 ? [MENSAJES_DEVOLUCION_PARCIAL.credito(formatearPesos(dePesos(credito)))] : []),
    ...(formas.length > 0 || (credito === 0 && saldoFavor === 0) ? [mensajeDevolucion(formas)] : []),
    ...(saldoFavor > 0 ? [MENSAJES_DEVOLUCION_PARCIAL.saldoFavor(formatearPesos(dePesos(saldoFavor)))] : []),
    ...(retales.length > 0 ? [MENSAJES_DEVOLUCION_PARCIAL.retales(retales)] : []),
  ];
  return {
    venta_id: ventaId,
    id,
    lineas: lineas.map((l) => ({
      venta_detalle_id: l.venta_detalle_id,
      item: l.item,
      nombre_producto: l.nombre_producto,
      cantidad: l.cantidad,
      valor_bruto: dePesos(l.bruto),
      valor_descuento: dePesos(l.descuento),
      valor_subtotal: dePesos(l.subtotal),
      valor_impuesto: dePesos(l.impuesto),
      valor_otros_impuestos: dePesos(l.otros),
      valor_total: dePesos(l.total),
    })),
    valor_subtotal: dePesos(sumar(lineas, 'subtotal')),
    valor_impuesto: dePesos(sumar(lineas, 'impuesto')),
    valor_otros_impuestos: dePesos(sumar(lineas, 'otros')),
    valor_total: dePesos(sumar(lineas, 'total')),
    valor_credito: dePesos(credito),
    formas,
    valor_saldo_favor: dePesos(saldoFavor),
    mensaje: mensajes.join('. '),
    con_nota_credito: conNota,
    nota_credito: nota,
  };
}

async function ventaDevolvible(db: Db | Trx, actor: Actor, ventaId: number) {
  const venta = await findVentaParaFacturar(db, ventaId, tiendaDelActor(actor));
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  verificarFacturada(venta);
  return venta;
}

/** POST facturas/{venta_id}/devoluciones/previa: what the return would give back now, computed as the write does. */
export async function previaDevolucionParcial(db: Db, actor: Actor, ventaId: number, datos: DevolucionParcial): Promise<DevolucionCalculada> {
  await ventaDevolvible(db, actor, ventaId);
  const lineas = await calcularLineas(db, ventaId, datos);
  const reparto = await repartir(db, ventaId, sumar(lineas, 'total'), await cuentasCreditoService.saldoCreditoVenta(db, ventaId));
  const conNota = await facturaElectronicaService.tieneFacturaElectronica(db, ventaId);
  const retales = await retalesInventario.retalesQueVuelven(db, ventaId, completas(lineas));
  return respuesta(ventaId, null, lineas, reparto, conNota, null, retales);
}

/**
 * POST facturas/{venta_id}/devoluciones (SuperAdministrador, as the annulment: spec 000 §6): one transaction under the
 * lock order (docs/architecture.md §3), as the annulment takes it: the periods of today and of the bill (0), the stock
 * back in (1–3, type DEVOLUCION under the sale's document), the credit balance (5), then the sale locked (6) and checked
 * again (still billed, and the same quantities left to return: a second return that committed meanwhile is seen here),
 * the kept offcuts of the offcut lines it returns whole (8a, retales' door), the return's rows, its credit note after
 * the invoice's row (the order Timbrar takes), and the money given back last.
 */
export async function registrarDevolucionParcial(
  trx: Trx,
  actor: Actor,
  ventaId: number,
  datos: DevolucionParcial,
  cola: facturaElectronicaService.ColaTrabajos,
): Promise<{ devolucion: DevolucionCalculada; nota: facturaElectronicaService.NotaCreditoEnCola | null }> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await ventaDevolvible(trx, actor, ventaId);
  const lineas = await calcularLineas(trx, ventaId, datos);
  const total = sumar(lineas, 'total');
  // A first figure: what is taken off the credit is decided again under the account's lock.
  const saldoCredito = await cuentasCreditoService.saldoCreditoVenta(trx, ventaId);
  const facturacion = await findFacturacion(trx, ventaId);
  await periodosService.exigirPeriodosAbiertos(trx, codigoTienda, [new Date(), ...(facturacion?.fecha_factura ? [facturacion.fecha_factura] : [])]);

  const descripcion = `Devolución parcial de la venta No. ${ventaId}`;
  await inventarioService.moverStockVarios(trx, {
    codigoTienda,
    tipo: 'DEVOLUCION',
    userId: actor.userId,
    motivo: descripcion,
    documento: documentoStockVenta(ventaId),
    cambios: lineas.filter((l) => l.mueveStock).map((l) => ({ productoId: l.producto_id, cantidad: l.cantidad })),
  });
  // The customer's prepaid balance (4) before the credit account (5): the saldo a favor is known only under the sale's lock.
  await abonosService.bloquearSaldoAbono(trx, venta.cliente_id);
  const aCredito = Math.min(total, saldoCredito);
  const credito = aCredito > 0 ? await cuentasCreditoService.devolverCreditoVenta(trx, { ventaId, centavos: aCredito, descripcion }, actor) : 0;

  const bloqueada = await lockVenta(trx, ventaId, codigoTienda);
  if (!bloqueada) throw new AppError('VENTA_NO_ENCONTRADA');
  verificarFacturada(bloqueada);
  const otraVez = await calcularLineas(trx, ventaId, datos);
  if (JSON.stringify(otraVez) !== JSON.stringify(lineas)) throw new AppError('DEVOLUCION_CAMBIO');
  // The same return sent twice at once computes the same amounts when enough is left (one board of two each time):
  // what tells them apart is the returns the dialog saw, counted here under the sale's lock, after the other committed.
  if (datos.devoluciones_previas !== undefined && (await repositorio.contarDevoluciones(trx, ventaId)) !== datos.devoluciones_previas) {
    throw new AppError('DEVOLUCION_CAMBIO');
  }
  // docs/decisions-retales.md, "La venta": a line returned whole gives back the kept offcut it sold. After the sale (6)
  // and before the credit note's document (10), as the lock order places offcuts (8a).
  const retales = await retalesInventario.devolverRetalesDeLineas(trx, actor, ventaId, completas(lineas));
  const { formas, saldoFavor } = await repartir(trx, ventaId, total - credito, 0);
  const dinero = formas.reduce((t, f) => t + aCentavos(f.valor), 0);

  const id = await repositorio.insertDevolucion(trx, {
    venta_id: ventaId,
    codigo_tienda: codigoTienda,
    user_id: actor.userId,
    motivo: datos.motivo,
    valor_subtotal: texto(sumar(lineas, 'subtotal')),
    valor_impuesto: texto(sumar(lineas, 'impuesto')),
    valor_otros_impuestos: texto(sumar(lineas, 'otros')),
    valor_total: texto(total),
    valor_credito: texto(credito),
    valor_dinero: texto(dinero),
    valor_saldo_favor: texto(saldoFavor),
    lineas: lineas.map((l) => ({
      venta_detalle_id: l.venta_detalle_id,
      producto_id: l.producto_id,
      cantidad: l.cantidad.toFixed(2),
      valor_bruto: texto(l.bruto),
      valor_descuento: texto(l.descuento),
      valor_subtotal: texto(l.subtotal),
      valor_impuesto: texto(l.impuesto),
      valor_otros_impuestos: texto(l.otros),
      valor_total: texto(l.total),
    })),
  });
  // A remission issues no DIAN document: registrarNotaCreditoDevolucion answers null for a sale without an invoice document.
  const nota = await facturaElectronicaService.registrarNotaCreditoDevolucion(trx, actor, ventaId, { devolucionId: id, motivo: datos.motivo }, cola);
  // The money goes back today, as money out of today's cash, under the sale (origin 'venta'): its annulment later gives
  // back only the rest of each method (formasDevolucionVenta).
  await devolucionesService.registrarDevolucion(trx, actor, 'venta', ventaId, formas, id);
  if (saldoFavor > 0) {
    await abonosService.abonarDevolucionVenta(trx, { terceroId: venta.cliente_id, ventaId, valor: dePesos(saldoFavor), descripcion: `Devolución No. ${id} de la venta ${ventaId}` }, actor);
  }
  return { devolucion: respuesta(ventaId, id, lineas, { credito, formas, saldoFavor }, nota !== null, nota?.numero ?? null, retales), nota };
}

/** GET facturas/{venta_id}/devoluciones: the sale's lines with what may still come back, and its returns. */
export async function devolucionesDeVenta(db: Db, actor: Actor, ventaId: number): Promise<DevolucionesVenta> {
  const venta = await findVentaParaFacturar(db, ventaId, tiendaDelActor(actor));
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  const [lineas, devoluciones, detalle, formas, conNota] = await Promise.all([
    repositorio.listLineasDevolucion(db, ventaId),
    repositorio.listDevoluciones(db, ventaId),
    repositorio.listLineasDeDevoluciones(db, ventaId),
    repositorio.listFormasDeDevoluciones(db, ventaId),
    facturaElectronicaService.tieneFacturaElectronica(db, ventaId),
  ]);
  return {
    venta_id: ventaId,
    con_nota_credito: conNota,
    lineas: lineas.map((l) => ({
      venta_detalle_id: l.id,
      item: l.item,
      referencia: l.referencia,
      nombre_producto: l.nombre_producto,
      unidades_enteras: !cantidadAdmitida(0.5, l.nombre_corto_tipo_medida !== null && l.nombre_tipo_medida !== null ? { nombre_corto_tipo_medida: l.nombre_corto_tipo_medida, nombre_tipo_medida: l.nombre_tipo_medida } : null),
      precio_unitario: Number(l.precio_unitario),
      cantidad_facturada: Number(l.cantidad),
      cantidad_devuelta: Number(l.devuelta),
      cantidad_disponible: dePesos(centesimas(l.cantidad) - centesimas(l.devuelta)),
      valor_total: Number(l.valor_total),
    })),
    devoluciones: devoluciones.map((d) => ({
      id: d.id,
      fecha: d.created_at.toISOString(),
      nombre_usuario: d.nombre_usuario,
      motivo: d.motivo,
      valor_total: Number(d.valor_total),
      valor_credito: Number(d.valor_credito),
      valor_dinero: Number(d.valor_dinero),
      valor_saldo_favor: Number(d.valor_saldo_favor),
      formas: formas
        .filter((f) => f.devolucion_venta_id === d.id)
        .map((f) => ({ forma_pago_id: f.forma_pago_id, nombre_forma_pago: f.nombre_forma_pago, valor: Number(f.valor) })),
      nota_credito: d.nota_credito,
      estado_nota: d.estado_nota,
      lineas: detalle
        .filter((l) => l.devolucion_venta_id === d.id)
        .map((l) => ({ venta_detalle_id: l.venta_detalle_id, item: l.item, nombre_producto: l.nombre_producto, cantidad: Number(l.cantidad), valor_total: Number(l.valor_total) })),
    })),
  };
}
