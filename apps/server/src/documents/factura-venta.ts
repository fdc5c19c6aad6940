/**
 * The sale documents (spec 000 §7 public/FVS/{id} and ?pdf_remision=1): the electronic invoice,
 * the remission and the order of a sale not yet billed, in Spanish, on letter paper or on an 80 mm receipt printer.
 *
 * Letter: the issuer and the store, a box with the title, number and dates, the DIAN resolution of an electronic
 * invoice, the customer, the lines (a long sale flows onto more pages with the table header repeated), the taxes by
 * rate, the payments with the cash received and the change, the totals and the total in words, the invoice mode, the
 * seller and the biller; 'Página n de m' on every page and a large 'ANULADA' across every page of an annulled sale.
 * 80 mm: the same in one narrow column on a page as tall as its content (up to the 200-inch page limit of PDF
 * readers, then more pages of that height).
 *
 * Money prints with $ and en-US grouping as the app shows it, always with two decimals on paper ($ 1,250,300.50), so
 * the columns line up and a reader can add them up to the centavo (the totals are the exact sums of the lines).
 */
import { aCentavos, dePesos, formatearDinero, formatearFecha, formatearNumero, formatearPorcentaje, MENSAJES_REDONDEO, NOMBRES_CLASE_TRIBUTARIA, valorEnLetras, type ClaseTributaria } from '@tablero/domain';
import { aBuffer, ALTO_CARTA, ANCHO_CARTA, dibujarQr, escribir, FONDO, GRIS, LINEA, MARGEN_CARTA, nuevoDocumento, ROJO, TINTA } from './corte-comun';

/** What a sale document prints as its title: FACTURA, POS and REMISION are billed documents, PEDIDO a sale not yet billed. */
export type ClaseDocumentoVenta = 'FACTURA' | 'POS' | 'REMISION' | 'PEDIDO' | 'COTIZACION';

export const TITULOS_DOCUMENTO_VENTA: Record<ClaseDocumentoVenta, string> = {
  FACTURA: 'Factura electrónica de venta',
  // The title Res. 000165 de 2023 gives the POS equivalent document (docs/decisions-factura-electronica.md).
  POS: 'Documento equivalente electrónico tiquete de máquina registradora con sistema P.O.S.',
  REMISION: 'Remisión',
  PEDIDO: 'Pedido',
  // A quotation (docs/decisions-cotizaciones.md): numbered by its sale, with its validity date.
  COTIZACION: 'Cotización',
};

/** The two paper sizes: letter (default) and the 80 mm receipt roll (?formato=80mm). */
export type FormatoDocumentoVenta = 'carta' | '80mm';

/** The DIAN resolution that authorises an electronic invoice's numbering range (dates as YYYY-MM-DD). */
export interface ResolucionDian {
  numero: string;
  fecha: string;
  prefijo: string;
  desde: number;
  hasta: number;
  vigencia_desde: string;
  vigencia_hasta: string;
}

export interface LineaDocumentoVenta {
  referencia: string;
  descripcion: string;
  cantidad: number;
  valor_unitario: number;
  porcentaje_descuento: number;
  valor_descuento: number;
  valor_subtotal: number;
  porcentaje_impuesto: number;
  valor_impuesto: number;
  valor_total: number;
  /** How the line is taxed (claseTributariaDeLinea): an exempt or excluded line prints so, never as a 0 % tax. */
  clase_tributaria: ClaseTributaria;
}

export interface PagoDocumentoVenta {
  nombre: string;
  comprobante: string | null;
  valor: number;
}

/** Everything a sale document prints, already read and formatted by the server (documento-venta.service.ts). */
export interface DatosFacturaVenta {
  formato: FormatoDocumentoVenta;
  clase: ClaseDocumentoVenta;
  venta_id: number;
  /** Prefix and number of the billed document ('FE123', formatearNumeroDocumento); null for an order. */
  numero: string | null;
  /** For a remission printed of an electronic invoice (?pdf_remision=1): the invoice's number, printed as a reference. */
  numero_factura: string | null;
  anulada: boolean;
  /** Dates as printed (business time zone), e.g. '23/11/2026 02:05 pm'. */
  fecha_venta: string;
  fecha_factura: string | null;
  fecha_anulacion: string | null;
  /** A credit sale's due date as printed ('dd/mm/aaaa'), null otherwise (docs/decisions-factura-electronica.md, "Venta a crédito"). */
  fecha_vencimiento: string | null;
  resolucion: ResolucionDian | null;
  emisor: { razon_social: string; nit: string; direccion: string; telefono: string; ciudad: string };
  tienda: { codigo: string; nombre: string };
  cliente: {
    nombre: string;
    tipo_documento: string;
    numero_documento: string;
    direccion: string | null;
    ciudad: string | null;
    telefono: string | null;
    correo: string | null;
  };
  lineas: LineaDocumentoVenta[];
  totales: { subtotal: number; descuento: number; impuestos: number; otros_impuestos: number; total: number };
  /** The order-level additional tax (its name and rate), when the sale has one. */
  otro_impuesto: { nombre: string; porcentaje: number } | null;
  formas_pago: PagoDocumentoVenta[];
  valor_recibido_efectivo: number | null;
  cambio: number;
  /** The cash rounding, signed (docs/decisions-redondeo-envios.md): printed below the total with what was paid. */
  ajuste_redondeo?: number;
  modo_factura: 'C' | 'CR' | null;
  vendedor: string;
  facturador: string | null;
  observacion: string | null;
  /** The electronic invoice's CUFE and QR text once built (its graphic representation, docs/decisions-factura-electronica.md), null otherwise. */
  factura_electronica?: { cufe: string; qr: string; aceptada: boolean } | null;
  /** A quotation's last valid day as printed ('dd/mm/aaaa'); absent on every other document. */
  fecha_validez?: string | null;
}

/** An amount as the documents print it: '$ 1,250,300.50' (the one money printer's 'documento' form). */
export function pesosImpresos(valor: number): string {
  return formatearDinero(valor, 'documento');
}

/** The resolution line an electronic invoice must print (Resolución DIAN No. … del …, prefijo … del … al …, vigencia …). */
export function textoResolucion(r: ResolucionDian): string {
  return (
    `Resolución DIAN No. ${r.numero} del ${formatearFecha(r.fecha)}, prefijo ${r.prefijo} del ${r.desde} al ${r.hasta}, ` +
    `vigencia del ${formatearFecha(r.vigencia_desde)} al ${formatearFecha(r.vigencia_hasta)}`
  );
}

