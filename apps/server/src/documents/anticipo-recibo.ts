/**
 * The advance receipt (spec 002 §2.7 "a link to the advance receipt", §7 public/anticipo/{id};
 * docs/decisions-anticipos.md): what a customer is handed when the store receives an advance. Letter paper, one page:
 * the issuer (EMPRESA_* parameters) and the store, a box with the title, the advance's consecutive and date, the
 * customer, the value in figures and in words, the payment method (with its voucher code), the observation, who
 * received it and when it was recorded. An annulled advance prints a large 'ANULADO' and the annulment's date and user.
 *
 * Money prints with $ and en-US grouping and two decimals, like the sale documents.
 */
import { formatearFecha, valorEnLetras } from '@tablero/domain';
import { aBuffer, ALTO_CARTA as ALTO, ANCHO_CARTA as ANCHO, escribir, FONDO, GRIS, LINEA, MARGEN_CARTA as MARGEN, nuevoDocumento, ROJO, TINTA } from './corte-comun';
import { pesosImpresos } from './factura-venta';

/** Everything the receipt prints, already read and formatted by the server (abonos' anticipos.service.ts). */
export interface DatosReciboAnticipo {
  consecutivo: number;
  /** The advance's business date, 'YYYY-MM-DD'. */
  fecha: string;
  /** When it was recorded, as printed (business time zone), e.g. '23/11/2026 02:05 pm'. */
  registrado: string;
  valor: number;
  forma_pago: string;
  codigo_comprobante: string | null;
  observacion: string;
  /** Who received it (the user who recorded it). */
  recibido_por: string | null;
  emisor: { razon_social: string; nit: string; direccion: string; telefono: string; ciudad: string };
  tienda: { codigo: string; nombre: string } | null;
  cliente: { nombre: string; tipo_documento: string; numero_documento: string; telefono: string | null; correo: string | null };
  /** The annulment (type 3), when there is one. */
  anulacion: { fecha: string; usuario: string | null } | null;
}

export const TITULO_RECIBO_ANTICIPO = 'Recibo de anticipo';


