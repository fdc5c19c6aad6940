/**
 * The credit documents (spec 002 §7 public/abono/{id} and public/credito/{id}; docs/decisions-creditos.md), rendered in
 * the documents pool:
 *
 * - The credit sale's receipt ('Recibo de abonos a crédito'): the sale and its invoice, the customer, the charge, every
 *   payment with its date, methods (voucher code, deposit date), observation and user, annulled payments marked and
 *   their annulment, write-offs with their reason, the sale's annulment, and what is still owed.
 * - The account statement ('Estado de cuenta'): every movement of the credit in the order written with its running
 *   balance, the pending balance of each sale with its days past the invoice date, the totals per movement type and the
 *   aging buckets (current, 1–30, 31–60, 61–90, over 90 days).
 *
 * Letter paper; long lists flow onto more pages with the table header repeated, 'Página n de m' on every page. Money
 * prints with $ and en-US grouping and two decimals, like the sale documents.
 */
import { formatearFecha, formatearNit } from '@tablero/domain';
import { aBuffer, ALTO_CARTA as ALTO, ANCHO_CARTA as ANCHO, escribir, FONDO, GRIS, LINEA, MARGEN_CARTA as MARGEN, nuevoDocumento, ROJO, TINTA } from './corte-comun';
import { pesosImpresos } from './factura-venta';

// The two documents join the pool's catalogue (documentos.ts) here, next to their data.
declare module './documentos' {
  interface Documentos {
    /** A credit sale's receipt: charge, payments, pending balance (public/abono). */
    'credito-recibo': DatosReciboCredito;
    /** A credit's account statement (public/credito). */
    'credito-estado-cuenta': DatosEstadoCuentaCredito;
  }
}

export interface EmisorCredito {
  razon_social: string;
  nit: string;
  direccion: string;
  telefono: string;
  ciudad: string;
}

export interface ClienteCredito {
  nombre: string;
  tipo_documento: string;
  numero_documento: string;
}

export interface FormaPagoImpresa {
  nombre: string;
  valor: number;
  codigo_comprobante: string | null;
  fecha_consignacion: string | null;
}

/** One movement as the receipt prints it. */
export interface MovimientoRecibo {
  id: number;
  tipo_movimiento_credito_id: number;
  tipo: string;
  /** Business date 'YYYY-MM-DD'. */
  fecha: string;
  /** When it was recorded, as printed. */
  registrado: string;
  descripcion: string;
  /** + raises what is owed, − lowers it. */
  valor: number;
  usuario: string | null;
  observacion: string | null;
  formas_pago: FormaPagoImpresa[];
  /** A payment reversed by a later annulment (its id). */
  anulado_por: number | null;
}

export interface DatosReciboCredito {
  emisor: EmisorCredito;
  tienda: { codigo: string; nombre: string } | null;
  cliente: ClienteCredito;
  /** 'FE123' when billed with a number (formatearNumeroDocumento). */
  numero_factura: string | null;
  /** The sale as the customer knows it: its number, or 'Pedido No. N' while it has none. */
  documento: string;
  /** The charge's date 'YYYY-MM-DD' (the invoice date). */
  fecha_factura: string;
  venta_anulada: boolean;
  valor_credito: number;
  valor_pagado: number;
  valor_eliminado: number;
  valor_anulado_venta: number;
  saldo_pendiente: number;
  movimientos: MovimientoRecibo[];
  /** When the document was produced, as printed. */
  generado: string;
}

export interface MovimientoEstadoCuenta {
  fecha: string;
  tipo: string;
  descripcion: string;
  /** The sale's document as the customer holds it ('FE2', 'Pedido No. 12'); '' for a movement of no sale. */
  documento: string;
  /** Raises what is owed (charges, annulled payments). */
  cargo: number;
  /** Lowers it (payments, annulled sales, write-offs). */
  abono: number;
  /** The account's total right after it. */
  saldo: number;
  usuario: string | null;
}

export interface PendienteEstadoCuenta {
  /** The sale's invoice, POS document or remission number ('FE2'), or 'Pedido No. 12' while it has none. */
  documento: string;
  fecha: string;
  /** The invoice's due date 'YYYY-MM-DD' (docs/decisions-factura-electronica.md, "Venta a crédito"). */
  vencimiento: string | null;
  dias: number;
  valor_credito: number;
  saldo: number;
}

export interface BucketsImpresos {
  corriente: number;
  dias_1_30: number;
  dias_31_60: number;
  dias_61_90: number;
  mas_90: number;
  total: number;
}