export const MODOS_FACTURA_TEXTO = { C: 'Contado', CR: 'Crédito' } as const;

/** The label of a credit sale's due date, in both formats. */
export const ETIQUETA_VENCIMIENTO = 'Fecha de vencimiento';

/** Where each kind goes in the taxes summary: excluded, exempt, then the taxed rates ascending. */
const ORDEN_CLASE: Record<ClaseTributaria, number> = { Excluded: 0, Exempt: 1, Taxed: 2 };

/**
 * The taxes by kind and rate: base (the lines' subtotals) and tax, summed in centavos; the excluded and the exempt
 * lines first, each on its own row, then the taxed rates ascending (docs/decisions-factura-electronica.md, Clase
 * tributaria).
 */
export function impuestosPorTarifa(lineas: readonly LineaDocumentoVenta[]): { clase: ClaseTributaria; porcentaje: number; base: number; impuesto: number }[] {
  const tarifas = new Map<string, { clase: ClaseTributaria; porcentaje: number; base: number; impuesto: number }>();
  for (const linea of lineas) {
    const clave = `${linea.clase_tributaria}:${linea.porcentaje_impuesto}`;
    const tarifa = tarifas.get(clave) ?? { clase: linea.clase_tributaria, porcentaje: linea.porcentaje_impuesto, base: 0, impuesto: 0 };
    tarifa.base += Math.round(linea.valor_subtotal * 100);
    tarifa.impuesto += Math.round(linea.valor_impuesto * 100);
    tarifas.set(clave, tarifa);
  }
  return [...tarifas.values()]
    .sort((a, b) => ORDEN_CLASE[a.clase] - ORDEN_CLASE[b.clase] || a.porcentaje - b.porcentaje)
    .map((t) => ({ ...t, base: t.base / 100, impuesto: t.impuesto / 100 }));
}

/** A line's tax as printed: its rate ('19 %'), or 'Exento' / 'Excluido'. */
function impuestoDeLinea(linea: LineaDocumentoVenta): string {
  return linea.clase_tributaria === 'Taxed' ? formatearPorcentaje(linea.porcentaje_impuesto) : NOMBRES_CLASE_TRIBUTARIA[linea.clase_tributaria];
}

function titulo(datos: DatosFacturaVenta): string {
  return TITULOS_DOCUMENTO_VENTA[datos.clase];
}

/** 'Remisión No. RM-8', 'Pedido' (an order has no number). */
function tituloConNumero(datos: DatosFacturaVenta): string {
  return datos.numero ? `${titulo(datos)} No. ${datos.numero}` : titulo(datos);
}

function nombreArchivoBase(datos: DatosFacturaVenta): string {
  if (datos.clase === 'COTIZACION') return tituloConNumero(datos);
  return `${tituloConNumero(datos)} · Venta No. ${datos.venta_id}`;
}

interface Tamano {
  ancho: number;
  alto: number;
  margen: number;
  /** Room kept at the bottom of every page for the page number. */
  pie: number;
}

/**
 * A cursor over pages of one size that never lets pdfkit break a page on its own (pages have no margins for pdfkit):
 * `asegurar(alto)` starts a new page, drawing its continuation header, when the next block would not fit.
 */
class Hoja {
  y = 0;
  alNuevaPagina: () => void = () => {};

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly tamano: Tamano,
  ) {}

  get izquierda(): number {
    return this.tamano.margen;
  }

  get ancho(): number {
    return this.tamano.ancho - 2 * this.tamano.margen;
  }

  get limite(): number {
    return this.tamano.alto - this.tamano.margen - this.tamano.pie;
  }

  nuevaPagina(): void {
    this.doc.addPage({ size: [this.tamano.ancho, this.tamano.alto], margin: 0 });
    this.y = this.tamano.margen;
    this.alNuevaPagina();
  }

  /** True when a new page was started so that `alto` points fit. */
  asegurar(alto: number): boolean {
    if (this.y + alto <= this.limite) return false;
    this.nuevaPagina();
    return true;
  }
}

/** One line of text that shrinks (down to 5 pt) instead of being cut: amounts must print whole. */
function ajustado(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, ancho: number, align: 'left' | 'right' | 'center', tamano: number): void {
  let t = tamano;
  doc.fontSize(t);
  while (t > 5 && doc.widthOfString(texto) > ancho - 0.5) {
    t -= 0.25;
    doc.fontSize(t);
  }
  doc.text(texto, x, y + (tamano - t) / 2, { width: ancho, align, lineBreak: false });
  doc.fontSize(tamano);
}

/** Wrapped text; answers its height. */
function parrafo(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, ancho: number, opciones: PDFKit.Mixins.TextOptions = {}): number {
  const alto = doc.heightOfString(texto, { width: ancho, ...opciones });
  doc.text(texto, x, y, { width: ancho, ...opciones });
  return alto;
}

/**
 * Breaks text into lines only at spaces (pdfkit would also break after '/', splitting 'M/CTE'), each fitting `ancho`
 * in the current font.
 */
function lineasPorPalabras(doc: PDFKit.PDFDocument, texto: string, ancho: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(/\s+/).filter(Boolean)) {
    const candidata = actual ? `${actual} ${palabra}` : palabra;
    if (actual && doc.widthOfString(candidata) > ancho) {
      lineas.push(actual);
      actual = palabra;
    } else {
      actual = candidata;
    }
  }
  if (actual) lineas.push(actual);
  return lineas;
}

/** 'Página n de m' on every page, and the 'ANULADA' mark across every page of an annulled sale. */
function marcarPaginas(doc: PDFKit.PDFDocument, datos: DatosFacturaVenta, tamano: Tamano): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    if (datos.anulada) {
      const cx = tamano.ancho / 2;
      const cy = Math.min(tamano.alto / 2, 400);
      const tamanoMarca = datos.formato === 'carta' ? 110 : 48;
      doc.save();
      doc.rotate(datos.formato === 'carta' ? -35 : -30, { origin: [cx, cy] });
      doc.font('Helvetica-Bold').fontSize(tamanoMarca).fillColor(ROJO).fillOpacity(0.14);
      doc.text('ANULADA', cx - 400, cy - tamanoMarca / 2, { width: 800, align: 'center', lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
    }
    if (datos.formato === 'carta' || count > 1) {
      const y = tamano.alto - tamano.margen - 9;
      doc.font('Helvetica').fontSize(7).fillColor(GRIS);
      const ancho = tamano.ancho - 2 * tamano.margen;
      if (datos.formato === 'carta') escribir(doc, nombreArchivoBase(datos), tamano.margen, y, ancho * 0.7);
      doc.text(`Página ${i - start + 1} de ${count}`, tamano.margen, y, { width: ancho, align: 'right', lineBreak: false });
    }
  }
}

