import { claseTributariaDeLinea, esVentaCredito, ESTADOS_VENTA, formatearFecha, formatearFechaHora, formatearNumeroDocumento, hoyNegocio, MODOS_FACTURA, type FacturaDetalle, type VentaDetalle } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { ClaseDocumentoVenta, DatosFacturaVenta, FormatoDocumentoVenta, ResolucionDian } from '../../documents/factura-venta';
import { AppError } from '../../lib/app-error';
import type { ContextoDocumentoPublico } from '../../lib/enlaces';
import * as facturaElectronicaService from '../factura-electronica';
import * as numeracionService from '../numeracion';
import * as parametrosService from '../parametros';
import * as repositorio from './documento-venta.repository';
import { ENLACE_COMPROBANTE, ENLACE_FACTURA } from './enlaces-factura';
import { detalleFacturaPublica } from './facturas.service';
import { descripcionRetal } from './retales.service';

/** What the link's query asks for: the remission instead of the invoice, and the paper. */
export interface PedidoDocumentoVenta {
  remision: boolean;
  formato: FormatoDocumentoVenta;
}

function enlaceInvalido(): AppError {
  return new AppError('VENTA_NO_ENCONTRADA', ENLACE_FACTURA.mensajeInvalido);
}

/** An instant as the document prints it ('23/11/2026 02:05 pm' in the business's zone); null when there is none. */
function fechaImpresa(iso: string | null): string | null {
  return iso ? formatearFechaHora(iso) : null;
}

/** A line's printed description: the product's name, and an offcut's measures and edge. */
function descripcionLinea(linea: VentaDetalle): string {
  return linea.retal ? `${linea.nombre_producto}: ${descripcionRetal(linea.retal)}` : linea.nombre_producto;
}

/**
 * Which document prints: a sale not billed (pending or in editing, or annulled before billing) is an order ('Pedido',
 * no number); a billed one is its own document kind, or a remission when the link asks for it (?pdf_remision=1).
 */
function claseDe(detalle: FacturaDetalle, remision: boolean): ClaseDocumentoVenta {
  const e = detalle.ventas_encabezado;
  if (e.tipo_documento === null || e.nro_factura_dian === null) return 'PEDIDO';
  return remision ? 'REMISION' : e.tipo_documento;
}

/**
 * The data of the document a public link names (spec 000 §7 public/FVS/{id}, ?pdf_remision=1): the sale's detail, its
 * store and customer, the issuer and, for an electronic invoice, its range's DIAN resolution. 404 with
 * ENLACE_FACTURA.mensajeInvalido when the link is malformed, altered, for another purpose, expired, or names no sale.
 */
export async function datosDocumentoVenta(contexto: Omit<ContextoDocumentoPublico, 'documentos'>, token: string, pedido: PedidoDocumentoVenta): Promise<DatosFacturaVenta> {
  const ventaId = ENLACE_FACTURA.leer(contexto.secreto, token);
  if (ventaId === null) throw enlaceInvalido();
  return datosDocumentoDeVenta(contexto, ventaId, pedido);
}

