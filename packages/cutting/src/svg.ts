/**
 * SVG picture of one board layout, for the cutting dialog. Pure string building: the web
 * inserts it as is, the server may embed it. Drawn in millimetres (viewBox), y flipped so
 * that the layout's origin (bottom-left) is at the bottom as on the printed plans.
 */
import type { GrupoTableros, TrabajoCorte } from './types.ts';

export interface OpcionesSvg {
  /** Width of the picture in pixels (default 600); the height keeps the board's proportion. */
  anchoPx?: number;
  /** Draws the saw cuts as thin lines (default true). */
  mostrarCortes?: boolean;
}

const COLORS = {
  trim: '#9e9e9e',
  waste: '#f4d9d0',
  piece: '#fff3c4',
  pieceStroke: '#8d6e00',
  leftover: '#c8e6c9',
  cut: '#d32f2f',
  text: '#212121',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fmt(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/**
 * Draws a board: trims in grey, waste in light red, pieces with their number (row of the
 * cut list, 1-based) and size, reusable leftovers hatched in green, cuts as red lines.
 * `trabajo` adds the piece descriptions as tooltips.
 */
export function tableroSvg(grupo: GrupoTableros, trabajo?: TrabajoCorte, opciones: OpcionesSvg = {}): string {
  const { base, altura } = grupo;
  const width = opciones.anchoPx ?? 600;
  const height = Math.round((width * altura) / base);
  const flipY = (y: number, h: number): number => altura - y - h;
  const rect = (x: number, y: number, w: number, h: number, attrs: string): string =>
    `<rect x="${fmt(x)}" y="${fmt(flipY(y, h))}" width="${fmt(w)}" height="${fmt(h)}" ${attrs}/>`;
  const unit = Math.max(base, altura) / 100;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${fmt(base)} ${fmt(altura)}" width="${width}" height="${height}" role="img">`,
    `<title>${grupo.origen === 'retal' ? 'Retal' : 'Tablero'} ${fmt(base)} × ${fmt(altura)} mm</title>`,
    `<defs><pattern id="retal" patternUnits="userSpaceOnUse" width="${fmt(unit * 2)}" height="${fmt(unit * 2)}" patternTransform="rotate(45)">` +
      `<rect width="${fmt(unit * 2)}" height="${fmt(unit * 2)}" fill="${COLORS.leftover}"/>` +
      `<line x1="0" y1="0" x2="0" y2="${fmt(unit * 2)}" stroke="#66bb6a" stroke-width="${fmt(unit / 2)}"/></pattern></defs>`,
    rect(0, 0, base, altura, `fill="${COLORS.trim}"`),
    rect(grupo.refilado_x, grupo.refilado_y, base - 2 * grupo.refilado_x, altura - 2 * grupo.refilado_y, `fill="${COLORS.waste}"`),
  ];
  for (const retal of grupo.retales_aprovechables) {
    parts.push(rect(retal.x, retal.y, retal.base, retal.altura, `fill="url(#retal)" class="retal"`));
  }
  for (const pieza of grupo.piezas) {
    const descripcion = trabajo?.piezas[pieza.pieza]?.descripcion;
    // Tall narrow pieces get their label turned, so that it stays readable.
    const upright = pieza.altura > pieza.base * 1.5;
    const [along, across] = upright ? [pieza.altura, pieza.base] : [pieza.base, pieza.altura];
    const font = Math.max(unit * 0.8, Math.min(along / 8, across / 3, unit * 3));
    const cx = pieza.x + pieza.base / 2;
    const cy = flipY(pieza.y, pieza.altura) + pieza.altura / 2;
    const size = pieza.rotada ? `${fmt(pieza.altura)} × ${fmt(pieza.base)}` : `${fmt(pieza.base)} × ${fmt(pieza.altura)}`;
    parts.push(
      `<g class="pieza">${descripcion ? `<title>${escapeXml(descripcion)}</title>` : ''}` +
        rect(pieza.x, pieza.y, pieza.base, pieza.altura, `fill="${COLORS.piece}" stroke="${COLORS.pieceStroke}" stroke-width="${fmt(unit / 5)}"`) +
        `<text x="${fmt(cx)}" y="${fmt(cy)}" font-size="${fmt(font)}" text-anchor="middle" fill="${COLORS.text}" font-family="sans-serif"${upright ? ` transform="rotate(-90 ${fmt(cx)} ${fmt(cy)})"` : ''}>` +
        `<tspan x="${fmt(cx)}" dy="-0.2em" font-weight="bold">${pieza.pieza + 1}</tspan>` +
        `<tspan x="${fmt(cx)}" dy="1.1em">${size}${pieza.rotada ? ' ↻' : ''}</tspan></text></g>`,
    );
  }
  if (opciones.mostrarCortes ?? true) {
    for (const corte of grupo.cortes) {
      const [x1, y1, x2, y2] =
        corte.direccion === 'vertical'
          ? [corte.posicion, corte.inicio, corte.posicion, corte.inicio + corte.longitud]
          : [corte.inicio, corte.posicion, corte.inicio + corte.longitud, corte.posicion];
      parts.push(
        `<line x1="${fmt(x1)}" y1="${fmt(altura - y1)}" x2="${fmt(x2)}" y2="${fmt(altura - y2)}" stroke="${COLORS.cut}" stroke-width="${fmt(unit / 6)}" class="corte"/>`,
      );
    }
  }
  parts.push('</svg>');
  return parts.join('');
}