// ─── Letter ──────────────────────────────────────────────────────────────────────────────────────────────

const CARTA: Tamano = { ancho: ANCHO_CARTA, alto: ALTO_CARTA, margen: MARGEN_CARTA, pie: 18 };

interface Columna {
  titulo: string;
  ancho: number;
  align: 'left' | 'right';
}

/** The lines table: 540 pt, the description takes what the others leave. */
const COLUMNAS: Columna[] = [
  { titulo: 'Referencia', ancho: 64, align: 'left' },
  { titulo: 'Descripción', ancho: 0, align: 'left' },
  { titulo: 'Cant.', ancho: 38, align: 'right' },
  { titulo: 'Valor unitario', ancho: 66, align: 'right' },
  { titulo: 'Descuento', ancho: 62, align: 'right' },
  { titulo: 'Subtotal', ancho: 68, align: 'right' },
  { titulo: 'Imp. %', ancho: 34, align: 'right' },
  { titulo: 'Total', ancho: 70, align: 'right' },
];
const ANCHO_TABLA = CARTA.ancho - 2 * CARTA.margen;
COLUMNAS[1]!.ancho = ANCHO_TABLA - COLUMNAS.reduce((suma, c) => suma + c.ancho, 0);
const RELLENO = 3;
const TEXTO_TABLA = 7.5;

function posicionesColumnas(x: number): number[] {
  const posiciones: number[] = [];
  let actual = x;
  for (const columna of COLUMNAS) {
    posiciones.push(actual);
    actual += columna.ancho;
  }
  return posiciones;
}

function encabezadoTabla(hoja: Hoja): void {
  const { doc } = hoja;
  const alto = 16;
  doc.rect(hoja.izquierda, hoja.y, ANCHO_TABLA, alto).fill('#424242');
  doc.font('Helvetica-Bold').fontSize(7).fillColor('#ffffff');
  const xs = posicionesColumnas(hoja.izquierda);
  COLUMNAS.forEach((columna, i) => {
    escribir(doc, columna.titulo, xs[i]! + RELLENO, hoja.y + 5, columna.ancho - 2 * RELLENO, columna.align);
  });
  hoja.y += alto;
}

/** The top of every page after the first: which document continues. */
function encabezadoContinuacion(hoja: Hoja, datos: DatosFacturaVenta): void {
  const { doc } = hoja;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(TINTA);
  escribir(doc, `${tituloConNumero(datos)} (continuación)`, hoja.izquierda, hoja.y, hoja.ancho * 0.6);
  doc.font('Helvetica').fontSize(8).fillColor(GRIS);
  escribir(doc, `${datos.emisor.razon_social} · Venta No. ${datos.venta_id}`, hoja.izquierda + hoja.ancho * 0.6, hoja.y + 1, hoja.ancho * 0.4, 'right');
  hoja.y += 14;
  doc.moveTo(hoja.izquierda, hoja.y).lineTo(hoja.izquierda + hoja.ancho, hoja.y).lineWidth(0.5).strokeColor(LINEA).stroke();
  hoja.y += 8;
}

function encabezadoCarta(hoja: Hoja, datos: DatosFacturaVenta): void {
  const { doc } = hoja;
  const x = hoja.izquierda;
  const top = hoja.y;
  const anchoEmisor = 318;
  // The issuer, left.
  doc.font('Helvetica-Bold').fontSize(13).fillColor(TINTA);
  let y = top + parrafo(doc, datos.emisor.razon_social, x, top, anchoEmisor);
  doc.font('Helvetica').fontSize(8.5).fillColor(TINTA);
  for (const texto of [
    datos.emisor.nit ? `NIT ${datos.emisor.nit}` : '',
    [datos.emisor.direccion, datos.emisor.ciudad].filter(Boolean).join(' · '),
    datos.emisor.telefono ? `Tel. ${datos.emisor.telefono}` : '',
  ]) {
    if (!texto) continue;
    y += 2;
    y += parrafo(doc, texto, x, y, anchoEmisor);
  }
  y += 4;
  doc.font('Helvetica-Bold').fontSize(8.5);
  escribir(doc, `Tienda ${datos.tienda.codigo} · ${datos.tienda.nombre}`, x, y, anchoEmisor);
  y += 12;

  // The document box, right.
  const bx = x + anchoEmisor + 14;
  const bw = hoja.ancho - anchoEmisor - 14;
  let by = top + 8;
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(TINTA);
  by += parrafo(doc, titulo(datos), bx + 8, by, bw - 16, { align: 'center' });
  if (datos.numero) {
    doc.font('Helvetica-Bold').fontSize(15);
    escribir(doc, `No. ${datos.numero}`, bx + 8, by + 2, bw - 16, 'center');
    by += 20;
  }
  doc.font('Helvetica').fontSize(8).fillColor(GRIS);
  // A quotation's number is its sale's: printed once.
  if (datos.clase !== 'COTIZACION') {
    escribir(doc, `Venta No. ${datos.venta_id}`, bx + 8, by + 2, bw - 16, 'center');
    by += 13;
  }
  if (datos.numero_factura) {
    escribir(doc, `Factura electrónica de venta No. ${datos.numero_factura}`, bx + 8, by, bw - 16, 'center');
    by += 11;
  }
  if (datos.anulada) {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(ROJO);
    escribir(doc, 'ANULADA', bx + 8, by + 2, bw - 16, 'center');
    by += 16;
    if (datos.fecha_anulacion) {
      doc.font('Helvetica').fontSize(7.5);
      escribir(doc, `el ${datos.fecha_anulacion}`, bx + 8, by, bw - 16, 'center');
      by += 11;
    }
  }
  by += 3;
  doc.moveTo(bx + 8, by).lineTo(bx + bw - 8, by).lineWidth(0.5).strokeColor(LINEA).stroke();
  by += 5;
  const fechas: [string, string][] = [];
  if (datos.fecha_factura) fechas.push(['Fecha de factura', datos.fecha_factura]);
  if (datos.fecha_vencimiento) fechas.push([ETIQUETA_VENCIMIENTO, datos.fecha_vencimiento]);
  fechas.push([datos.clase === 'COTIZACION' ? 'Fecha' : 'Fecha de venta', datos.fecha_venta]);
  if (datos.fecha_validez) fechas.push(['Válida hasta', datos.fecha_validez]);
  for (const [etiqueta, valor] of fechas) {
    doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
    // Wide enough for 'Fecha de vencimiento'; the value is right-aligned, clear of it.
    escribir(doc, etiqueta, bx + 8, by, 84);
    doc.fillColor(TINTA);
    escribir(doc, valor, bx + 78, by, bw - 86, 'right');
    by += 11;
  }
  by += 4;
  doc.roundedRect(bx, top, bw, by - top, 4).lineWidth(datos.anulada ? 1.2 : 0.8).strokeColor(datos.anulada ? ROJO : '#757575').stroke();

  hoja.y = Math.max(y, by) + 8;
  if (datos.resolucion) {
    doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
    hoja.y += parrafo(doc, textoResolucion(datos.resolucion), x, hoja.y, hoja.ancho) + 6;
  }
}

