/**
 * The plans PDF of a cut plan (docs/decisions-corte.md, PDF de planos): one landscape page per distinct board pattern
 * with its count, the board drawn to scale (trims, pieces with number, size and description, banded sides as thick blue
 * lines, numbered cuts, hatched leftovers and waste), then a summary page with edge band metres and the services the
 * plan adds to the sale.
 */
import {
  codigoServicioCanto,
  metrosMaterialCanto,
  metrosServicioCanto,
  serviciosDelPlan,
  type GrupoTableros,
  type Pieza,
} from '@tablero/cutting';
import {
  aBuffer,
  cantosTexto,
  cliente,
  escribir,
  fechaTexto,
  ladosColocados,
  medida,
  mm,
  nuevoDocumento,
  numeracionTableros,
  porcentaje,
  type DatosPlanCorte,
} from './corte-comun';

const PAGINA = { ancho: 792, alto: 612, margen: 24 };
const DIBUJO = { x: 24, y: 96, ancho: 540, alto: 492 };
const PANEL = { x: 578, ancho: 190 };
const COLOR = {
  refilado: '#9e9e9e',
  desperdicio: '#f1f1f1',
  rayado: '#c7c7c7',
  pieza: '#ffffff',
  borde: '#212121',
  canto: '#1565c0',
  corte: '#c62828',
  retal: '#dcedc8',
  retalRayado: '#7cb342',
  retalTexto: '#33691e',
  texto: '#212121',
  suave: '#616161',
};

type Doc = PDFKit.PDFDocument;

