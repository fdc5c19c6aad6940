import {
  aCentavos,
  ESTADO_FILTRO_TODOS,
  formatearNumeroDocumento,
  type NumeroDocumentoVenta,
  FILAS_MAXIMAS_EXPORTACION_FACTURAS,
  formatearNumero,
  formatearPesos,
  hoyNegocio,
  relojNegocio,
  MENSAJES_FACTURACION,
  type FacturaDetalle,
  type FacturaLista,
  type FacturasConsulta,
  type FacturasPagina,
  type TamanoPagina,
  type TotalesFacturas,
  type VentaFormaPago,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { actorSistema, tiendaDelActor, type Actor } from '../../db/transaccion';
import { escribirLibroXlsx, hojaXlsx, ESTILOS_XLSX } from '../../lib/libro-xlsx';
import { AppError, campoInvalido } from '../../lib/app-error';
import { firmarEnlace, leerEnlace } from '../../lib/enlaces';
import { limitesPagina, paginar } from '../../lib/paginacion';
import { ENLACE_COMPROBANTE, urlsFactura } from './enlaces-factura';
import * as repositorio from './facturas.repository';
import { leerVenta } from './pedidos.service';
import { turnoDeVenta } from '../despachos';
import { estadoProduccionDeVenta } from '../produccion';

/** What the billing list needs beyond the database: the links' secret. */
export interface ContextoFacturas {
  secreto: string;
}

/** spec 000 §5 Billing date filters: the end date may not be after today in the business's zone (422 on the field). */
function verificarFechas(consulta: FacturasConsulta) {
  if (consulta.fecha_final > hoyNegocio()) {
    throw campoInvalido('fecha_final', MENSAJES_FACTURACION.fechaFinalFutura);
  }
}

function filtrosDe(consulta: FacturasConsulta, codigoTienda: string): repositorio.FiltrosFacturas {
  return { ...consulta, codigoTienda };
}

const numeroONulo = (valor: string | null) => (valor === null ? null : Number(valor));
const fechaONula = (valor: Date | null) => (valor === null ? null : valor.toISOString());

/**
 * A payment as the list and the detail answer it: the amount as a number and, when a voucher picture was attached,
 * its link signed now (none without the secret: the PDF renderer never prints it).
 */
function aFormaPago(
  fila: Omit<VentaFormaPago, 'valor_pagado' | 'url_adjunto_comprobante'> & { valor_pagado: string | number },
  secreto: string | null,
  ahora: Date,
): VentaFormaPago {
  return {
    id: fila.id,
    forma_pago_id: fila.forma_pago_id,
    nombre_forma_pago: fila.nombre_forma_pago,
    valor_pagado: Number(fila.valor_pagado),
    codigo_comprobante_pago: fila.codigo_comprobante_pago,
    adjunto_comprobante_pago: fila.adjunto_comprobante_pago,
    url_adjunto_comprobante: fila.adjunto_comprobante_pago !== null && secreto !== null ? ENLACE_COMPROBANTE.url(secreto, fila.id, ahora) : null,
  };
}

/** The billing fields as the list and the detail answer them, with the document links signed now. */
function camposFacturacion(
  fila: Pick<
    repositorio.FilaFactura,
    | 'tipo_documento'
    | 'prefijo_factura_dian'
    | 'nro_factura_dian'
    | 'fecha_factura'
    | 'fecha_factura_dian'
    | 'fecha_vencimiento'
    | 'factura_code_siigo'
    | 'permite_fe'
    | 'modo_factura'
    | 'crear_factura_siigo'
    | 'valor_recibido_efectivo'
    | 'valor_venta_cambio_favor'
    | 'ajuste_redondeo'
    | 'estado_fe'
  >,
  urls: { url_factura: string; url_remision: string },
) {
  return {
    tipo_documento: fila.tipo_documento,
    prefijo_factura_dian: fila.prefijo_factura_dian,
    nro_factura_dian: fila.nro_factura_dian,
    fecha_factura: fechaONula(fila.fecha_factura),
    fecha_factura_dian: fechaONula(fila.fecha_factura_dian),
    fecha_vencimiento: fila.fecha_vencimiento,
    factura_code_siigo: fila.factura_code_siigo,
    permite_fe: fila.permite_fe,
    modo_factura: fila.modo_factura,
    crear_factura_siigo: fila.crear_factura_siigo,
    valor_recibido_efectivo: numeroONulo(fila.valor_recibido_efectivo),
    valor_venta_cambio_favor: Number(fila.valor_venta_cambio_favor),
    ajuste_redondeo: Number(fila.ajuste_redondeo),
    estado_fe: fila.estado_fe,
    ...urls,
  };
}

/** The rows of the list as the API answers them, with their payments merged and their document links signed now. */
function aFilasLista(secreto: string, filas: repositorio.FilaFactura[]): FacturaLista[] {
  const ahora = new Date();
  return filas.map((fila) => ({
    id: fila.id,
    codigo_tienda: fila.codigo_tienda,
    fecha_venta: fila.fecha_venta.toISOString(),
    numero_documento: fila.numero_documento,
    nombres: fila.nombres,
    apellidos: fila.apellidos,
    nombre_vendedor: fila.nombre_vendedor,
    total_subtotal_venta: Number(fila.total_subtotal_venta),
    total_descuento: Number(fila.total_descuento),
    total_impuestos: Number(fila.total_impuestos_venta),
    total_otros_impuestos_venta: Number(fila.total_otros_impuestos_venta),
    total_venta: Number(fila.total_venta),
    estado_venta_id: fila.estado_venta_id,
    nombre_estado_venta: fila.nombre_estado_venta,
    tipo_pago_id: fila.tipo_pago_id,
    nombre_tipo_pago: fila.nombre_tipo_pago,
    // Nested JSON (jsonArrayFrom): the amount arrives as a JSON number already.
    formas_pagos: fila.formas_pagos.map((pago) => aFormaPago(pago, secreto, ahora)),
    ...camposFacturacion(fila, urlsFactura(secreto, fila.id, ahora)),
  }));
}

/**
 * POST facturas?page (spec 000 §2.6, §7): a page of the store's sales in the chosen state whose date (in the
 * business's zone) is within the range, found by the term, newest first, each with its payments and document links,
 * and the totals of every sale the filters select.
 */
export async function listarFacturas(
  db: Db,
  contexto: ContextoFacturas,
  actor: Actor,
  consulta: FacturasConsulta,
  pagina: { page: number; per_page: TamanoPagina },
): Promise<FacturasPagina> {
  verificarFechas(consulta);
  const filtros = filtrosDe(consulta, tiendaDelActor(actor));
  const { desde, limite } = limitesPagina({ page: pagina.page, perPage: pagina.per_page });
  const { pie, filas } = await repositorio.paginaConPie(db, filtros, desde, limite);
  const totales: TotalesFacturas = {
    ventas: Number(pie.ventas),
    total_subtotal_venta: Number(pie.total_subtotal_venta),
    total_descuento: Number(pie.total_descuento),
    total_impuestos: Number(pie.total_impuestos),
    total_venta: Number(pie.total_venta),
  };
  return { ventas: paginar(aFilasLista(contexto.secreto, filas), totales.ventas, pagina.page, pagina.per_page), totales };
}

/** The billing part of the detail: the document, who billed and annulled it, and its payments. */
async function completarDetalle(db: Db, secreto: string | null, venta: Awaited<ReturnType<typeof leerVenta>>): Promise<FacturaDetalle> {
  const ventaId = venta.ventas_encabezado.id;
  const [facturacion, pagos, produccion, despacho] = await Promise.all([
    repositorio.findFacturacion(db, ventaId),
    repositorio.listFormasPagoDeVentas(db, [ventaId]),
    estadoProduccionDeVenta(db, ventaId),
    turnoDeVenta(db, ventaId),
  ]);
  if (!facturacion) throw new AppError('VENTA_NO_ENCONTRADA');
  const urls = secreto === null ? { url_factura: '', url_remision: '' } : urlsFactura(secreto, ventaId);
  return {
    ventas_encabezado: {
      ...venta.ventas_encabezado,
      ...camposFacturacion(facturacion, urls),
      nombre_facturador: facturacion.nombre_facturador,
      fecha_anulacion: fechaONula(facturacion.fecha_anulacion),
      nombre_anulador: facturacion.nombre_anulador,
      // spec 000 §2.7: no web shop yet, so no shipping type; the dispatch's observation once dispatched.
      nombre_tipo_envio: null,
      observacion_despacho: despacho?.observacion_despacho ?? null,
      orden_store_id: null,
      transaction_id: null,
      orden_pago_descripcion: null,
    },
    ventas_detalle: venta.ventas_detalle,
    ventas_formas_pagos: pagos.map((pago) => aFormaPago(pago, secreto, new Date())),
    // spec 000 §2.7: each line's production badge. The sale has one OP (docs/decisions-produccion.md), so every line
    // shows its state; a sale without an OP has no records and the detail says so.
    produccion: produccion ? venta.ventas_detalle.map((linea) => ({ producto_id: linea.producto_id, item: linea.item, estado: produccion.estado })) : [],
    despacho,
  };
}

/**
 * GET facturas/{id} (spec 000 §2.7, §7): a sale of the actor's store (404 otherwise) as the order form reads it
 * (header and lines), with its billing fields, its payments and signed document links. SuperAdministrador reads a
 * sale of any store: the screens that open this detail from a customer's ledger (Créditos, Anticipos) span the
 * stores, and a sale billed in store 001 must open while store 002 is selected.
 */
export async function leerFactura(db: Db, secreto: string, actor: Actor, ventaId: number): Promise<FacturaDetalle> {
  if (actor.role === 'SuperAdministrador') {
    const detalle = await detalleFacturaPublica(db, ventaId, secreto);
    if (!detalle) throw new AppError('VENTA_NO_ENCONTRADA');
    return detalle;
  }
  return completarDetalle(db, secreto, await leerVenta(db, actor, ventaId));
}

/**
 * The detail of any sale, whatever its store, for its public document (public/FVS: the signed link names the sale
 * and is the authorization); null when the sale does not exist. The links are signed when `secreto` is given; the
 * document route, which already holds its own link, may leave them out (then they are empty).
 */
export async function detalleFacturaPublica(db: Db, ventaId: number, secreto: string | null = null): Promise<FacturaDetalle | null> {
  const codigoTienda = await repositorio.findTiendaDeVenta(db, ventaId);
  if (codigoTienda === null) return null;
  // Read as the system in the sale's own store: the same read of header and lines as GET ventas/{id}.
  return completarDetalle(db, secreto, await leerVenta(db, actorSistema(codigoTienda), ventaId));
}

const PROPOSITO_EXPORTAR_FACTURAS = 'exportar-facturas';
/** A public export link works for 10 minutes (as the product export's). */
const MINUTOS_ENLACE_EXPORTAR = 10;

/** Refuses (422 naming the range) a set larger than the export allows. */
async function verificarTamanoExportacion(db: Db, filtros: repositorio.FiltrosFacturas) {
  const { ventas } = await repositorio.totalesFiltrados(db, filtros);
  if (Number(ventas) > FILAS_MAXIMAS_EXPORTACION_FACTURAS) {
    const mensaje = MENSAJES_FACTURACION.exportacionMaxima(Number(ventas));
    throw campoInvalido('fecha_inicial', mensaje);
  }
}

/**
 * Exportar (spec 000 §2.6): checks the filters as the list does and the size of the set, and answers a signed link,
 * valid for minutes, that downloads the .xlsx of every sale the filters select in the actor's store.
 */
export async function crearEnlaceExportacionFacturas(
  db: Db,
  contexto: ContextoFacturas,
  actor: Actor,
  consulta: FacturasConsulta,
): Promise<{ token: string; expira_en: string }> {
  verificarFechas(consulta);
  const codigoTienda = tiendaDelActor(actor);
  await verificarTamanoExportacion(db, filtrosDe(consulta, codigoTienda));
  const expira = new Date(Date.now() + MINUTOS_ENLACE_EXPORTAR * 60_000);
  const token = await firmarEnlace(contexto.secreto, PROPOSITO_EXPORTAR_FACTURAS, { ...consulta, codigo_tienda: codigoTienda, user_id: actor.userId }, expira);
  return { token, expira_en: expira.toISOString() };
}

/** The filters a signed export link carries, or null when the link is not one of ours or is incomplete. */
function consultaDeEnlace(datos: Record<string, unknown>): (FacturasConsulta & { codigo_tienda: string }) | null {
  const { fecha_inicial, fecha_final, query_params, estado_venta_id, codigo_tienda } = datos;
  if (typeof fecha_inicial !== 'string' || typeof fecha_final !== 'string' || typeof query_params !== 'string') return null;
  if (typeof codigo_tienda !== 'string' || (estado_venta_id !== ESTADO_FILTRO_TODOS && estado_venta_id !== 1 && estado_venta_id !== 2 && estado_venta_id !== 3 && estado_venta_id !== 4)) return null;
  return { fecha_inicial, fecha_final, query_params, estado_venta_id, codigo_tienda };
}

/** A sale's payments in one cell: method, amount and receipt code, one per line. */
function textoFormasPago(pagos: VentaFormaPago[]): string {
  return pagos
    .map((pago) => `${pago.nombre_forma_pago}: ${formatearPesos(pago.valor_pagado)}${pago.codigo_comprobante_pago ? ` (comprobante ${pago.codigo_comprobante_pago})` : ''}`)
    .join('\n');
}

/** An invoice's number as the list shows it ('FE1024', formatearNumeroDocumento), empty while the sale is not billed. */
export function numeroFactura(fila: NumeroDocumentoVenta): string {
  return formatearNumeroDocumento(fila) ?? '';
}

/**
 * The .xlsx of a public export link (spec 000 §2.6 Exportar): every sale the link's filters select, with every
 * column of the list, amounts as numbers, and a totals row. Written with exceljs' streaming writer, row by row, and
 * pausing every few hundred rows, so building 50,000 rows never holds the event loop for long.
 */
export async function exportarFacturas(db: Db, contexto: ContextoFacturas, token: string): Promise<{ archivo: Buffer; nombre: string }> {
  const datos = await leerEnlace(contexto.secreto, PROPOSITO_EXPORTAR_FACTURAS, token);
  const consulta = datos ? consultaDeEnlace(datos) : null;
  if (!consulta) throw new AppError('ENLACE_EXPORTACION_INVALIDO');
  const filtros = filtrosDe(consulta, consulta.codigo_tienda);
  // The set may have grown since the link was made: the limit holds for what is written.
  const ids = await repositorio.idsPagina(db, filtros, 0, FILAS_MAXIMAS_EXPORTACION_FACTURAS + 1);
  if (ids.length > FILAS_MAXIMAS_EXPORTACION_FACTURAS) await verificarTamanoExportacion(db, filtros);
  // In the list's order: a document searched exactly first, the rest newest first (docs/decisions.md, "Un documento
  // exacto primero").
  const exactas = await repositorio.idsDocumentoExacto(db, filtros);
  const leidas = aFilasLista(contexto.secreto, await repositorio.listFacturasPorIds(db, ids));
  const filas = [...leidas.filter((fila) => exactas.has(fila.id)), ...leidas.filter((fila) => !exactas.has(fila.id))];

  const archivo = await escribirLibroXlsx(null, async (libro) => {
    const dinero = ESTILOS_XLSX.pesos;
    const hoja = hojaXlsx(libro, 'Ventas', [
      { header: 'No. venta', key: 'id', width: 10 },
      { header: 'Factura', key: 'factura', width: 14 },
      { header: 'Fecha', key: 'fecha_venta', width: 18, style: ESTILOS_XLSX.fechaHora },
      { header: 'Documento cliente', key: 'numero_documento', width: 16 },
      { header: 'Cliente', key: 'cliente', width: 32 },
      { header: 'Vendedor', key: 'nombre_vendedor', width: 24 },
      { header: 'Subtotal', key: 'total_subtotal_venta', width: 16, style: dinero },
      { header: 'Descuento', key: 'total_descuento', width: 14, style: dinero },
      { header: 'Impuesto', key: 'total_impuestos', width: 14, style: dinero },
      { header: 'Total', key: 'total_venta', width: 16, style: dinero },
      { header: 'Formas de pago', key: 'formas_pagos', width: 44, style: { alignment: { wrapText: true, vertical: 'top' } } },
      { header: 'Estado', key: 'nombre_estado_venta', width: 18 },
    ]);

    const reloj = relojNegocio();
    // Sums in centavos (never raw floats): the totals row is the exact sum of the rows above it.
    const suma = { total_subtotal_venta: 0, total_descuento: 0, total_impuestos: 0, total_venta: 0 };
    for (const fila of filas) {
      await hoja.fila({
        id: fila.id,
        factura: numeroFactura(fila),
        fecha_venta: reloj(new Date(fila.fecha_venta)),
        numero_documento: fila.numero_documento,
        cliente: `${fila.nombres} ${fila.apellidos}`.trim(),
        nombre_vendedor: fila.nombre_vendedor,
        total_subtotal_venta: fila.total_subtotal_venta,
        total_descuento: fila.total_descuento,
        total_impuestos: fila.total_impuestos,
        total_venta: fila.total_venta,
        formas_pagos: textoFormasPago(fila.formas_pagos),
        nombre_estado_venta: fila.nombre_estado_venta,
      });
      for (const clave of Object.keys(suma) as (keyof typeof suma)[]) suma[clave] += aCentavos(fila[clave]);
    }
    await hoja.fila(
      {
        id: 'Totales',
        cliente: `${formatearNumero(filas.length, 0)} ventas`,
        total_subtotal_venta: suma.total_subtotal_venta / 100,
        total_descuento: suma.total_descuento / 100,
        total_impuestos: suma.total_impuestos / 100,
        total_venta: suma.total_venta / 100,
      },
      true,
    );
    hoja.cerrar();
  });
  return { archivo, nombre: `listado-ventas-${consulta.fecha_inicial}-a-${consulta.fecha_final}.xlsx` };
}