/** The customer box: two columns of label and value. */
function clienteCarta(hoja: Hoja, datos: DatosFacturaVenta): void {
  const { doc } = hoja;
  const c = datos.cliente;
  const x = hoja.izquierda;
  const mitad = hoja.ancho / 2;
  const izquierda: [string, string][] = [
    ['Cliente', c.nombre],
    ['Documento', [c.tipo_documento, c.numero_documento].filter(Boolean).join(' ')],
    ['Dirección', c.direccion || '—'],
    ['Ciudad', c.ciudad || '—'],
  ];
  const derecha: [string, string][] = [
    ['Teléfono', c.telefono || '—'],
    ['Correo', c.correo || '—'],
    ['Vendedor', datos.vendedor],
    // A quotation is an offer, not a sale to bill: it prints how long its prices hold instead.
    datos.clase === 'COTIZACION'
      ? ['Válida hasta', datos.fecha_validez ?? '—']
      : ['Modo de factura', datos.modo_factura ? MODOS_FACTURA_TEXTO[datos.modo_factura] : 'Sin facturar'],
  ];
  const top = hoja.y;
  const fila = 12;
  doc.rect(x, top, hoja.ancho, 14).fill(FONDO);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(TINTA).text('Datos del cliente', x + 6, top + 4, { lineBreak: false });
  let y = top + 19;
  const etiqueta = 62;
  const anchoValor = mitad - etiqueta - 12;
  // A long name, address or e-mail takes a second line rather than being cut (a third one is cut with '…').
  const fuente = (i: number, lado: number) => (i === 0 && lado === 0 ? 'Helvetica-Bold' : 'Helvetica');
  for (let i = 0; i < izquierda.length; i++) {
    let alto = fila;
    for (const [lado, lista] of [[0, izquierda], [1, derecha]] as const) {
      doc.font(fuente(i, lado)).fontSize(8);
      alto = Math.max(alto, Math.min(doc.heightOfString(lista[i]![1], { width: anchoValor }), 2 * fila - 2) + 2);
    }
    for (const [lado, lista] of [[0, izquierda], [1, derecha]] as const) {
      const [nombre, valor] = lista[i]!;
      const cx = x + 6 + lado * mitad;
      doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
      escribir(doc, nombre, cx, y, etiqueta);
      doc.font(fuente(i, lado)).fontSize(8).fillColor(TINTA);
      doc.text(valor, cx + etiqueta, y - 0.5, { width: anchoValor, height: alto - 1, ellipsis: true });
    }
    y += alto;
  }
  doc.rect(x, top, hoja.ancho, y - top + 2).lineWidth(0.6).strokeColor(LINEA).stroke();
  hoja.y = y + 10;
}

function filaLinea(hoja: Hoja, linea: LineaDocumentoVenta, par: boolean): void {
  const { doc } = hoja;
  const xs = posicionesColumnas(hoja.izquierda);
  doc.font('Helvetica').fontSize(TEXTO_TABLA);
  const anchoTexto = (i: number) => COLUMNAS[i]!.ancho - 2 * RELLENO;
  const altoDescripcion = doc.heightOfString(linea.descripcion || ' ', { width: anchoTexto(1) });
  const altoReferencia = doc.heightOfString(linea.referencia || ' ', { width: anchoTexto(0) });
  const conDescuento = linea.valor_descuento > 0;
  const alto = Math.max(altoDescripcion, altoReferencia, conDescuento ? 18 : 9) + 2 * RELLENO;
  if (hoja.asegurar(alto)) par = false;
  const y = hoja.y;
  if (par) doc.rect(hoja.izquierda, y, ANCHO_TABLA, alto).fill('#f7f7f7');
  doc.fillColor(TINTA).font('Helvetica').fontSize(TEXTO_TABLA);
  doc.text(linea.referencia, xs[0]! + RELLENO, y + RELLENO, { width: anchoTexto(0) });
  doc.text(linea.descripcion, xs[1]! + RELLENO, y + RELLENO, { width: anchoTexto(1) });
  const valores: (string | null)[] = [
    null,
    null,
    formatearNumero(linea.cantidad),
    pesosImpresos(linea.valor_unitario),
    conDescuento ? pesosImpresos(linea.valor_descuento) : '—',
    pesosImpresos(linea.valor_subtotal),
    impuestoDeLinea(linea),
    pesosImpresos(linea.valor_total),
  ];
  valores.forEach((valor, i) => {
    if (valor === null) return;
    doc.font(i === 7 ? 'Helvetica-Bold' : 'Helvetica').fillColor(TINTA);
    ajustado(doc, valor, xs[i]! + RELLENO, y + RELLENO, anchoTexto(i), 'right', TEXTO_TABLA);
  });
  if (conDescuento) {
    doc.font('Helvetica').fillColor(GRIS);
    ajustado(doc, `(${formatearPorcentaje(linea.porcentaje_descuento)})`, xs[4]! + RELLENO, y + RELLENO + 9, anchoTexto(4), 'right', 6.5);
  }
  hoja.y += alto;
  doc.moveTo(hoja.izquierda, hoja.y).lineTo(hoja.izquierda + ANCHO_TABLA, hoja.y).lineWidth(0.3).strokeColor('#e0e0e0').stroke();
}