/** The same data for a sale named by its id (the e-invoice e-mail job, which has no link). */
export async function datosDocumentoDeVenta(contexto: Omit<ContextoDocumentoPublico, 'documentos'>, ventaId: number, pedido: PedidoDocumentoVenta): Promise<DatosFacturaVenta> {
  const [detalle, extra, electronica, clases] = await Promise.all([
    detalleFacturaPublica(contexto.db, ventaId),
    repositorio.findDatosDocumento(contexto.db, ventaId),
    facturaElectronicaService.representacionGrafica(contexto.db, ventaId),
    repositorio.listClasesTributariasDeVenta(contexto.db, ventaId),
  ]);
  const claseDeProducto = new Map(clases.map((c) => [c.producto_id, c.clase_tributaria]));
  if (!detalle || !extra) throw enlaceInvalido();
  const e = detalle.ventas_encabezado;
  const clase = claseDe(detalle, pedido.remision);
  const numeroDocumento = formatearNumeroDocumento(e);
  const [emisor, rango] = await Promise.all([
    parametrosService.leerEmpresa(contexto.db, extra.nombre_tienda),
    // An invoice and a POS document print their range's DIAN resolution (docs/decisions-factura-electronica.md).
    (clase === 'FACTURA' || clase === 'POS') && extra.rango_numeracion_id !== null
      ? numeracionService.buscarRango(contexto.db, extra.rango_numeracion_id, hoyNegocio())
      : undefined,
  ]);
  const resolucion: ResolucionDian | null =
    rango && rango.resolucion_numero && rango.resolucion_fecha && rango.fecha_desde && rango.fecha_hasta
      ? {
          numero: rango.resolucion_numero,
          fecha: rango.resolucion_fecha,
          prefijo: rango.prefijo,
          desde: rango.numero_desde,
          hasta: rango.numero_hasta,
          vigencia_desde: rango.fecha_desde,
          vigencia_hasta: rango.fecha_hasta,
        }
      : null;
  const telefonos = [...new Set([extra.numero_celular, extra.numero_telefonico].filter((t): t is string => !!t && t.trim() !== ''))];
  const ciudad = [extra.city_name, extra.state_name].filter(Boolean).join(', ');
  return {
    formato: pedido.formato,
    clase,
    venta_id: e.id,
    numero: clase === 'PEDIDO' ? null : clase === 'REMISION' && e.tipo_documento === 'FACTURA' ? null : numeroDocumento,
    // A remission printed of an electronic invoice names the invoice: it has no remission number of its own.
    numero_factura: clase === 'REMISION' && e.tipo_documento === 'FACTURA' ? numeroDocumento : null,
    anulada: e.estado_venta_id === ESTADOS_VENTA.anulado,
    fecha_venta: fechaImpresa(e.fecha_venta) ?? '',
    fecha_factura: clase === 'PEDIDO' ? null : fechaImpresa(e.fecha_factura),
    fecha_anulacion: fechaImpresa(e.fecha_anulacion),
    // A credit sale's due date (docs/decisions-factura-electronica.md, "Venta a crédito"), as 'dd/mm/aaaa'.
    fecha_vencimiento: clase === 'PEDIDO' || !e.fecha_vencimiento ? null : formatearFecha(e.fecha_vencimiento),
    resolucion,
    emisor,
    tienda: { codigo: extra.codigo_tienda, nombre: extra.nombre_tienda },
    cliente: {
      nombre: `${e.nombres} ${e.apellidos}`.trim(),
      tipo_documento: extra.nombre_tipo_documento,
      numero_documento: e.numero_documento,
      direccion: extra.direccion_residencia,
      ciudad: ciudad || null,
      telefono: telefonos.join(' · ') || null,
      correo: extra.correo_electronico || null,
    },
    lineas: detalle.ventas_detalle.map((linea) => ({
      referencia: linea.referencia,
      descripcion: descripcionLinea(linea),
      cantidad: linea.cantidad_vendida,
      valor_unitario: linea.valor_unitario,
      porcentaje_descuento: linea.porcentaje_descuento,
      valor_descuento: linea.valor_descuento,
      valor_subtotal: linea.valor_subtotal,
      porcentaje_impuesto: linea.porcentaje_impuesto,
      valor_impuesto: linea.valor_impuesto,
      valor_total: linea.valor_total,
      clase_tributaria: claseTributariaDeLinea(linea.porcentaje_impuesto, claseDeProducto.get(linea.producto_id)),
    })),
    totales: {
      subtotal: e.total_subtotal_venta,
      descuento: e.total_descuento,
      impuestos: e.total_impuestos_venta,
      otros_impuestos: e.total_otros_impuestos_venta,
      total: e.total_venta,
    },
    otro_impuesto: e.impuesto_adicional_id !== null && e.nombre_impuesto ? { nombre: e.nombre_impuesto, porcentaje: e.porcentaje_impuesto } : null,
    formas_pago: clase === 'PEDIDO' ? [] : detalle.ventas_formas_pagos.map((p) => ({ nombre: p.nombre_forma_pago, comprobante: p.codigo_comprobante_pago, valor: p.valor_pagado })),
    valor_recibido_efectivo: clase === 'PEDIDO' ? null : e.valor_recibido_efectivo,
    cambio: e.valor_venta_cambio_favor,
    ajuste_redondeo: clase === 'PEDIDO' ? 0 : e.ajuste_redondeo,
    // The sale's payment type, by the one rule the header and the DIAN document read (docs/decisions.md, Facturación).
    modo_factura: clase === 'PEDIDO' ? null : esVentaCredito(e) ? MODOS_FACTURA.credito : MODOS_FACTURA.contado,
    vendedor: e.nombre_vendedor,
    facturador: clase === 'PEDIDO' ? null : e.nombre_facturador,
    observacion: e.observacion_venta,
    // The electronic invoice's CUFE and QR, once the document is built (its graphic representation,
    // docs/decisions-factura-electronica.md).
    factura_electronica: clase === 'FACTURA' || clase === 'POS' ? electronica : null,
  };
}