export interface DatosEstadoCuentaCredito {
  emisor: EmisorCredito;
  cliente: ClienteCredito;
  credito_id: number;
  cupo: number;
  total_credito: number;
  /** The statement's date 'YYYY-MM-DD' (today). */
  fecha_corte: string;
  movimientos: MovimientoEstadoCuenta[];
  pendientes: PendienteEstadoCuenta[];
  totales: { cargos: number; pagos: number; anulaciones_pago: number; anulaciones_venta: number; eliminaciones: number; devoluciones: number };
  edades: BucketsImpresos;
  generado: string;
}

export const TITULO_RECIBO_CREDITO = 'Recibo de abonos a crédito';
export const TITULO_ESTADO_CUENTA = 'Estado de cuenta';

const PIE = 18;
const ANCHO_UTIL = ANCHO - 2 * MARGEN;

/** A cursor over letter pages that starts a new page (with its header) when a block would not fit. */
class Hoja {
  y = MARGEN;
  alNuevaPagina: () => void = () => {};
  constructor(readonly doc: PDFKit.PDFDocument) {}
  nuevaPagina(): void {
    this.doc.addPage({ size: [ANCHO, ALTO], margin: 0 });
    this.y = MARGEN;
    this.alNuevaPagina();
  }
  asegurar(alto: number): void {
    if (this.y + alto > ALTO - MARGEN - PIE) this.nuevaPagina();
  }
}

/** The issuer (left) and the title box (right). */
function encabezado(hoja: Hoja, emisor: EmisorCredito, tienda: DatosReciboCredito['tienda'], titulo: string, lineasCaja: string[]): void {
  const { doc } = hoja;
  const x = MARGEN;
  const y = hoja.y;
  const anchoCaja = 200;
  const anchoEmisor = ANCHO_UTIL - anchoCaja - 12;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(TINTA);
  escribir(doc, emisor.razon_social, x, y, anchoEmisor);
  doc.font('Helvetica').fontSize(8.5).fillColor(GRIS);
  const lineas = [
    emisor.nit ? `NIT ${formatearNit(emisor.nit)}` : '',
    [emisor.direccion, emisor.ciudad].filter(Boolean).join(' · '),
    emisor.telefono ? `Teléfono ${emisor.telefono}` : '',
    tienda ? `Tienda ${tienda.codigo} · ${tienda.nombre}` : '',
  ].filter(Boolean);
  lineas.forEach((linea, i) => escribir(doc, linea, x, y + 18 + i * 11, anchoEmisor));
  const xCaja = x + ANCHO_UTIL - anchoCaja;
  const altoCaja = 26 + lineasCaja.length * 12;
  doc.lineWidth(0.8).rect(xCaja, y, anchoCaja, altoCaja).strokeColor(LINEA).stroke();
  doc.rect(xCaja, y, anchoCaja, 20).fill(FONDO);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TINTA);
  escribir(doc, titulo, xCaja + 8, y + 6, anchoCaja - 16, 'center');
  doc.font('Helvetica').fontSize(8.5).fillColor(TINTA);
  lineasCaja.forEach((linea, i) => escribir(doc, linea, xCaja + 8, y + 26 + i * 12, anchoCaja - 16, 'center'));
  hoja.y = y + Math.max(altoCaja, 18 + lineas.length * 11) + 14;
}

/** A box titled `titulo` with label/value pairs in two columns. */
function bloqueCampos(hoja: Hoja, titulo: string, campos: [string, string][]): void {
  const { doc } = hoja;
  const filas = Math.ceil(campos.length / 2);
  const alto = 16 + filas * 14 + 6;
  hoja.asegurar(alto + 10);
  const x = MARGEN;
  const y = hoja.y;
  doc.rect(x, y, ANCHO_UTIL, 16).fill(FONDO);
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(TINTA);
  escribir(doc, titulo, x + 6, y + 4.5, ANCHO_UTIL - 12);
  doc.lineWidth(0.8).rect(x, y, ANCHO_UTIL, alto).strokeColor(LINEA).stroke();
  const mitad = (ANCHO_UTIL - 12) / 2;
  campos.forEach(([etiqueta, valor], i) => {
    const cx = x + 6 + (i % 2) * mitad;
    const cy = y + 22 + Math.floor(i / 2) * 14;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(GRIS);
    escribir(doc, etiqueta, cx, cy, 96);
    doc.font('Helvetica').fontSize(9).fillColor(TINTA);
    escribir(doc, valor, cx + 96, cy - 0.5, mitad - 100);
  });
  hoja.y = y + alto + 12;
}

interface Columna {
  titulo: string;
  ancho: number;
  align?: 'left' | 'right' | 'center';
}