/** A small table with a title row: the taxes by rate and the payments. Answers its height. */
function tablaPequena(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  anchos: number[],
  titulos: string[],
  filas: string[][],
  alineacion: ('left' | 'right')[],
): number {
  const ancho = anchos.reduce((a, b) => a + b, 0);
  doc.rect(x, y, ancho, 13).fill(FONDO);
  doc.font('Helvetica-Bold').fontSize(7).fillColor(TINTA);
  let cx = x;
  titulos.forEach((t, i) => {
    escribir(doc, t, cx + 4, y + 3.5, anchos[i]! - 8, alineacion[i]);
    cx += anchos[i]!;
  });
  let fy = y + 13;
  doc.font('Helvetica').fontSize(7.5);
  for (const fila of filas) {
    cx = x;
    fila.forEach((t, i) => {
      doc.fillColor(TINTA);
      if (alineacion[i] === 'right') ajustado(doc, t, cx + 4, fy + 3, anchos[i]! - 8, 'right', 7.5);
      else escribir(doc, t, cx + 4, fy + 3, anchos[i]! - 8);
      cx += anchos[i]!;
    });
    fy += 12;
  }
  doc.rect(x, y, ancho, fy - y + 2).lineWidth(0.5).strokeColor(LINEA).stroke();
  return fy - y + 2;
}

function filasPagos(datos: DatosFacturaVenta): string[][] {
  return datos.formas_pago.map((pago) => [pago.nombre, pago.comprobante ?? '—', pesosImpresos(pago.valor)]);
}

function filasImpuestos(datos: DatosFacturaVenta): string[][] {
  const filas = impuestosPorTarifa(datos.lineas).map((t) => [
    t.clase === 'Taxed' ? `Impuesto ${formatearPorcentaje(t.porcentaje)}` : NOMBRES_CLASE_TRIBUTARIA[t.clase],
    pesosImpresos(t.base),
    pesosImpresos(t.impuesto),
  ]);
  if (datos.otro_impuesto) {
    filas.push([`${datos.otro_impuesto.nombre} ${formatearPorcentaje(datos.otro_impuesto.porcentaje)}`, pesosImpresos(datos.totales.subtotal), pesosImpresos(datos.totales.otros_impuestos)]);
  }
  return filas;
}

/**
 * Below the total, when the cash was rounded (docs/decisions-redondeo-envios.md): the adjustment and what the customer
 * paid. The invoice's total stays the exact one; the rounding is a payment difference.
 */
function filasRedondeo(datos: DatosFacturaVenta): [string, string][] {
  const ajuste = aCentavos(datos.ajuste_redondeo ?? 0);
  if (ajuste === 0) return [];
  return [
    [MENSAJES_REDONDEO.etiqueta, pesosImpresos(dePesos(ajuste))],
    ['Total pagado', pesosImpresos(dePesos(aCentavos(datos.totales.total) + ajuste))],
  ];
}

function filasTotales(datos: DatosFacturaVenta): [string, string][] {
  const t = datos.totales;
  const filas: [string, string][] = [
    ['Valor bruto', pesosImpresos(t.subtotal + t.descuento)],
    ['Descuento', pesosImpresos(t.descuento)],
    ['Subtotal', pesosImpresos(t.subtotal)],
    ['Impuestos', pesosImpresos(t.impuestos)],
  ];
  if (datos.otro_impuesto || t.otros_impuestos > 0) {
    filas.push([datos.otro_impuesto ? `${datos.otro_impuesto.nombre} (${formatearPorcentaje(datos.otro_impuesto.porcentaje)})` : 'Otro impuesto', pesosImpresos(t.otros_impuestos)]);
  }
  return filas;
}