/** The file name a document downloads as: 'FE123.pdf', 'REM8.pdf', 'remision-FE123.pdf' or 'pedido-45.pdf'. */
export function nombreArchivoDocumento(datos: Pick<DatosFacturaVenta, 'clase' | 'numero' | 'numero_factura' | 'venta_id'>): string {
  if (datos.numero) return `${datos.numero}.pdf`;
  if (datos.numero_factura) return `remision-${datos.numero_factura}.pdf`;
  return `pedido-${datos.venta_id}.pdf`;
}

/** A sale's invoice PDF by its id, letter size (the e-invoice e-mail's attachment). */
export async function facturaPdfDeVenta(contexto: ContextoDocumentoPublico, ventaId: number): Promise<{ pdf: Buffer; archivo: string }> {
  const datos = await datosDocumentoDeVenta(contexto, ventaId, { remision: false, formato: 'carta' });
  const pdf = await contexto.documentos.renderizar('factura-venta', datos);
  return { pdf, archivo: nombreArchivoDocumento(datos) };
}

/** The PDF a public link names, rendered in the documents pool (503 when it is saturated), with its file name. */
export async function documentoVentaPdf(contexto: ContextoDocumentoPublico, token: string, pedido: PedidoDocumentoVenta): Promise<{ pdf: Buffer; archivo: string }> {
  const datos = await datosDocumentoVenta(contexto, token, pedido);
  const pdf = await contexto.documentos.renderizar('factura-venta', datos);
  return { pdf, archivo: nombreArchivoDocumento(datos) };
}

/**
 * The voucher picture a public link names (public/comprobante/{token}): its bytes, MIME type (read from the bytes when
 * it was kept) and file name. 404 with ENLACE_COMPROBANTE.mensajeInvalido when the link is not one or names no picture.
 */
export async function comprobantePago(db: Db, secreto: string, token: string): Promise<{ contenido: Buffer; tipo: string; archivo: string }> {
  const pagoId = ENLACE_COMPROBANTE.leer(secreto, token);
  const fila = pagoId === null ? undefined : await repositorio.findAdjuntoPago(db, pagoId);
  if (!fila?.adjunto_contenido || !fila.adjunto_tipo || !fila.adjunto_comprobante_pago) {
    throw new AppError('VENTA_NO_ENCONTRADA', ENLACE_COMPROBANTE.mensajeInvalido);
  }
  return { contenido: fila.adjunto_contenido, tipo: fila.adjunto_tipo, archivo: fila.adjunto_comprobante_pago };
}