interface FilaTabla {
  celdas: string[];
  /** Lines printed under the row, across the table (methods, reasons). */
  detalle?: string[];
  color?: string;
  negrita?: boolean;
}

/** A titled table whose rows flow onto new pages with the header repeated. */
function tabla(hoja: Hoja, titulo: string, columnas: Columna[], filas: FilaTabla[], vacio: string): void {
  const { doc } = hoja;
  const anchoFijo = columnas.reduce((s, c) => s + c.ancho, 0);
  const anchos = columnas.map((c) => (c.ancho === 0 ? ANCHO_UTIL - anchoFijo : c.ancho));
  const dibujarTitulo = () => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TINTA);
    escribir(doc, titulo, MARGEN, hoja.y, ANCHO_UTIL);
    hoja.y += 15;
    doc.rect(MARGEN, hoja.y, ANCHO_UTIL, 15).fill('#424242');
    doc.font('Helvetica-Bold').fontSize(7).fillColor('#ffffff');
    let x = MARGEN;
    columnas.forEach((c, i) => {
      escribir(doc, c.titulo, x + 3, hoja.y + 4.5, anchos[i]! - 6, c.align ?? 'left');
      x += anchos[i]!;
    });
    hoja.y += 15;
  };
  hoja.asegurar(15 + 15 + 14);
  dibujarTitulo();
  if (filas.length === 0) {
    doc.font('Helvetica').fontSize(8).fillColor(GRIS);
    escribir(doc, vacio, MARGEN + 3, hoja.y + 4, ANCHO_UTIL - 6);
    hoja.y += 18;
  }
  filas.forEach((fila, n) => {
    doc.font('Helvetica').fontSize(7);
    const detalle = fila.detalle ?? [];
    const alto = 13 + detalle.length * 10;
    if (hoja.y + alto > ALTO - MARGEN - PIE) {
      hoja.nuevaPagina();
      dibujarTitulo();
    }
    if (n % 2 === 1) doc.rect(MARGEN, hoja.y, ANCHO_UTIL, alto).fill('#fafafa');
    doc.font(fila.negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5).fillColor(fila.color ?? TINTA);
    let x = MARGEN;
    columnas.forEach((c, i) => {
      escribir(doc, fila.celdas[i] ?? '', x + 3, hoja.y + 3.5, anchos[i]! - 6, c.align ?? 'left');
      x += anchos[i]!;
    });
    doc.font('Helvetica').fontSize(7).fillColor(GRIS);
    detalle.forEach((linea, i) => escribir(doc, linea, MARGEN + 14, hoja.y + 13 + i * 10, ANCHO_UTIL - 20));
    hoja.y += alto;
    doc.moveTo(MARGEN, hoja.y).lineTo(MARGEN + ANCHO_UTIL, hoja.y).lineWidth(0.4).strokeColor(LINEA).stroke();
  });
  hoja.y += 12;
}

/** Label/amount lines aligned right (totals). */
function totales(hoja: Hoja, lineas: [string, number, boolean?][]): void {
  const { doc } = hoja;
  hoja.asegurar(lineas.length * 14 + 8);
  const ancho = 260;
  const x = MARGEN + ANCHO_UTIL - ancho;
  for (const [etiqueta, valor, destacado] of lineas) {
    doc.font(destacado ? 'Helvetica-Bold' : 'Helvetica').fontSize(destacado ? 10 : 8.5).fillColor(TINTA);
    escribir(doc, etiqueta, x, hoja.y, ancho - 110);
    escribir(doc, pesosImpresos(valor), x + ancho - 110, hoja.y, 110, 'right');
    hoja.y += destacado ? 16 : 13;
  }
  hoja.y += 8;
}

/** 'Página n de m' and the document's name at the foot of every page. */
function pies(doc: PDFKit.PDFDocument, nombre: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = ALTO - MARGEN - 9;
    doc.font('Helvetica').fontSize(7).fillColor(GRIS);
    escribir(doc, nombre, MARGEN, y, ANCHO_UTIL * 0.7);
    doc.text(`Página ${i - start + 1} de ${count}`, MARGEN, y, { width: ANCHO_UTIL, align: 'right', lineBreak: false });
  }
}

function marcaAgua(doc: PDFKit.PDFDocument, texto: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const cx = ANCHO / 2;
    const cy = 380;
    doc.save();
    doc.rotate(-35, { origin: [cx, cy] });
    doc.font('Helvetica-Bold').fontSize(90).fillColor(ROJO).fillOpacity(0.12);
    doc.text(texto, cx - 400, cy - 45, { width: 800, align: 'center', lineBreak: false });
    doc.restore();
    doc.fillOpacity(1);
  }
}