/** What goes below the table: taxes and payments left, totals right, then the total in words and who sold and billed. */
function resumenCarta(hoja: Hoja, datos: DatosFacturaVenta): void {
  const { doc } = hoja;
  const x = hoja.izquierda;
  const anchoIzq = 330;
  const filasImp = filasImpuestos(datos);
  const pagos = filasPagos(datos);
  const conEfectivo = datos.valor_recibido_efectivo !== null;
  const altoIzq = 13 + 12 * filasImp.length + 10 + (pagos.length ? 13 + 12 * pagos.length + 6 : 14) + (conEfectivo ? 26 : 0) + 4;
  const totales = filasTotales(datos);
  const redondeo = filasRedondeo(datos);
  const altoDer = 12 * totales.length + 33 + (redondeo.length ? 12 * redondeo.length + 4 : 0);
  hoja.asegurar(Math.max(altoIzq, altoDer) + 12 + 40);
  hoja.y += 6;
  const top = hoja.y;

  let y = top;
  y += tablaPequena(doc, x, y, [130, 100, 100], ['Impuestos por tarifa', 'Base', 'Impuesto'], filasImp, ['left', 'right', 'right']) + 8;
  if (pagos.length) {
    y += tablaPequena(doc, x, y, [130, 100, 100], ['Forma de pago', 'Comprobante', 'Valor'], pagos, ['left', 'left', 'right']) + 4;
  } else {
    doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(GRIS);
    escribir(doc, datos.clase === 'COTIZACION' ? `Precios válidos hasta el ${datos.fecha_validez ?? ''}.` : 'Sin formas de pago: la venta no se ha facturado.', x, y, anchoIzq);
    y += 12;
  }
  if (conEfectivo) {
    for (const [etiqueta, valor] of [
      ['Efectivo recibido', pesosImpresos(datos.valor_recibido_efectivo ?? 0)],
      ['Cambio', pesosImpresos(datos.cambio)],
    ] as const) {
      doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
      escribir(doc, etiqueta, x + 4, y + 2, 120);
      doc.font('Helvetica-Bold').fillColor(TINTA);
      ajustado(doc, valor, x + 234, y + 2, 92, 'right', 8);
      y += 12;
    }
  }

  // Totals box, right.
  const tx = x + anchoIzq + 20;
  const tw = hoja.ancho - anchoIzq - 20;
  let ty = top + 3;
  // One row of the box: the value right, at most `fraccion` of the box, and its label in the rest.
  const filaDeCaja = (etiqueta: string, valor: string, fraccion: number) => {
    doc.font('Helvetica').fontSize(8).fillColor(TINTA);
    const anchoValor = Math.min(tw * fraccion, doc.widthOfString(valor) + 2);
    ajustado(doc, valor, tx + tw - 6 - anchoValor, ty + 3, anchoValor, 'right', 8);
    doc.fillColor(GRIS);
    escribir(doc, etiqueta, tx + 6, ty + 3, tw - anchoValor - 18);
    ty += 12;
  };
  for (const [etiqueta, valor] of totales) filaDeCaja(etiqueta, valor, 0.55);
  ty += 4;
  doc.rect(tx, ty, tw, 22).fill('#424242');
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#ffffff');
  escribir(doc, 'TOTAL', tx + 6, ty + 6.5, tw * 0.4);
  ajustado(doc, pesosImpresos(datos.totales.total), tx + tw * 0.3, ty + 6.5, tw * 0.7 - 6, 'right', 10.5);
  ty += 22;
  if (redondeo.length) ty += 2;
  for (const [etiqueta, valor] of redondeo) filaDeCaja(etiqueta, valor, 0.4);
  if (redondeo.length) ty += 2;
  doc.rect(tx, top, tw, ty - top).lineWidth(0.6).strokeColor(LINEA).stroke();

  hoja.y = Math.max(y, ty) + 10;
  // The total in words, across.
  doc.font('Helvetica-Bold').fontSize(8);
  const letras = lineasPorPalabras(doc, `Son: ${valorEnLetras(datos.totales.total)}`, hoja.ancho - 12);
  const altoLetras = letras.length * 10;
  hoja.asegurar(altoLetras + 10);
  doc.rect(x, hoja.y, hoja.ancho, altoLetras + 10).fill(FONDO);
  doc.fillColor(TINTA);
  letras.forEach((texto, i) => doc.text(texto, x + 6, hoja.y + 6 + i * 10, { lineBreak: false }));
  hoja.y += altoLetras + 18;

  // Who sold and who billed, the mode, the observation.
  const pie: [string, string][] =
    datos.clase === 'COTIZACION'
      ? [['Vendedor', datos.vendedor]]
      : [
          ['Modo de factura', datos.modo_factura ? MODOS_FACTURA_TEXTO[datos.modo_factura] : 'Sin facturar'],
          ['Vendedor', datos.vendedor],
          // A POS document names its cashier (its till is the store the header prints).
          [datos.clase === 'POS' ? 'Cajero' : 'Facturado por', datos.facturador ?? '—'],
        ];
  hoja.asegurar(14);
  const tercio = hoja.ancho / 3;
  pie.forEach(([etiqueta, valor], i) => {
    doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
    const ancho = doc.widthOfString(`${etiqueta}: `);
    doc.text(`${etiqueta}: `, x + i * tercio, hoja.y, { lineBreak: false });
    doc.font('Helvetica-Bold').fillColor(TINTA);
    escribir(doc, valor, x + i * tercio + ancho, hoja.y, tercio - ancho - 6);
  });
  hoja.y += 14;
  if (datos.observacion) {
    doc.font('Helvetica').fontSize(7.5);
    const texto = `Observación: ${datos.observacion}`;
    hoja.asegurar(doc.heightOfString(texto, { width: hoja.ancho }) + 4);
    doc.fillColor(TINTA);
    hoja.y += parrafo(doc, texto, x, hoja.y, hoja.ancho) + 4;
  }
  bloqueElectronico(hoja, datos, 78);
}

/**
 * The electronic invoice's QR (DIAN's content: number, dates, amounts, CUFE and the lookup address) and its CUFE, as
 * the graphic representation must show them; drawn as vector squares, so it stays sharp on any printer.
 */
function bloqueElectronico(hoja: Hoja, datos: DatosFacturaVenta, lado: number): void {
  const fe = datos.factura_electronica;
  if (!fe) return;
  const { doc } = hoja;
  const x = hoja.izquierda;
  const pos = datos.clase === 'POS';
  // A POS document's code is its CUDE (made with the software PIN), an invoice's its CUFE.
  const textoCufe = `${pos ? 'CUDE' : 'CUFE'}: ${fe.cufe}`;
  const anchoTexto = hoja.ancho - lado - 10 > 120 ? hoja.ancho - lado - 10 : hoja.ancho;
  // On the 80 mm roll the text goes under the QR; on letter paper, beside it.
  const debajo = anchoTexto === hoja.ancho;
  const documento = pos ? 'del documento equivalente electrónico tiquete POS' : 'de la factura electrónica de venta';
  const leyenda = fe.aceptada
    ? `Representación gráfica ${documento} validada por la DIAN.`
    : `Representación gráfica ${documento}. Pendiente de validación por la DIAN.`;
  // Measured with the fonts they print in, so the receipt's measuring pass and its drawing agree to the point.
  const altoLeyenda = doc.font('Helvetica').fontSize(7).heightOfString(leyenda, { width: anchoTexto });
  const altoCufe = doc.font('Courier').fontSize(6.5).heightOfString(textoCufe, { width: anchoTexto });
  const altoTexto = 4 + altoLeyenda + 2 + altoCufe;
  const alto = debajo ? lado + altoTexto + 4 : Math.max(lado, altoTexto) + 6;
  hoja.asegurar(alto);
  const top = hoja.y;
  dibujarQr(doc, fe.qr, debajo ? x + (hoja.ancho - lado) / 2 : x, top, lado);
  const textoX = debajo ? x : x + lado + 10;
  const textoY = (debajo ? top + lado : top) + 4;
  doc.font('Helvetica').fontSize(7).fillColor(GRIS).text(leyenda, textoX, textoY, { width: anchoTexto });
  doc.font('Courier').fontSize(6.5).fillColor(TINTA).text(textoCufe, textoX, textoY + altoLeyenda + 2, { width: anchoTexto });
  hoja.y = top + alto;
}

function renderCarta(datos: DatosFacturaVenta): Promise<Buffer> {
  const doc = nuevoDocumentoVenta(datos);
  dibujarCarta(doc, datos);
  return aBuffer(doc);
}

/** A letter sale document's pdfkit document (its pages buffered, so 'Página n de m' can be written at the end). */
export function nuevoDocumentoVenta(datos: DatosFacturaVenta): PDFKit.PDFDocument {
  return nuevoDocumento({ bufferPages: true, info: { Title: nombreArchivoBase(datos), Author: datos.emisor.razon_social || 'Tablero' } });
}

/**
 * Draws the letter document on `doc`, numbering its own pages: a document that adds pages after it (the quotation's
 * cut plans) keeps those out of 'Página n de m'.
 */
