/**
 * The closing of a cash shift (docs/decisions-cajas.md "PDF del cierre"): the issuer, the store and register, the
 * cashier, when it opened and closed, the float and the cash by origin, the expected cash, the count by denomination
 * (or the total alone), the difference worded Sobrante/Faltante, the review and the shift's steps, and a line to sign.
 * Letter paper, or the 80 mm receipt roll on a page as tall as its content. Rendered in the documents pool.
 */
import { DENOMINACIONES, formatearFechaHora, NOMBRES_EVENTO_TURNO_CAJA, textoDiferencia, type EventoTurnoFila, type MovimientosTurno, type Turno } from '@tablero/domain';
import { aBuffer, ALTO_CARTA, ANCHO_CARTA, escribir, GRIS, LINEA, MARGEN_CARTA, nuevoDocumento, TINTA } from './corte-comun';
import { ALTO_MAXIMO_PAGINA, ANCHO_80MM, pesosImpresos } from './factura-venta';

export interface DatosCierreCaja {
  formato: 'carta' | '80mm';
  emisor: { razon_social: string; nit: string; direccion: string; telefono: string; ciudad: string };
  turno: Turno;
  movimientos: MovimientosTurno;
  eventos: EventoTurnoFila[];
}

export const TITULO_CIERRE_CAJA = 'Cierre de caja';

type Linea =
  | { tipo: 'titulo'; texto: string }
  | { tipo: 'centro'; texto: string; negrita?: boolean; grande?: boolean }
  | { tipo: 'par'; etiqueta: string; valor: string; negrita?: boolean }
  | { tipo: 'texto'; texto: string }
  | { tipo: 'separador' }
  | { tipo: 'firma'; texto: string };

/** What the document says, top to bottom; both paper sizes draw the same lines. */
function lineas(datos: DatosCierreCaja): Linea[] {
  const { turno: t, movimientos: m } = datos;
  const diferencia = t.diferencia ?? 0;
  const valores = new Map<string, { valor: number; tipo: string }>(DENOMINACIONES.map((d) => [d.clave, d]));
  const salida: Linea[] = [
    { tipo: 'centro', texto: datos.emisor.razon_social, negrita: true, grande: true },
    ...(datos.emisor.nit ? [{ tipo: 'centro' as const, texto: `NIT ${datos.emisor.nit}` }] : []),
    { tipo: 'centro', texto: `${TITULO_CIERRE_CAJA} · Turno No. ${t.id}`, negrita: true },
    { tipo: 'separador' },
    { tipo: 'par', etiqueta: 'Tienda', valor: t.codigo_tienda },
    { tipo: 'par', etiqueta: 'Caja', valor: t.nombre_caja },
    { tipo: 'par', etiqueta: 'Cajero', valor: t.nombre_usuario },
    { tipo: 'par', etiqueta: 'Apertura', valor: formatearFechaHora(t.fecha_apertura) },
    { tipo: 'par', etiqueta: 'Cierre', valor: formatearFechaHora(t.fecha_cierre) },
    { tipo: 'separador' },
    { tipo: 'titulo', texto: 'Efectivo del turno' },
    { tipo: 'par', etiqueta: 'Base inicial', valor: pesosImpresos(t.base_inicial) },
    { tipo: 'par', etiqueta: '+ Ventas en efectivo', valor: pesosImpresos(m.ventas) },
    { tipo: 'par', etiqueta: '+ Abonos a crédito', valor: pesosImpresos(m.abonos_credito) },
    { tipo: 'par', etiqueta: '+ Anticipos', valor: pesosImpresos(m.anticipos) },
    { tipo: 'par', etiqueta: '+ Ingresos', valor: pesosImpresos(m.ingresos) },
    { tipo: 'par', etiqueta: '− Devoluciones', valor: pesosImpresos(m.devoluciones) },
    { tipo: 'par', etiqueta: '− Egresos', valor: pesosImpresos(m.egresos) },
    { tipo: 'par', etiqueta: 'Efectivo esperado', valor: pesosImpresos(t.efectivo_esperado), negrita: true },
    { tipo: 'separador' },
    { tipo: 'titulo', texto: t.conteo ? 'Conteo por denominación' : 'Conteo' },
    ...(t.conteo ?? []).map((f): Linea => {
      const d = valores.get(f.denominacion);
      return { tipo: 'par', etiqueta: `${d?.tipo ?? ''} ${pesosImpresos(d?.valor ?? 0)} × ${f.cantidad}`, valor: pesosImpresos((d?.valor ?? 0) * f.cantidad) };
    }),
    { tipo: 'par', etiqueta: 'Efectivo contado', valor: pesosImpresos(t.efectivo_contado ?? 0), negrita: true },
    { tipo: 'par', etiqueta: `Diferencia (${textoDiferencia(diferencia)})`, valor: pesosImpresos(diferencia), negrita: true },
    ...(t.observacion_cierre ? [{ tipo: 'texto' as const, texto: `Observación: ${t.observacion_cierre}` }] : []),
    { tipo: 'separador' },
    { tipo: 'titulo', texto: 'Revisión' },
    {
      tipo: 'texto',
      texto: t.estado_revision
        ? `${t.estado_revision === 'APROBADO' ? 'Aprobado' : 'Comentado'} por ${t.nombre_revisor ?? ''} el ${formatearFechaHora(t.fecha_revision)}${t.comentario_revision ? `: ${t.comentario_revision}` : ''}`
        : 'Pendiente de revisión',
    },
    { tipo: 'titulo', texto: 'Historial del turno' },
    ...datos.eventos.map(
      (e): Linea => ({
        tipo: 'texto',
        texto: `${formatearFechaHora(e.fecha)} · ${NOMBRES_EVENTO_TURNO_CAJA[e.evento]} · ${e.nombre_usuario ?? 'Tablero (sistema)'}${e.detalle ? ` · ${e.detalle}` : ''}`,
      }),
    ),
    { tipo: 'firma', texto: 'Firma del cajero' },
    { tipo: 'firma', texto: 'Firma de quien revisa' },
  ];
  return salida;
}