export async function renderReciboAnticipo(datos: DatosReciboAnticipo): Promise<Buffer> {
  const doc = nuevoDocumento({
    size: [ANCHO, ALTO],
    margin: 0,
    info: { Title: `${TITULO_RECIBO_ANTICIPO} No. ${datos.consecutivo}`, Author: datos.emisor.razon_social, Subject: datos.cliente.nombre },
  });
  doc.addPage({ size: [ANCHO, ALTO], margin: 0 });
  const ancho = ANCHO - 2 * MARGEN;
  const x = MARGEN;
  let y = MARGEN;

  // The issuer and the store (left), the title box (right).
  const anchoCaja = 190;
  const anchoEmisor = ancho - anchoCaja - 12;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(TINTA);
  escribir(doc, datos.emisor.razon_social, x, y, anchoEmisor);
  doc.font('Helvetica').fontSize(8.5).fillColor(GRIS);
  const lineasEmisor = [
    datos.emisor.nit ? `NIT ${datos.emisor.nit}` : '',
    [datos.emisor.direccion, datos.emisor.ciudad].filter(Boolean).join(' · '),
    datos.emisor.telefono ? `Teléfono ${datos.emisor.telefono}` : '',
    datos.tienda ? `Tienda ${datos.tienda.codigo} · ${datos.tienda.nombre}` : '',
  ].filter(Boolean);
  lineasEmisor.forEach((linea, i) => escribir(doc, linea, x, y + 18 + i * 11, anchoEmisor));

  const xCaja = x + ancho - anchoCaja;
  doc.rect(xCaja, y, anchoCaja, 20).fill(FONDO);
  doc.lineWidth(0.8).rect(xCaja, y, anchoCaja, 62).strokeColor(LINEA).stroke();
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TINTA);
  escribir(doc, TITULO_RECIBO_ANTICIPO, xCaja + 8, y + 6, anchoCaja - 16, 'center');
  doc.font('Helvetica-Bold').fontSize(12);
  escribir(doc, `No. ${datos.consecutivo}`, xCaja + 8, y + 26, anchoCaja - 16, 'center');
  doc.font('Helvetica').fontSize(8.5).fillColor(GRIS);
  escribir(doc, `Fecha: ${formatearFecha(datos.fecha)}`, xCaja + 8, y + 44, anchoCaja - 16, 'center');
  y += Math.max(70, 18 + lineasEmisor.length * 11 + 8);

  // The customer.
  const bloque = (titulo: string, alto: number) => {
    doc.rect(x, y, ancho, 16).fill(FONDO);
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(TINTA);
    escribir(doc, titulo, x + 6, y + 4.5, ancho - 12);
    doc.lineWidth(0.8).rect(x, y, ancho, 16 + alto).strokeColor(LINEA).stroke();
    const inicio = y + 16;
    y += 16 + alto + 12;
    return inicio;
  };
  const campo = (etiqueta: string, valor: string, cx: number, cy: number, cancho: number) => {
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(GRIS);
    escribir(doc, etiqueta, cx, cy, 110);
    doc.font('Helvetica').fontSize(9.5).fillColor(TINTA);
    escribir(doc, valor, cx + 110, cy - 0.5, cancho - 110);
  };
  const yCliente = bloque('Cliente', 46);
  const mitad = (ancho - 12) / 2;
  campo('Nombre', datos.cliente.nombre, x + 6, yCliente + 8, ancho - 12);
  campo(datos.cliente.tipo_documento || 'Documento', datos.cliente.numero_documento, x + 6, yCliente + 22, mitad);
  campo('Teléfono', datos.cliente.telefono ?? '', x + 6 + mitad, yCliente + 22, mitad);
  if (datos.cliente.correo) campo('Correo', datos.cliente.correo, x + 6, yCliente + 34, ancho - 12);

  // The advance: value, words, method, observation.
  doc.font('Helvetica').fontSize(9.5);
  const letras = `Son: ${valorEnLetras(datos.valor)}`;
  const altoLetras = doc.heightOfString(letras, { width: ancho - 12 });
  const altoObservacion = doc.heightOfString(datos.observacion || ' ', { width: ancho - 12 });
  const yAnticipo = bloque('Anticipo recibido', 36 + altoLetras + 22 + 14 + altoObservacion + 8);
  let ya = yAnticipo + 8;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GRIS);
  escribir(doc, 'Valor recibido', x + 6, ya + 4, 140);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(TINTA);
  escribir(doc, pesosImpresos(datos.valor), x + 150, ya, ancho - 156);
  ya += 28;
  doc.font('Helvetica').fontSize(9.5).fillColor(TINTA);
  doc.text(letras, x + 6, ya, { width: ancho - 12 });
  ya += altoLetras + 8;
  const forma = datos.codigo_comprobante ? `${datos.forma_pago} · Comprobante ${datos.codigo_comprobante}` : datos.forma_pago;
  campo('Forma de pago', forma, x + 6, ya, ancho - 12);
  ya += 14;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(GRIS);
  escribir(doc, 'Observación', x + 6, ya, 110);
  ya += 12;
  doc.font('Helvetica').fontSize(9.5).fillColor(TINTA);
  doc.text(datos.observacion, x + 6, ya, { width: ancho - 12 });

  // Who received it and when.
  const yRecibido = bloque('Recibido por', datos.anulacion ? 42 : 28);
  campo('Usuario', datos.recibido_por ?? '', x + 6, yRecibido + 8, mitad);
  campo('Registrado', datos.registrado, x + 6 + mitad, yRecibido + 8, mitad);
  if (datos.anulacion) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(ROJO);
    escribir(doc, `Anticipo anulado el ${datos.anulacion.fecha}${datos.anulacion.usuario ? ` por ${datos.anulacion.usuario}` : ''}`, x + 6, yRecibido + 24, ancho - 12);
  }

  // Signatures.
  y += 36;
  const anchoFirma = (ancho - 40) / 2;
  for (const [i, texto] of ['Firma de quien recibe', 'Firma del cliente'].entries()) {
    const fx = x + i * (anchoFirma + 40);
    doc.moveTo(fx, y).lineTo(fx + anchoFirma, y).lineWidth(0.6).strokeColor(GRIS).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(GRIS);
    escribir(doc, texto, fx, y + 4, anchoFirma, 'center');
  }
  y += 30;
  doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
  doc.text('Este valor queda como saldo a favor del cliente para abonar a sus compras.', x, y, { width: ancho, align: 'center' });

  if (datos.anulacion) {
    const cx = ANCHO / 2;
    const cy = 360;
    doc.save();
    doc.rotate(-35, { origin: [cx, cy] });
    doc.font('Helvetica-Bold').fontSize(110).fillColor(ROJO).fillOpacity(0.14);
    doc.text('ANULADO', cx - 400, cy - 55, { width: 800, align: 'center', lineBreak: false });
    doc.restore();
    doc.fillOpacity(1);
  }
  return aBuffer(doc);
}