export function dibujarCarta(doc: PDFKit.PDFDocument, datos: DatosFacturaVenta): void {
  const hoja = new Hoja(doc, CARTA);
  hoja.nuevaPagina();
  encabezadoCarta(hoja, datos);
  clienteCarta(hoja, datos);
  hoja.alNuevaPagina = () => {
    encabezadoContinuacion(hoja, datos);
    encabezadoTabla(hoja);
  };
  encabezadoTabla(hoja);
  datos.lineas.forEach((linea, i) => filaLinea(hoja, linea, i % 2 === 1));
  hoja.alNuevaPagina = () => encabezadoContinuacion(hoja, datos);
  resumenCarta(hoja, datos);
  marcarPaginas(doc, datos, CARTA);
}

// ─── 80 mm receipt ───────────────────────────────────────────────────────────────────────────────────────

/** 80 mm in points: the roll's width. */
export const ANCHO_80MM = (80 * 72) / 25.4;
/** The tallest page PDF readers accept (200 inches); a longer receipt continues on more pages of this height. */
export const ALTO_MAXIMO_PAGINA = 14_400;
const MARGEN_80MM = 10;

function separador(hoja: Hoja): void {
  hoja.asegurar(8);
  hoja.doc
    .moveTo(hoja.izquierda, hoja.y + 3)
    .lineTo(hoja.izquierda + hoja.ancho, hoja.y + 3)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .strokeColor('#757575')
    .stroke()
    .undash();
  hoja.y += 8;
}

/** Centered wrapped text in the current font. */
function centrado(hoja: Hoja, texto: string, interlineado = 1): void {
  const alto = hoja.doc.heightOfString(texto, { width: hoja.ancho, align: 'center' });
  hoja.asegurar(alto);
  hoja.doc.text(texto, hoja.izquierda, hoja.y, { width: hoja.ancho, align: 'center' });
  hoja.y += alto + interlineado;
}

/**
 * A section's grey bold heading; with `derecha`, a second heading right-aligned, the left one then taking the
 * fraction `derecha.desde` of the width.
 */
function titulo80(hoja: Hoja, texto: string, derecha?: { texto: string; desde: number }): void {
  const { doc } = hoja;
  doc.font('Helvetica-Bold').fontSize(7).fillColor(GRIS);
  hoja.asegurar(10);
  escribir(doc, texto, hoja.izquierda, hoja.y, derecha ? hoja.ancho * derecha.desde : hoja.ancho);
  if (derecha) escribir(doc, derecha.texto, hoja.izquierda, hoja.y, hoja.ancho, 'right');
  hoja.y += 10;
}

/** A label left and an amount right on one line. */
function parValor(hoja: Hoja, etiqueta: string, valor: string, tamano = 7.5, negrita = false): void {
  const { doc } = hoja;
  hoja.asegurar(tamano + 3);
  doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(tamano).fillColor(TINTA);
  const anchoValor = Math.min(hoja.ancho * 0.55, doc.widthOfString(valor) + 2);
  escribir(doc, etiqueta, hoja.izquierda, hoja.y, hoja.ancho - anchoValor - 4);
  ajustado(doc, valor, hoja.izquierda + hoja.ancho - anchoValor, hoja.y, anchoValor, 'right', tamano);
  hoja.y += tamano + 3;
}

/** Wrapped left-aligned text with an optional bold label. */
function texto80(hoja: Hoja, etiqueta: string, valor: string, tamano = 7.5): void {
  const { doc } = hoja;
  doc.font('Helvetica').fontSize(tamano).fillColor(TINTA);
  const completo = etiqueta ? `${etiqueta}: ${valor}` : valor;
  const alto = doc.heightOfString(completo, { width: hoja.ancho });
  hoja.asegurar(alto);
  if (etiqueta) {
    doc.font('Helvetica-Bold').text(`${etiqueta}: `, hoja.izquierda, hoja.y, { width: hoja.ancho, continued: true });
    doc.font('Helvetica').text(valor);
  } else {
    doc.text(valor, hoja.izquierda, hoja.y, { width: hoja.ancho });
  }
  hoja.y += alto + 1;
}