/** Every page after the first opens with `titulo` and "(continuación)". */
function alContinuar(hoja: Hoja, titulo: string): void {
  hoja.alNuevaPagina = () => {
    hoja.doc.font('Helvetica-Bold').fontSize(9).fillColor(TINTA);
    escribir(hoja.doc, `${titulo} (continuación)`, MARGEN, hoja.y, ANCHO_UTIL);
    hoja.y += 18;
  };
}

/**
 * The first page both credit documents open with: a letter PDF named `nombre` (the issuer as author, the customer as
 * subject), the issuer and the title box (`caja`: the store, the title and the lines under it), every later page
 * opening with '(continuación)', and the Cliente block, the customer's name and document first, then `camposExtra`.
 */
function abrirDocumento(
  nombre: string,
  { emisor, cliente }: { emisor: EmisorCredito; cliente: ClienteCredito },
  caja: { tienda: DatosReciboCredito['tienda']; titulo: string; lineas: string[] },
  camposExtra: [string, string][] = [],
): Hoja {
  const doc = nuevoDocumento({ size: [ANCHO, ALTO], margin: 0, bufferPages: true, info: { Title: nombre, Author: emisor.razon_social, Subject: cliente.nombre } });
  const hoja = new Hoja(doc);
  hoja.nuevaPagina();
  encabezado(hoja, emisor, caja.tienda, caja.titulo, caja.lineas);
  alContinuar(hoja, `${emisor.razon_social} · ${nombre}`);
  bloqueCampos(hoja, 'Cliente', [['Nombre', cliente.nombre], [cliente.tipo_documento || 'Documento', cliente.numero_documento], ...camposExtra]);
  return hoja;
}

/**
 * How both credit documents end: the time it was generated under the last block, the watermark (`marca`) across every
 * page when there is one, 'Página n de m' and the name at every foot; the PDF's bytes.
 */
function cerrarDocumento(hoja: Hoja, nombre: string, generado: string, marca: string | null): Promise<Buffer> {
  const { doc } = hoja;
  doc.font('Helvetica').fontSize(7.5).fillColor(GRIS);
  hoja.asegurar(12);
  escribir(doc, `Generado el ${generado}`, MARGEN, hoja.y, ANCHO_UTIL);
  if (marca !== null) marcaAgua(doc, marca);
  pies(doc, nombre);
  return aBuffer(doc);
}

function lineaFormas(formas: FormaPagoImpresa[]): string[] {
  return formas.map((f) => {
    const partes = [`${f.nombre}: ${pesosImpresos(f.valor)}`];
    if (f.codigo_comprobante) partes.push(`comprobante ${f.codigo_comprobante}`);
    if (f.fecha_consignacion) partes.push(`consignado el ${formatearFecha(f.fecha_consignacion)}`);
    return partes.join(' · ');
  });
}

/** The credit sale's receipt (public/abono/{token}). */
export async function renderReciboCredito(datos: DatosReciboCredito): Promise<Buffer> {
  // The customer holds the invoice, not the shop's internal sale id: the receipt is named by the document, as the
  // statement's rows are (cartera-documentos.service.ts, documentoImpreso).
  const nombre = `${TITULO_RECIBO_CREDITO} · ${datos.documento}`;
  const hoja = abrirDocumento(nombre, datos, {
    tienda: datos.tienda,
    titulo: TITULO_RECIBO_CREDITO,
    lineas: [datos.numero_factura ? `Factura ${datos.numero_factura}` : datos.documento, `Fecha de la factura: ${formatearFecha(datos.fecha_factura)}`],
  });

  const movimientos: FilaTabla[] = datos.movimientos.map((m) => {
    const detalle = [...lineaFormas(m.formas_pago)];
    if (m.observacion) detalle.push(`${m.tipo_movimiento_credito_id === 5 ? 'Motivo' : 'Observación'}: ${m.observacion}`);
    if (m.anulado_por !== null) detalle.push(`Abono anulado (movimiento No. ${m.anulado_por})`);
    return {
      celdas: [formatearFecha(m.fecha), m.tipo, m.descripcion, m.usuario ?? '', `${m.valor < 0 ? '-' : '+'} ${pesosImpresos(Math.abs(m.valor))}`],
      detalle,
      color: m.anulado_por !== null ? ROJO : undefined,
    };
  });
  tabla(
    hoja,
    'Movimientos de la venta',
    [
      { titulo: 'Fecha', ancho: 56 },
      { titulo: 'Tipo', ancho: 96 },
      { titulo: 'Descripción', ancho: 0 },
      { titulo: 'Usuario', ancho: 110 },
      { titulo: 'Valor', ancho: 86, align: 'right' },
    ],
    movimientos,
    'La venta no tiene movimientos',
  );
  totales(hoja, [
    ['Valor del crédito', datos.valor_credito],
    ['Abonos vigentes', datos.valor_pagado],
    ...(datos.valor_eliminado > 0 ? ([['Crédito eliminado', datos.valor_eliminado]] as [string, number][]) : []),
    ...(datos.valor_anulado_venta > 0 ? ([['Anulación de la venta', datos.valor_anulado_venta]] as [string, number][]) : []),
    ['Saldo pendiente', datos.saldo_pendiente, true],
  ]);
  return cerrarDocumento(hoja, nombre, datos.generado, datos.venta_anulada ? 'VENTA ANULADA' : null);
}