interface Medidas {
  ancho: number;
  margen: number;
  letra: number;
}

/** Draws the lines from `y`; `medir` only adds up their height (the 80 mm page is as tall as its content). */
function dibujar(doc: PDFKit.PDFDocument, todas: Linea[], m: Medidas, y0: number, medir: boolean, nuevaPagina?: () => number): number {
  const x = m.margen;
  const ancho = m.ancho - 2 * m.margen;
  let y = y0;
  for (const l of todas) {
    let alto = m.letra + 4;
    if (l.tipo === 'texto') {
      doc.font('Helvetica').fontSize(m.letra);
      alto = doc.heightOfString(l.texto, { width: ancho }) + 3;
    }
    if (l.tipo === 'separador') alto = 8;
    if (l.tipo === 'firma') alto = 34;
    if (l.tipo === 'centro' && l.grande) alto = m.letra + 7;
    if (!medir && nuevaPagina && y + alto > ALTO_CARTA - m.margen) y = nuevaPagina();
    if (!medir) {
      switch (l.tipo) {
        case 'titulo':
          doc.font('Helvetica-Bold').fontSize(m.letra).fillColor(GRIS);
          escribir(doc, l.texto, x, y, ancho);
          break;
        case 'centro':
          doc.font(l.negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(l.grande ? m.letra + 3 : m.letra).fillColor(TINTA);
          escribir(doc, l.texto, x, y, ancho, 'center');
          break;
        case 'par':
          doc.font(l.negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(m.letra).fillColor(TINTA);
          escribir(doc, l.etiqueta, x, y, ancho * 0.6);
          escribir(doc, l.valor, x + ancho * 0.4, y, ancho * 0.6, 'right');
          break;
        case 'texto':
          doc.font('Helvetica').fontSize(m.letra).fillColor(TINTA);
          doc.text(l.texto, x, y, { width: ancho });
          break;
        case 'separador':
          doc.moveTo(x, y + 3).lineTo(x + ancho, y + 3).lineWidth(0.5).strokeColor(LINEA).stroke();
          break;
        case 'firma':
          doc.moveTo(x, y + 22).lineTo(x + Math.min(ancho, 220), y + 22).lineWidth(0.6).strokeColor(TINTA).stroke();
          doc.font('Helvetica').fontSize(m.letra - 1).fillColor(GRIS);
          escribir(doc, l.texto, x, y + 25, ancho);
          break;
      }
    }
    y += alto;
  }
  return y;
}

export async function renderCierreCaja(datos: DatosCierreCaja): Promise<Buffer> {
  const info = { Title: `${TITULO_CIERRE_CAJA} No. ${datos.turno.id}`, Author: datos.emisor.razon_social, Subject: datos.turno.nombre_caja };
  const todas = lineas(datos);
  if (datos.formato === '80mm') {
    const m: Medidas = { ancho: ANCHO_80MM, margen: 10, letra: 7.5 };
    // Measured on a page of its own first (pdfkit measures text against a page), then drawn on one that tall.
    const medida = nuevoDocumento({ size: [ANCHO_80MM, ALTO_MAXIMO_PAGINA], margin: 0 });
    medida.addPage({ size: [ANCHO_80MM, ALTO_MAXIMO_PAGINA], margin: 0 });
    const alto = Math.min(ALTO_MAXIMO_PAGINA, dibujar(medida, todas, m, m.margen, true) + m.margen);
    const doc = nuevoDocumento({ size: [ANCHO_80MM, alto], margin: 0, info });
    doc.addPage({ size: [ANCHO_80MM, alto], margin: 0 });
    dibujar(doc, todas, m, m.margen, false);
    return aBuffer(doc);
  }
  const m: Medidas = { ancho: ANCHO_CARTA, margen: MARGEN_CARTA, letra: 10 };
  const doc = nuevoDocumento({ size: [ANCHO_CARTA, ALTO_CARTA], margin: 0, info });
  const pagina = () => {
    doc.addPage({ size: [ANCHO_CARTA, ALTO_CARTA], margin: 0 });
    return MARGEN_CARTA;
  };
  dibujar(doc, todas, m, pagina(), false, pagina);
  return aBuffer(doc);
}