function dibujar80mm(hoja: Hoja, datos: DatosFacturaVenta): void {
  const { doc } = hoja;
  hoja.nuevaPagina();
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(TINTA);
  centrado(hoja, datos.emisor.razon_social);
  doc.font('Helvetica').fontSize(7.5);
  if (datos.emisor.nit) centrado(hoja, `NIT ${datos.emisor.nit}`, 0);
  const direccion = [datos.emisor.direccion, datos.emisor.ciudad].filter(Boolean).join(' · ');
  if (direccion) centrado(hoja, direccion, 0);
  if (datos.emisor.telefono) centrado(hoja, `Tel. ${datos.emisor.telefono}`, 0);
  centrado(hoja, `Tienda ${datos.tienda.codigo} · ${datos.tienda.nombre}`);
  separador(hoja);

  doc.font('Helvetica-Bold').fontSize(9);
  centrado(hoja, titulo(datos));
  if (datos.numero) {
    doc.fontSize(12);
    centrado(hoja, `No. ${datos.numero}`);
  }
  doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
  centrado(hoja, `Venta No. ${datos.venta_id}`, 0);
  if (datos.numero_factura) centrado(hoja, `Factura electrónica de venta No. ${datos.numero_factura}`, 0);
  if (datos.anulada) {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(ROJO);
    centrado(hoja, 'ANULADA', 0);
    if (datos.fecha_anulacion) {
      doc.font('Helvetica').fontSize(7.5);
      centrado(hoja, `el ${datos.fecha_anulacion}`, 0);
    }
  }
  hoja.y += 3;
  doc.fillColor(TINTA);
  if (datos.fecha_factura) parValor(hoja, 'Fecha de factura', datos.fecha_factura);
  if (datos.fecha_vencimiento) parValor(hoja, ETIQUETA_VENCIMIENTO, datos.fecha_vencimiento);
  parValor(hoja, 'Fecha de venta', datos.fecha_venta);
  if (datos.resolucion) {
    doc.font('Helvetica').fontSize(6.5).fillColor(GRIS);
    const texto = textoResolucion(datos.resolucion);
    const alto = doc.heightOfString(texto, { width: hoja.ancho });
    hoja.asegurar(alto);
    doc.text(texto, hoja.izquierda, hoja.y, { width: hoja.ancho });
    hoja.y += alto + 2;
  }
  separador(hoja);

  const c = datos.cliente;
  texto80(hoja, 'Cliente', c.nombre);
  texto80(hoja, 'Documento', [c.tipo_documento, c.numero_documento].filter(Boolean).join(' '));
  if (c.direccion) texto80(hoja, 'Dirección', c.direccion);
  if (c.ciudad) texto80(hoja, 'Ciudad', c.ciudad);
  if (c.telefono) texto80(hoja, 'Teléfono', c.telefono);
  if (c.correo) texto80(hoja, 'Correo', c.correo);
  separador(hoja);

  // Lines: reference and description, then quantity × unit value and the total, then discount, subtotal and tax.
  titulo80(hoja, 'Cant. × valor unitario', { texto: 'Total', desde: 0.6 });
  for (const linea of datos.lineas) {
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(TINTA);
    const cabeza = `${linea.referencia} ${linea.descripcion}`;
    const alto = doc.heightOfString(cabeza, { width: hoja.ancho });
    hoja.asegurar(alto + 20);
    doc.text(linea.referencia, hoja.izquierda, hoja.y, { width: hoja.ancho, continued: true });
    doc.font('Helvetica').text(` ${linea.descripcion}`);
    hoja.y += alto + 1;
    parValor(hoja, `${formatearNumero(linea.cantidad)} × ${pesosImpresos(linea.valor_unitario)}`, pesosImpresos(linea.valor_total), 7.5, true);
    const detalle = [
      linea.valor_descuento > 0 ? `Desc. ${formatearPorcentaje(linea.porcentaje_descuento)} ${pesosImpresos(linea.valor_descuento)}` : null,
      `Subt. ${pesosImpresos(linea.valor_subtotal)}`,
      linea.clase_tributaria === 'Taxed' ? `Imp. ${impuestoDeLinea(linea)}` : impuestoDeLinea(linea),
    ]
      .filter(Boolean)
      .join(' · ');
    doc.font('Helvetica').fontSize(6.5).fillColor(GRIS);
    hoja.asegurar(9);
    escribir(doc, detalle, hoja.izquierda, hoja.y, hoja.ancho);
    hoja.y += 10;
  }
  separador(hoja);

  for (const [etiqueta, valor] of filasTotales(datos)) parValor(hoja, etiqueta, valor);
  hoja.y += 2;
  parValor(hoja, 'TOTAL', pesosImpresos(datos.totales.total), 10.5, true);
  for (const [etiqueta, valor] of filasRedondeo(datos)) parValor(hoja, etiqueta, valor, 7.5);
  hoja.y += 2;
  doc.font('Helvetica-Bold').fontSize(7).fillColor(TINTA);
  for (const texto of lineasPorPalabras(doc, `Son: ${valorEnLetras(datos.totales.total)}`, hoja.ancho)) centrado(hoja, texto, 0);
  hoja.y += 2;
  separador(hoja);

  titulo80(hoja, 'Impuestos por tarifa', { texto: 'Base / Impuesto', desde: 0.5 });
  for (const [nombre, base, impuesto] of filasImpuestos(datos)) parValor(hoja, nombre!, `${base} / ${impuesto}`, 7);
  separador(hoja);

  if (datos.formas_pago.length) {
    titulo80(hoja, 'Formas de pago');
    for (const pago of datos.formas_pago) {
      parValor(hoja, pago.comprobante ? `${pago.nombre} (comp. ${pago.comprobante})` : pago.nombre, pesosImpresos(pago.valor));
    }
    if (datos.valor_recibido_efectivo !== null) {
      parValor(hoja, 'Efectivo recibido', pesosImpresos(datos.valor_recibido_efectivo));
      parValor(hoja, 'Cambio', pesosImpresos(datos.cambio), 7.5, true);
    }
  } else {
    doc.font('Helvetica-Oblique').fontSize(7).fillColor(GRIS);
    centrado(hoja, 'Sin formas de pago: la venta no se ha facturado.');
  }
  separador(hoja);
  texto80(hoja, 'Modo de factura', datos.modo_factura ? MODOS_FACTURA_TEXTO[datos.modo_factura] : 'Sin facturar');
  texto80(hoja, 'Vendedor', datos.vendedor);
  if (datos.clase === 'POS') {
    // The POS document names its point of sale: the store's till and its cashier (Res. 000165 de 2023).
    texto80(hoja, 'Caja', `Tienda ${datos.tienda.codigo} · ${datos.tienda.nombre}`);
    texto80(hoja, 'Cajero', datos.facturador ?? '—');
  } else {
    texto80(hoja, 'Facturado por', datos.facturador ?? '—');
  }
  if (datos.observacion) texto80(hoja, 'Observación', datos.observacion);
  if (datos.factura_electronica) {
    separador(hoja);
    bloqueElectronico(hoja, datos, 110);
  }
}

/**
 * The receipt: drawn once on a page of the largest height to measure it, then again on a page as tall as its
 * content (a receipt printer cuts where the content ends). Beyond ALTO_MAXIMO_PAGINA it continues on more pages.
 */
async function render80mm(datos: DatosFacturaVenta): Promise<Buffer> {
  const base: Tamano = { ancho: ANCHO_80MM, alto: ALTO_MAXIMO_PAGINA, margen: MARGEN_80MM, pie: 0 };
  const medida = new Hoja(nuevoDocumento({ bufferPages: true }), base);
  dibujar80mm(medida, datos);
  const paginas = medida.doc.bufferedPageRange().count;
  medida.doc.end();
  const alto = paginas > 1 ? ALTO_MAXIMO_PAGINA : Math.ceil(medida.y + MARGEN_80MM);
  const tamano: Tamano = { ...base, alto, pie: paginas > 1 ? 12 : 0 };
  const doc = nuevoDocumento({ bufferPages: true, info: { Title: nombreArchivoBase(datos), Author: datos.emisor.razon_social || 'Tablero' } });
  const hoja = new Hoja(doc, tamano);
  dibujar80mm(hoja, datos);
  marcarPaginas(doc, datos, tamano);
  return aBuffer(doc);
}

/** Renders a sale document (invoice, remission or order) on the size its data asks for. */
export function renderFacturaVenta(datos: DatosFacturaVenta): Promise<Buffer> {
  return datos.formato === '80mm' ? render80mm(datos) : renderCarta(datos);
}
