import {
  aCentavos,
  calcularTotalesVenta,
  DIAS_VALIDEZ_COTIZACION_DEFECTO,
  ESTADOS_VENTA,
  formatearFecha,
  hoyNegocio,
  MENSAJES_COTIZACION,
  PARAMETRO_DIAS_VALIDEZ_COTIZACION,
  sumarDias,
  type ConversionCotizacion,
  type ConvertirCotizacion,
  type CotizacionesConsulta,
  type FilaCotizacion,
  type Pagina,
  type RetalMedidas,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import type { PlanCorteGuardado } from '../../documents/corte-comun';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import type { ContextoDocumentoPublico } from '../../lib/enlaces';
import * as corteService from '../corte';
import * as parametrosService from '../parametros';
import * as productosService from '../productos';
import * as retalesInventario from '../retales';
import * as repositorio from './cotizaciones.repository';
import { datosDocumentoDeVenta } from './documento-venta.service';
import { ENLACE_COTIZACION } from './enlaces-factura';
import * as pedidosRepositorio from './pedidos.repository';
import * as retalesService from './retales.service';
import { listTareasDeVenta } from './ventas.repository';

/**
 * The validity a quotation is saved with (docs/decisions-cotizaciones.md): the seller's date, never before today, or
 * today + DIAS_VALIDEZ_COTIZACION (15 when the parameter is missing or not a whole number of days).
 */
export async function fechaValidezDeGuardado(db: Db, fecha: string | null): Promise<string> {
  const hoy = hoyNegocio();
  if (fecha !== null) {
    if (fecha < hoy) throw campoInvalido('fecha_validez', MENSAJES_COTIZACION.validezPasada);
    return fecha;
  }
  const parametro = await parametrosService.leerParametro(db, PARAMETRO_DIAS_VALIDEZ_COTIZACION).catch(() => null);
  const dias = Number(parametro?.valor_parametro);
  return sumarDias(hoy, Number.isInteger(dias) && dias >= 0 && dias <= 3650 ? dias : DIAS_VALIDEZ_COTIZACION_DEFECTO);
}

/** A quotation already converted is refused, naming its order ('La cotización ya se convirtió en el pedido No. N'). */
export async function exigirSinConvertir(trx: Trx, venta: { id: number; convertida_en: Date | null }): Promise<void> {
  if (venta.convertida_en === null) return;
  const pedido = await repositorio.findPedidoDeCotizacion(trx, venta.id);
  throw new AppError('COTIZACION_CONVERTIDA', pedido === null ? undefined : MENSAJES_COTIZACION.yaConvertida(pedido));
}

/** The quotation `id` of the actor's store, locked; 404 when none, 409 when the sale was never a quotation. */
async function bloquearCotizacion(trx: Trx, actor: Actor, id: number) {
  const cotizacion = await repositorio.lockCotizacion(trx, id, tiendaDelActor(actor));
  if (!cotizacion) throw new AppError('VENTA_NO_ENCONTRADA');
  if (cotizacion.fecha_validez === null) throw new AppError('NO_ES_COTIZACION');
  return cotizacion;
}

/** Converted, annulled or no longer a quotation: what no action but reading may touch. */
async function exigirAbierta(trx: Trx, cotizacion: repositorio.CotizacionBloqueada): Promise<void> {
  await exigirSinConvertir(trx, cotizacion);
  if (cotizacion.estado_venta_id === ESTADOS_VENTA.anulado) throw new AppError('COTIZACION_ANULADA');
  if (cotizacion.estado_venta_id !== ESTADOS_VENTA.cotizacion) throw new AppError('NO_ES_COTIZACION');
}

/** GET cotizaciones: the store's quotations, their state computed from their dates, each with its PDF's signed link. */
export async function listarCotizaciones(db: Db, actor: Actor, secreto: string, filtros: CotizacionesConsulta): Promise<Pagina<FilaCotizacion>> {
  const { filas, total } = await repositorio.listCotizaciones(db, tiendaDelActor(actor), filtros, hoyNegocio());
  const ahora = new Date();
  return paginar(
    filas.map((fila) => ({
      ...fila,
      fecha_venta: fila.fecha_venta.toISOString(),
      aceptada_en: fila.aceptada_en?.toISOString() ?? null,
      convertida_en: fila.convertida_en?.toISOString() ?? null,
      total_venta: Number(fila.total_venta),
      url_pdf: ENLACE_COTIZACION.url(secreto, fila.id, ahora),
    })),
    total,
    filtros.page,
    filtros.per_page,
  );
}

/** POST cotizaciones/{id}/aceptar: the customer accepted it; from then on, while valid, it reserves stock. */
export async function aceptarCotizacion(trx: Trx, actor: Actor, id: number) {
  const cotizacion = await bloquearCotizacion(trx, actor, id);
  await exigirAbierta(trx, cotizacion);
  if (cotizacion.fecha_validez! < hoyNegocio()) throw new AppError('COTIZACION_VENCIDA', MENSAJES_COTIZACION.vencidaAceptar);
  const aceptada = await repositorio.updateAceptada(trx, id);
  return { id, estado: 'abierta' as const, aceptada_en: aceptada.toISOString() };
}

/** POST cotizaciones/{id}/anular: state 3 with its history row; a converted one is refused (its order lives on). */
export async function anularCotizacion(trx: Trx, actor: Actor, id: number) {
  const cotizacion = await bloquearCotizacion(trx, actor, id);
  await exigirAbierta(trx, cotizacion);
  await pedidosRepositorio.updateEstadoVenta(trx, id, ESTADOS_VENTA.anulado);
  await pedidosRepositorio.insertHistorial(trx, id, cotizacion.estado_venta_id, ESTADOS_VENTA.anulado, actor.userId);
  return { id, estado: 'anulada' as const, aceptada_en: cotizacion.aceptada_en?.toISOString() ?? null };
}

type LineaCotizada = Awaited<ReturnType<typeof pedidosRepositorio.listDetalle>>[number];

/**
 * Both ways of converting, line by line: at the quoted prices (and taxes), and at today's store prices (an offcut's from
 * its measures and today's base prices) and the product's tax today. At today's prices a line whose price changed
 * loses its approved discount: the approval named the price (docs/decisions.md "Descuentos").
 */
async function calcularConversion(db: Db, codigoTienda: string, cotizacion: repositorio.CotizacionBloqueada, lineas: LineaCotizada[]) {
  const productos = await productosService.leerProductos(db, codigoTienda, lineas.map((l) => l.producto_id));
  const hayRetales = lineas.some((l) => l.detalle_retal !== null);
  const precioRetal = hayRetales ? await retalesService.cotizadorRetal(db) : null;
  const adicional = Number(cotizacion.porcentaje_impuesto_adicional);
  const actuales = lineas.map((linea) => {
    const producto = productos.get(linea.producto_id);
    if (!producto) throw new AppError('PRODUCTO_NO_ENCONTRADO');
    const precio = linea.detalle_retal !== null ? precioRetal!(linea.detalle_retal as RetalMedidas).total : producto.precio_unitario;
    const mismoPrecio = aCentavos(precio) === aCentavos(Number(linea.precio_unitario));
    return {
      precio_unitario: precio,
      porcentaje_impuesto: producto.porcentaje_impuesto,
      porcentaje_descuento: mismoPrecio ? Number(linea.porcentaje_descuento) : 0,
      descuento_solicitado_id: mismoPrecio ? linea.descuento_solicitado_id : null,
    };
  });
  const cotizados = lineas.map((linea) => ({
    precio_unitario: Number(linea.precio_unitario),
    porcentaje_impuesto: Number(linea.porcentaje_impuesto),
    porcentaje_descuento: Number(linea.porcentaje_descuento),
    descuento_solicitado_id: linea.descuento_solicitado_id,
  }));
  const totales = (precios: typeof cotizados) =>
    calcularTotalesVenta({
      porcentaje_impuesto_adicional: adicional,
      lineas: lineas.map((linea, n) => ({ cantidad: linea.cantidad, ...precios[n]! })),
    });
  return { cotizados, actuales, totalesCotizados: totales(cotizados), totalesActuales: totales(actuales) };
}

/** GET cotizaciones/{id}/conversion: what converting gives at the quoted prices and at today's, for the seller to review. */
export async function leerConversion(trx: Trx, actor: Actor, id: number): Promise<ConversionCotizacion> {
  const cotizacion = await bloquearCotizacion(trx, actor, id);
  await exigirAbierta(trx, cotizacion);
  const lineas = await pedidosRepositorio.listDetalle(trx, id);
  const calculo = await calcularConversion(trx, tiendaDelActor(actor), cotizacion, lineas);
  return {
    cotizacion_id: id,
    fecha_validez: cotizacion.fecha_validez!,
    vigente: cotizacion.fecha_validez! >= hoyNegocio(),
    lineas: lineas.map((linea, n) => ({
      item: linea.item,
      referencia: linea.referencia,
      nombre_producto: linea.nombre_producto,
      cantidad: Number(linea.cantidad),
      precio_cotizado: calculo.cotizados[n]!.precio_unitario,
      precio_actual: calculo.actuales[n]!.precio_unitario,
      total_cotizado: calculo.totalesCotizados.lineas[n]!.valor_total,
      total_actual: calculo.totalesActuales.lineas[n]!.valor_total,
      pierde_descuento: linea.descuento_solicitado_id !== null && calculo.actuales[n]!.descuento_solicitado_id === null,
    })),
    total_cotizado: calculo.totalesCotizados.totales.total_venta,
    total_actual: calculo.totalesActuales.totales.total_venta,
  };
}

/**
 * POST cotizaciones/{id}/convertir, one transaction (docs/decisions-cotizaciones.md "Convertir"): the quotation, locked,
 * must be open; the quoted prices hold only while it is valid, today's prices always may be taken; the total must be
 * the one the seller reviewed (409 otherwise: prices moved meanwhile). The new order (state 1, Pendiente facturar)
 * copies its customer, seller, payment type, additional tax, note, lines with their cut plans, and open tasks, and names
 * the quotation (cotizacion_id, unique); the quotation is marked converted and hands its approved discounts over.
 */
export async function convertirCotizacion(trx: Trx, actor: Actor, id: number, datos: ConvertirCotizacion) {
  const codigoTienda = tiendaDelActor(actor);
  const cotizacion = await bloquearCotizacion(trx, actor, id);
  await exigirAbierta(trx, cotizacion);
  const vigente = cotizacion.fecha_validez! >= hoyNegocio();
  if (datos.precios === 'cotizados' && !vigente) throw new AppError('COTIZACION_VENCIDA', MENSAJES_COTIZACION.vencidaPrecios);
  const lineas = await pedidosRepositorio.listDetalle(trx, id);
  const calculo = await calcularConversion(trx, codigoTienda, cotizacion, lineas);
  const [precios, resultado] = datos.precios === 'cotizados' ? [calculo.cotizados, calculo.totalesCotizados] : [calculo.actuales, calculo.totalesActuales];
  if (aCentavos(resultado.totales.total_venta) !== aCentavos(datos.total_venta)) throw new AppError('COTIZACION_PRECIOS_CAMBIARON');

  const pedido = await pedidosRepositorio.insertVenta(trx, codigoTienda, {
    cliente_id: cotizacion.cliente_id,
    vendedor_id: cotizacion.vendedor_id,
    estado_venta_id: ESTADOS_VENTA.pendienteFacturar,
    tipo_pago_id: cotizacion.tipo_pago_id,
    impuesto_adicional_id: cotizacion.impuesto_adicional_id,
    porcentaje_impuesto_adicional: Number(cotizacion.porcentaje_impuesto_adicional),
    observacion_venta: cotizacion.observacion_venta,
    total_subtotal_venta: resultado.totales.total_subtotal_venta,
    total_descuento: resultado.totales.total_descuento,
    total_impuestos_venta: resultado.totales.total_impuestos_venta,
    total_otros_impuestos_venta: resultado.totales.total_otros_impuestos_venta,
    total_venta: resultado.totales.total_venta,
  });
  await repositorio.updateCotizacionDePedido(trx, pedido.id, id);
  // The approved requests move to the order's lines (one line per request: a unique column).
  await repositorio.liberarDescuentos(trx, id);
  const planes = await retalesInventario.planesDeLineas(trx, actor, lineas.map((linea) => linea.response_lepton));
  await pedidosRepositorio.reemplazarLineas(
    trx,
    pedido.id,
    lineas.map((linea, n) => ({
      item: linea.item,
      producto_id: linea.producto_id,
      cantidad: Number(linea.cantidad),
      precio_unitario: precios[n]!.precio_unitario,
      porcentaje_descuento: precios[n]!.porcentaje_descuento,
      porcentaje_impuesto: precios[n]!.porcentaje_impuesto,
      ...resultado.lineas[n]!,
      response_lepton: linea.response_lepton ? JSON.stringify(linea.response_lepton) : null,
      servicio_lepton: linea.servicio_lepton,
      item_padre: linea.item_padre,
      descuento_solicitado_id: precios[n]!.descuento_solicitado_id,
      detalle_retal: linea.detalle_retal ? JSON.stringify(linea.detalle_retal) : null,
      optimizacion_id: planes[n] ?? null,
    })),
  );
  // docs/decisions-retales.md: a quotation holds no offcut, so the order it becomes is checked as a saved order is: the
  // kept offcuts its plans use and its offcut lines sell must still be free (409 RETAL_NO_DISPONIBLE naming one).
  await retalesInventario.revisarRetalesDePedido(
    trx,
    actor,
    pedido.id,
    lineas.map((linea, indice) => {
      const retal = linea.detalle_retal as { retal_id?: number | null; base: number; altura: number } | null;
      return { indice, optimizacion_id: planes[indice] ?? null, retal: retal?.retal_id ? { retal_id: retal.retal_id, base: retal.base, altura: retal.altura } : null };
    }),
  );
  const tareas = await listTareasDeVenta(trx, id);
  await pedidosRepositorio.insertTareas(
    trx,
    pedido.id,
    tareas.filter((t) => !t.tarea_completada).map((t) => t.descripcion_tarea),
    actor.userId,
  );
  await pedidosRepositorio.insertHistorial(trx, pedido.id, null, ESTADOS_VENTA.pendienteFacturar, actor.userId);
  await repositorio.updateConvertida(trx, id);
  return { venta_id: pedido.id, version: pedido.version };
}

/** The plan ids of the board lines (their response_lepton.optimizacion.id), in line order, each once. */
function planesDeLineas(lineas: { response_lepton: unknown }[]): number[] {
  const ids: number[] = [];
  for (const { response_lepton } of lineas) {
    const id = (response_lepton as { optimizacion?: { id?: unknown } } | null)?.optimizacion?.id;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The quotation PDF a public link names (public/cotizacion/{token}): 'Cotización No. N' with its validity, lines and
 * totals, then its cut plans' drawings, rendered in the documents pool. 404 for a link that is not one, or a sale that
 * was never a quotation.
 */
export async function cotizacionPdf(contexto: ContextoDocumentoPublico, token: string): Promise<{ pdf: Buffer; archivo: string }> {
  const id = ENLACE_COTIZACION.leer(contexto.secreto, token);
  const pdf = id === null ? undefined : await cotizacionPdfDeVenta(contexto, id);
  if (!pdf) throw new AppError('VENTA_NO_ENCONTRADA', ENLACE_COTIZACION.mensajeInvalido);
  return pdf;
}

/** The quotation PDF of sale `id` (also what 'Enviar' attaches: envio-documento.service.ts), or undefined when it never was one. */
export async function cotizacionPdfDeVenta(contexto: ContextoDocumentoPublico, id: number): Promise<{ pdf: Buffer; archivo: string } | undefined> {
  const cotizacion = await contexto.db.selectFrom('venta').select(['estado_venta_id', 'fecha_validez']).where('id', '=', id).executeTakeFirst();
  if (!cotizacion?.fecha_validez) return undefined;
  const [documento, lineas] = await Promise.all([
    datosDocumentoDeVenta(contexto, id, { remision: false, formato: 'carta' }),
    pedidosRepositorio.listDetalle(contexto.db, id),
  ]);
  const planes = (await Promise.all(planesDeLineas(lineas).map((plan) => corteService.planGuardado(contexto.db, plan)))).filter(
    (plan): plan is PlanCorteGuardado => plan !== undefined,
  );
  const pdf = await contexto.documentos.renderizar('cotizacion', {
    documento: { ...documento, clase: 'COTIZACION', numero: String(id), fecha_validez: formatearFecha(cotizacion.fecha_validez) },
    planes,
  });
  return { pdf, archivo: `cotizacion-${id}.pdf` };
}