/** The account statement (public/credito/{token}). */
export async function renderEstadoCuentaCredito(datos: DatosEstadoCuentaCredito): Promise<Buffer> {
  const nombre = `${TITULO_ESTADO_CUENTA} · ${datos.cliente.nombre}`;
  const hoja = abrirDocumento(
    nombre,
    datos,
    { tienda: null, titulo: TITULO_ESTADO_CUENTA, lineas: [`Crédito No. ${datos.credito_id}`, `Fecha de corte: ${formatearFecha(datos.fecha_corte)}`] },
    [
      ['Cupo permitido', pesosImpresos(datos.cupo)],
      ['Saldo del crédito', pesosImpresos(datos.total_credito)],
    ],
  );

  tabla(
    hoja,
    'Saldo pendiente por venta',
    [
      { titulo: 'Documento', ancho: 90 },
      { titulo: 'Fecha factura', ancho: 70 },
      { titulo: 'Vencimiento', ancho: 70 },
      { titulo: 'Días', ancho: 40, align: 'right' },
      { titulo: 'Valor del crédito', ancho: 0, align: 'right' },
      { titulo: 'Saldo pendiente', ancho: 110, align: 'right' },
    ],
    datos.pendientes.map((p) => ({
      celdas: [p.documento, formatearFecha(p.fecha), p.vencimiento ? formatearFecha(p.vencimiento) : '—', String(p.dias), pesosImpresos(p.valor_credito), pesosImpresos(p.saldo)],
    })),
    'No hay ventas con saldo pendiente',
  );

  tabla(
    hoja,
    'Cartera por edades',
    [
      { titulo: 'Corriente', ancho: 90, align: 'right' },
      { titulo: '1 a 30 días', ancho: 90, align: 'right' },
      { titulo: '31 a 60 días', ancho: 90, align: 'right' },
      { titulo: '61 a 90 días', ancho: 90, align: 'right' },
      { titulo: 'Más de 90 días', ancho: 90, align: 'right' },
      { titulo: 'Total', ancho: 0, align: 'right' },
    ],
    [
      {
        celdas: [datos.edades.corriente, datos.edades.dias_1_30, datos.edades.dias_31_60, datos.edades.dias_61_90, datos.edades.mas_90, datos.edades.total].map(pesosImpresos),
        negrita: true,
      },
    ],
    '',
  );

  tabla(
    hoja,
    'Movimientos',
    [
      { titulo: 'Fecha', ancho: 52 },
      { titulo: 'Tipo', ancho: 84 },
      { titulo: 'Documento', ancho: 78 },
      { titulo: 'Descripción', ancho: 0 },
      { titulo: 'Cargo', ancho: 72, align: 'right' },
      { titulo: 'Abono', ancho: 72, align: 'right' },
      { titulo: 'Saldo', ancho: 78, align: 'right' },
    ],
    datos.movimientos.map((m) => ({
      celdas: [formatearFecha(m.fecha), m.tipo, m.documento, [m.descripcion, m.usuario].filter(Boolean).join(' · '), m.cargo ? pesosImpresos(m.cargo) : '', m.abono ? pesosImpresos(m.abono) : '', pesosImpresos(m.saldo)],
    })),
    'El crédito no tiene movimientos',
  );

  totales(hoja, [
    ['Ventas a crédito', datos.totales.cargos],
    ['Abonos', -datos.totales.pagos],
    ['Abonos anulados', datos.totales.anulaciones_pago],
    ['Ventas anuladas', -datos.totales.anulaciones_venta],
    ['Devoluciones de venta', -datos.totales.devoluciones],
    ['Créditos eliminados', -datos.totales.eliminaciones],
    ['Saldo del crédito', datos.total_credito, true],
  ]);
  return cerrarDocumento(hoja, nombre, datos.generado, null);
}