function encabezado(doc: Doc, datos: DatosPlanCorte, subtitulo: string): void {
  const { resultado } = datos;
  const { margen, ancho } = PAGINA;
  doc.fillColor(COLOR.texto).font('Helvetica-Bold').fontSize(14).text(`PLAN DE CORTE N° ${datos.id}`, margen, margen, { lineBreak: false });
  const tableros = `Tableros: ${resultado.cant_placas}${resultado.cant_retales > 0 ? ` + ${resultado.cant_retales} retal(es)` : ''}   Aprovechamiento: ${porcentaje(resultado.ptje_aprov)}`;
  doc.fontSize(11).text(tableros, margen, margen + 2, { width: ancho - 2 * margen, align: 'right', lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor(COLOR.texto);
  const linea = [
    `Cliente: ${cliente(datos)}`,
    `Documento: ${datos.numero_documento || '—'}`,
    `Referencia: ${datos.referencia || '—'}`,
    `Fecha: ${fechaTexto(datos)}`,
  ].join('     ');
  escribir(doc, linea, margen, margen + 22, ancho - 2 * margen);
  doc.font('Helvetica-Bold').fontSize(10);
  escribir(doc, subtitulo, margen, margen + 40, ancho - 2 * margen);
  doc.moveTo(margen, margen + 58).lineTo(ancho - margen, margen + 58).lineWidth(0.5).strokeColor(COLOR.suave).stroke();
}

/** Diagonal hatch over a rectangle (page coordinates), clipped to it. */
function rayar(doc: Doc, x: number, y: number, w: number, h: number, color: string, paso: number): void {
  doc.save();
  doc.rect(x, y, w, h).clip();
  doc.lineWidth(0.4).strokeColor(color);
  for (let d = -h; d < w; d += paso) doc.moveTo(x + d, y + h).lineTo(x + d + h, y).stroke();
  doc.restore();
}

/** Centred text that fits the box, turned upright when the box is tall and narrow. */
function textoPieza(doc: Doc, lineas: Array<{ texto: string; negrita?: boolean; escala?: number }>, x: number, y: number, w: number, h: number): void {
  const vertical = h > w * 1.4 && w < 60;
  const [largo, corto] = vertical ? [h, w] : [w, h];
  const base = Math.max(3.5, Math.min(11, corto / (lineas.length * 1.25 + 0.4), largo / 7));
  // Drop the lines that no longer fit, the description first (it is last).
  let visibles = lineas;
  while (visibles.length > 1 && base * visibles.length * 1.2 > corto - 2) visibles = visibles.slice(0, -1);
  const cx = x + w / 2;
  const cy = y + h / 2;
  // Each line as large as the piece allows, and smaller when it is too long for the width (a
  // rotated size on a narrow strip); below 3.5 pt it is cut with an ellipsis instead.
  const tamanos = visibles.map((linea) => {
    doc.font(linea.negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(1);
    const anchoPorPunto = doc.widthOfString(linea.texto);
    return Math.max(3.5, Math.min(base * (linea.escala ?? 1), (largo - 3) / anchoPorPunto));
  });
  doc.save();
  if (vertical) doc.rotate(-90, { origin: [cx, cy] });
  const altoTotal = tamanos.reduce((suma, fs) => suma + fs * 1.15, 0);
  let ty = cy - altoTotal / 2;
  visibles.forEach((linea, i) => {
    const fs = tamanos[i]!;
    doc.font(linea.negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(fs).fillColor(COLOR.texto);
    escribir(doc, linea.texto, cx - largo / 2 + 1, ty, largo - 2, 'center');
    ty += fs * 1.15;
  });
  doc.restore();
}

function dibujarTablero(doc: Doc, grupo: GrupoTableros, piezas: Pieza[]): void {
  const escala = Math.min(DIBUJO.ancho / grupo.base, DIBUJO.alto / grupo.altura);
  const ox = DIBUJO.x;
  const oy = DIBUJO.y + grupo.altura * escala; // board origin (bottom-left) on the page
  const X = (x: number) => ox + x * escala;
  const Y = (y: number) => oy - y * escala;
  const caja = (x: number, y: number, w: number, h: number) => [X(x), Y(y + h), w * escala, h * escala] as const;

  // Stock: trims in grey, the usable area hatched as waste; pieces and leftovers cover it.
  doc.rect(...caja(0, 0, grupo.base, grupo.altura)).fill(COLOR.refilado);
  const util = caja(grupo.refilado_x, grupo.refilado_y, grupo.base - 2 * grupo.refilado_x, grupo.altura - 2 * grupo.refilado_y);
  doc.rect(...util).fill(COLOR.desperdicio);
  rayar(doc, ...util, COLOR.rayado, 5);
  doc.rect(...caja(0, 0, grupo.base, grupo.altura)).lineWidth(0.8).strokeColor(COLOR.borde).stroke();

  for (const retal of grupo.retales_aprovechables) {
    const r = caja(retal.x, retal.y, retal.base, retal.altura);
    doc.rect(...r).fill(COLOR.retal);
    rayar(doc, ...r, COLOR.retalRayado, 7);
    doc.rect(...r).lineWidth(0.6).dash(3, { space: 2 }).strokeColor(COLOR.retalTexto).stroke().undash();
    const fs = Math.max(4, Math.min(9, r[3] / 3, r[2] / 10));
    doc.font('Helvetica-Bold').fontSize(fs).fillColor(COLOR.retalTexto);
    escribir(doc, `RETAL ${medida(retal.base, retal.altura)}`, r[0], r[1] + r[3] / 2 - fs / 2, r[2], 'center');
  }

  for (const colocada of grupo.piezas) {
    const pieza = piezas[colocada.pieza]!;
    const r = caja(colocada.x, colocada.y, colocada.base, colocada.altura);
    doc.rect(...r).fillAndStroke(COLOR.pieza, COLOR.borde);
    // Banded sides: a thick line just inside the edge.
    const lados = ladosColocados(pieza, colocada.rotada);
    const g = Math.min(2.2, r[2] / 6, r[3] / 6);
    doc.lineWidth(g).strokeColor(COLOR.canto);
    const [px, py, pw, ph] = r;
    if (lados.sup) doc.moveTo(px, py + g / 2).lineTo(px + pw, py + g / 2).stroke();
    if (lados.inf) doc.moveTo(px, py + ph - g / 2).lineTo(px + pw, py + ph - g / 2).stroke();
    if (lados.izq) doc.moveTo(px + g / 2, py).lineTo(px + g / 2, py + ph).stroke();
    if (lados.der) doc.moveTo(px + pw - g / 2, py).lineTo(px + pw - g / 2, py + ph).stroke();
    const tamano = medida(pieza.base, pieza.altura) + (colocada.rotada ? ' (girada)' : '');
    const lineas = [{ texto: String(colocada.pieza + 1), negrita: true, escala: 1.3 }, { texto: tamano }];
    if (pieza.descripcion) lineas.push({ texto: pieza.descripcion });
    textoPieza(doc, lineas, px + g, py + g, pw - 2 * g, ph - 2 * g);
  }

  // Cuts in the order the operator makes them: a red line and its number in a red disc at its middle.
  const radio = 4.2;
  grupo.cortes.forEach((corte, index) => {
    const mitad = corte.inicio + corte.longitud / 2;
    const [x1, y1, x2, y2, mx, my] =
      corte.direccion === 'vertical'
        ? [X(corte.posicion), Y(corte.inicio), X(corte.posicion), Y(corte.inicio + corte.longitud), X(corte.posicion), Y(mitad)]
        : [X(corte.inicio), Y(corte.posicion), X(corte.inicio + corte.longitud), Y(corte.posicion), X(mitad), Y(corte.posicion)];
    doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(0.5).strokeColor(COLOR.corte).stroke();
    doc.circle(mx, my, radio).fill(COLOR.corte);
    const texto = String(index + 1);
    doc.font('Helvetica-Bold').fontSize(texto.length > 2 ? 4 : 5).fillColor('#ffffff');
    doc.text(texto, mx - radio, my - 1.9, { width: radio * 2, align: 'center', lineBreak: false });
  });
}

/** Writes lines in columns of the side panel, then on continuation pages. */
class Columnas {
  private x: number;
  private y: number;
  constructor(
    private readonly doc: Doc,
    private readonly cols: Array<{ x: number; ancho: number }>,
    private readonly top: number,
    private readonly bottom: number,
    private readonly nuevaPagina: () => Array<{ x: number; ancho: number }>,
  ) {
    this.x = 0;
    this.y = top;
  }
  linea(texto: string, opciones: { negrita?: boolean; fs?: number; color?: string; alto?: number } = {}): void {
    const fs = opciones.fs ?? 7;
    const alto = opciones.alto ?? fs * 1.3;
    if (this.y + alto > this.bottom) {
      this.x++;
      this.y = this.top;
      if (this.x >= this.cols.length) {
        this.cols.splice(0, this.cols.length, ...this.nuevaPagina());
        this.x = 0;
      }
    }
    const col = this.cols[this.x]!;
    this.doc.font(opciones.negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(fs).fillColor(opciones.color ?? COLOR.texto);
    escribir(this.doc, texto, col.x, this.y, col.ancho);
    this.y += alto;
  }
  espacio(alto: number): void {
    this.y += alto;
  }
}

function leyenda(doc: Doc): void {
  const y = PAGINA.alto - PAGINA.margen - 8;
  let x = DIBUJO.x;
  const item = (dibujar: (x: number) => void, texto: string) => {
    dibujar(x);
    doc.font('Helvetica').fontSize(7).fillColor(COLOR.texto).text(texto, x + 16, y, { lineBreak: false });
    x += 16 + doc.widthOfString(texto) + 14;
  };
  item((x0) => doc.rect(x0, y - 1, 12, 8).fill(COLOR.refilado), 'Refilado');
  item((x0) => {
    doc.rect(x0, y - 1, 12, 8).fill(COLOR.desperdicio);
    rayar(doc, x0, y - 1, 12, 8, COLOR.rayado, 3);
  }, 'Desperdicio');
  item((x0) => {
    doc.rect(x0, y - 1, 12, 8).fill(COLOR.retal);
    rayar(doc, x0, y - 1, 12, 8, COLOR.retalRayado, 3);
  }, 'Retal aprovechable');
  item((x0) => doc.moveTo(x0, y + 3).lineTo(x0 + 12, y + 3).lineWidth(2.2).strokeColor(COLOR.canto).stroke(), 'Lado con canto');
  item((x0) => doc.circle(x0 + 6, y + 3, 4).fill(COLOR.corte), 'Orden de corte');
}

function paginaTablero(doc: Doc, datos: DatosPlanCorte, grupo: GrupoTableros, indice: number, desde: number): void {
  const { resultado, entrada } = datos;
  const total = resultado.tableros.length;
  const hasta = desde + grupo.cantidad - 1;
  const numeros = grupo.cantidad > 1 ? `tableros ${desde} a ${hasta}` : `tablero ${desde}`;
  // An inventory offcut is named by its label's code, so the operator takes the right one from the rack.
  const codigo = grupo.origen === 'retal' && grupo.retal !== undefined ? datos.codigosRetales[grupo.retal] : null;
  const stock = grupo.origen === 'retal' ? `Retal de inventario ${codigo ? `${codigo} ` : ''}${medida(grupo.base, grupo.altura)} mm` : `Tablero ${medida(grupo.base, grupo.altura)} mm`;
  const titulo = (extra = '') =>
    `Patrón ${indice + 1} de ${total}${extra} — ${stock} — CORTAR ×${grupo.cantidad} (${numeros}) — Aprovechamiento ${porcentaje(grupo.ptje_aprov)} — Refilado ${mm(grupo.refilado_x)} / ${mm(grupo.refilado_y)} mm — Sierra ${mm(entrada.parametros.desp_sierra)} mm`;
  doc.addPage({ size: 'LETTER', layout: 'landscape', margin: 0 });
  encabezado(doc, datos, titulo());
  dibujarTablero(doc, grupo, entrada.piezas);
  leyenda(doc);

  const bottom = PAGINA.alto - PAGINA.margen - 14;
  const columnas = new Columnas(doc, [{ x: PANEL.x, ancho: PANEL.ancho }], DIBUJO.y, bottom, () => {
    doc.addPage({ size: 'LETTER', layout: 'landscape', margin: 0 });
    encabezado(doc, datos, titulo(' (continuación)'));
    const ancho = (PAGINA.ancho - 2 * PAGINA.margen - 3 * 12) / 4;
    return [0, 1, 2, 3].map((i) => ({ x: PAGINA.margen + i * (ancho + 12), ancho }));
  });

  // Pieces of this board, by row of the cut list, with how many copies each board carries.
  const porFila = new Map<number, number>();
  for (const colocada of grupo.piezas) porFila.set(colocada.pieza, (porFila.get(colocada.pieza) ?? 0) + 1);
  columnas.linea('PIEZAS POR TABLERO', { negrita: true, fs: 8, alto: 12 });
  for (const [fila, cantidad] of [...porFila].sort((a, b) => a[0] - b[0])) {
    const pieza = entrada.piezas[fila]!;
    columnas.linea(`N° ${fila + 1}   ×${cantidad}   ${medida(pieza.base, pieza.altura)}   ${pieza.descripcion}`, { negrita: true, alto: 8.5 });
    columnas.linea(`      Cantos: ${cantosTexto(pieza)}`, { fs: 6.5, color: COLOR.suave, alto: 9.5 });
  }
  if (grupo.retales_aprovechables.length > 0) {
    columnas.espacio(4);
    columnas.linea('RETALES APROVECHABLES', { negrita: true, fs: 8, alto: 12 });
    for (const retal of grupo.retales_aprovechables) columnas.linea(`${medida(retal.base, retal.altura)} mm`, { color: COLOR.retalTexto });
  }
  columnas.espacio(4);
  columnas.linea(`SECUENCIA DE CORTES (${grupo.cortes.length})`, { negrita: true, fs: 8, alto: 12 });
  grupo.cortes.forEach((corte, index) => {
    const eje = corte.direccion === 'vertical' ? 'Vertical   x' : 'Horizontal y';
    columnas.linea(`${String(index + 1).padStart(3, ' ')}.  ${eje} = ${mm(corte.posicion)}   largo ${mm(corte.longitud)}   (etapa ${corte.etapa})`, { fs: 6.5, alto: 8.2 });
  });
}

function paginaResumen(doc: Doc, datos: DatosPlanCorte): void {
  const { resultado, entrada } = datos;
  doc.addPage({ size: 'LETTER', layout: 'landscape', margin: 0 });
  encabezado(doc, datos, 'Resumen del plan: canto, servicios y lista de piezas');
  const m = PAGINA.margen;
  let y = DIBUJO.y;
  const fila = (celdas: Array<[string, number, number, ('left' | 'right')?]>, negrita = false, fs = 8) => {
    doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(fs).fillColor(COLOR.texto);
    for (const [texto, x, ancho, align] of celdas) escribir(doc, texto, x, y, ancho, align ?? 'left');
    y += fs * 1.45;
  };
  const titulo = (texto: string) => {
    y += 6;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLOR.texto).text(texto, m, y, { lineBreak: false });
    y += 15;
  };

  titulo('Totales');
  fila([
    [`Tableros nuevos: ${resultado.cant_placas}`, m, 150],
    [`Retales de inventario usados: ${resultado.cant_retales}`, m + 150, 170],
    [`Aprovechamiento: ${porcentaje(resultado.ptje_aprov)}`, m + 320, 140],
    [`Cortes: ${resultado.cant_cortes} (${resultado.cant_desp_sierra.toFixed(2)} m de sierra)`, m + 460, 200],
  ]);

  // Left half: edge band and services; right half: the cut list.
  const izquierda = y;
  titulo('Canto (tapacantos)');
  const colsCanto: Array<[string, number, number, ('left' | 'right')?]> = [
    ['Código', m, 80],
    ['ml rollo', m + 80, 50, 'right'],
    ['Pegado (m)', m + 130, 55, 'right'],
    ['Material', m + 185, 45, 'right'],
    ['Servicio', m + 235, 65],
    ['Metros', m + 300, 35, 'right'],
  ];
  fila(colsCanto, true);
  if (resultado.tapacantos.length === 0) fila([['Sin canto', m, 300]]);
  const nombres = new Map(datos.cantos.map((canto) => [canto.referencia, canto.nombre_producto]));
  for (const t of resultado.tapacantos) {
    const valores = [t.codigo, t.ml.toFixed(3), t.pegado.toFixed(3), String(metrosMaterialCanto(t.ml)), codigoServicioCanto(t.codigo), String(metrosServicioCanto(t.pegado))];
    fila(colsCanto.map(([, x, ancho, align], i) => [valores[i]!, x, ancho, align]));
    // The product's name under its reference: the material line of the sale carries it.
    const nombre = nombres.get(t.codigo);
    if (nombre) fila([[nombre, m + 8, 327]], false, 6.5);
  }
  doc.font('Helvetica').fontSize(6.5).fillColor(COLOR.suave);
  doc.text(`ml: metros del rollo (lados con canto + ${mm(entrada.parametros.desp_tapacantos)} mm por lado). Material y servicio: metros + 1, redondeado hacia abajo.`, m, y, { width: 330 });
  y = doc.y + 4;

  titulo(entrada.canto ? 'Servicios del plan' : 'Servicios del plan (canto sin cobro)');
  fila([['Referencia', m, 110], ['Cantidad', m + 110, 55, 'right'], ['Detalle', m + 180, 155]], true);
  for (const linea of serviciosDelPlan(entrada.piezas, resultado.tapacantos, entrada.canto)) {
    const detalle = linea.canto ? `Enchape canto ${linea.canto}` : linea.modo ? `Servicio especial (${{ B: 'Base', A: 'Altura', P: 'Pieza' }[linea.modo]})` : 'Corte';
    fila([[linea.referencia, m, 110], [String(linea.cantidad), m + 110, 55, 'right'], [detalle, m + 180, 155]]);
  }

  y = izquierda;
  const x0 = m + 360;
  titulo2(doc, 'Lista de piezas', x0, y);
  y += 21;
  const cols: Array<[string, number, number, ('left' | 'right')?]> = [
    ['N°', x0, 16, 'right'],
    ['Cant.', x0 + 18, 24, 'right'],
    ['Base', x0 + 44, 28, 'right'],
    ['Altura', x0 + 74, 30, 'right'],
    ['Rot.', x0 + 108, 18],
    ['Descripción', x0 + 126, 100],
    ['Cantos', x0 + 228, 156],
  ];
  fila(cols, true, 7);
  entrada.piezas.forEach((pieza, index) => {
    if (y > PAGINA.alto - m - 10) {
      doc.addPage({ size: 'LETTER', layout: 'landscape', margin: 0 });
      encabezado(doc, datos, 'Lista de piezas (continuación)');
      y = DIBUJO.y;
      fila(cols, true, 7);
    }
    const valores = [String(index + 1), String(pieza.cantidad), mm(pieza.base), mm(pieza.altura), pieza.rotacion ? 'Sí' : 'No', pieza.descripcion ?? '', cantosTexto(pieza)];
    fila(cols.map(([, x, ancho, align], i) => [valores[i]!, x, ancho, align]), false, 7);
  });
}

function titulo2(doc: Doc, texto: string, x: number, y: number): void {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(COLOR.texto).text(texto, x, y + 6, { lineBreak: false });
}

/** Renders the plans PDF of a stored plan. */
export function renderPlanosCorte(datos: DatosPlanCorte): Promise<Buffer> {
  const doc = nuevoDocumento({ info: { Title: `Plan de corte N° ${datos.id}`, Author: 'Tablero' } });
  dibujarPlanosCorte(doc, datos);
  return aBuffer(doc);
}

/** The plan's pages (one per board pattern, then its summary) added to `doc`: the plans PDF and the quotation's. */
export function dibujarPlanosCorte(doc: Doc, datos: DatosPlanCorte): void {
  const numeros = numeracionTableros(datos.resultado);
  datos.resultado.tableros.forEach((grupo, indice) => paginaTablero(doc, datos, grupo, indice, numeros[indice]!));
  paginaResumen(doc, datos);
}
