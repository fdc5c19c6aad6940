/**
 * Independent checker of an optimizer answer. It shares no geometry with the engine on
 * purpose: it reads only the public job and answer (millimetres) and re-derives every
 * rule from the conventions written in types.ts, so a bug in the engine's geometry cannot
 * hide itself here.
 */
import type { GrupoTableros, Parametros, ResultadoCorte, TrabajoCorte } from './types.ts';
import { PARAMETROS_POR_DEFECTO } from './types.ts';

/** Tenths of a millimetre: exact for every size the job may hold. */
function tenths(mm: number): number {
  return Math.round(mm * 10);
}

/** A rectangle in tenths of a millimetre (or any integer unit). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

/** True when two boxes are at least `gap` apart along x or along y. */
function apart(a: Box, b: Box, gap: number): boolean {
  return a.x + a.w + gap <= b.x || b.x + b.w + gap <= a.x || a.y + a.h + gap <= b.y || b.y + b.h + gap <= a.y;
}

/**
 * Replays a board's cut list on its usable rectangle. Every cut must run edge to edge of
 * one current part (that is the guillotine rule); the blade removes `kerf` after the cut's
 * position. Returns the final parts, or an error.
 */
function replayCuts(group: GrupoTableros, usable: Box, kerf: number): { parts: Box[] } | { error: string } {
  let parts: Box[] = [usable];
  for (const [i, corte] of group.cortes.entries()) {
    const pos = tenths(corte.posicion);
    const start = tenths(corte.inicio);
    const length = tenths(corte.longitud);
    const vertical = corte.direccion === 'vertical';
    const index = parts.findIndex((p) =>
      vertical
        ? p.x < pos && pos < p.x + p.w && p.y === start && p.h === length
        : p.y < pos && pos < p.y + p.h && p.x === start && p.w === length,
    );
    const part = parts[index];
    if (!part) return { error: `corte ${i + 1} (${corte.direccion} en ${corte.posicion}) no va de borde a borde de ninguna parte` };
    const pieces: Box[] = vertical
      ? [
          { x: part.x, y: part.y, w: pos - part.x, h: part.h },
          { x: pos + kerf, y: part.y, w: part.x + part.w - pos - kerf, h: part.h },
        ]
      : [
          { x: part.x, y: part.y, w: part.w, h: pos - part.y },
          { x: part.x, y: pos + kerf, w: part.w, h: part.y + part.h - pos - kerf },
        ];
    parts = [...parts.slice(0, index), ...pieces.filter((p) => p.w > 0 && p.h > 0), ...parts.slice(index + 1)];
  }
  return { parts };
}

/**
 * Checks an answer against its job. Returns the list of broken rules (empty when valid):
 * pieces inside the usable stock, kerf between pieces, each requested copy placed exactly
 * once with its size, rotation only where allowed, stock used as declared, every cut
 * guillotine and the cut list reproducing the layout, and the totals.
 */
export function validarResultado(trabajo: TrabajoCorte, resultado: ResultadoCorte): string[] {
  const errors: string[] = [];
  const parametros: Parametros = { ...PARAMETROS_POR_DEFECTO, ...trabajo.parametros };
  const kerf = tenths(parametros.desp_sierra);
  const placedCount = new Map<string, number>();
  const retalUse = new Map<number, number>();
  let boards = 0;
  let retales = 0;
  let cuts = 0;
  let piecesArea = 0;
  let stockArea = 0;

  resultado.tableros.forEach((group, g) => {
    const where = `tablero ${g + 1}`;
    let usable: Box;
    if (group.origen === 'tablero') {
      boards += group.cantidad;
      if (group.base !== parametros.base || group.altura !== parametros.altura) errors.push(`${where}: medida distinta del tablero`);
      if (group.refilado_x !== parametros.refilado_x || group.refilado_y !== parametros.refilado_y) errors.push(`${where}: refilado distinto`);
      const rx = tenths(parametros.refilado_x);
      const ry = tenths(parametros.refilado_y);
      usable = { x: rx, y: ry, w: tenths(parametros.base) - 2 * rx, h: tenths(parametros.altura) - 2 * ry };
    } else {
      retales += group.cantidad;
      const retal = group.retal === undefined ? undefined : trabajo.retales?.[group.retal];
      if (!retal || group.retal === undefined) {
        errors.push(`${where}: retal inexistente`);
        return;
      }
      retalUse.set(group.retal, (retalUse.get(group.retal) ?? 0) + group.cantidad);
      if (group.base !== retal.base || group.altura !== retal.altura) errors.push(`${where}: medida distinta del retal`);
      usable = { x: 0, y: 0, w: tenths(retal.base), h: tenths(retal.altura) };
    }
    if (!Number.isInteger(group.cantidad) || group.cantidad < 1) errors.push(`${where}: cantidad inválida`);
    stockArea += group.base * group.altura * group.cantidad;
    cuts += group.cortes.length * group.cantidad;

    const boxes: Box[] = [];
    for (const colocada of group.piezas) {
      const pieza = trabajo.piezas[colocada.pieza];
      const label = `${where}, pieza ${colocada.pieza + 1}`;
      if (!pieza) {
        errors.push(`${label}: no existe`);
        continue;
      }
      const box = { x: tenths(colocada.x), y: tenths(colocada.y), w: tenths(colocada.base), h: tenths(colocada.altura) };
      boxes.push(box);
      const [w, h] = colocada.rotada ? [pieza.altura, pieza.base] : [pieza.base, pieza.altura];
      if (box.w !== tenths(w) || box.h !== tenths(h)) errors.push(`${label}: medida colocada distinta de la pedida`);
      if (colocada.rotada && !pieza.rotacion) errors.push(`${label}: rotada sin permitir rotación`);
      if (box.x < usable.x || box.y < usable.y || box.x + box.w > usable.x + usable.w || box.y + box.h > usable.y + usable.h) {
        errors.push(`${label}: fuera del área útil`);
      }
      if (colocada.copias.length !== group.cantidad) errors.push(`${label}: copias no corresponde a la cantidad de tableros`);
      for (const copia of colocada.copias) {
        const key = `${colocada.pieza}:${copia}`;
        placedCount.set(key, (placedCount.get(key) ?? 0) + 1);
      }
      piecesArea += pieza.base * pieza.altura * group.cantidad;
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        if (!apart(boxes[i] as Box, boxes[j] as Box, kerf)) errors.push(`${where}: piezas ${i + 1} y ${j + 1} se solapan o no dejan el corte de sierra`);
      }
    }

    const replay = replayCuts(group, usable, kerf);
    if ('error' in replay) {
      errors.push(`${where}: ${replay.error}`);
      return;
    }
    boxes.forEach((box, i) => {
      if (!replay.parts.some((part) => sameBox(part, box))) errors.push(`${where}: la pieza ${i + 1} no queda separada por los cortes`);
    });
    for (const retal of group.retales_aprovechables) {
      const box = { x: tenths(retal.x), y: tenths(retal.y), w: tenths(retal.base), h: tenths(retal.altura) };
      if (!replay.parts.some((part) => sameBox(part, box)) || boxes.some((b) => sameBox(b, box))) {
        errors.push(`${where}: el retal aprovechable en (${retal.x}, ${retal.y}) no es una parte libre`);
      }
    }
  });

  trabajo.piezas.forEach((pieza, i) => {
    for (let copia = 0; copia < pieza.cantidad; copia++) {
      const count = placedCount.get(`${i}:${copia}`) ?? 0;
      if (count !== 1) errors.push(`pieza ${i + 1}, copia ${copia + 1}: colocada ${count} veces`);
    }
  });
  for (const key of placedCount.keys()) {
    const [pieza, copia] = key.split(':').map(Number) as [number, number];
    if (copia < 0 || copia >= (trabajo.piezas[pieza]?.cantidad ?? 0)) errors.push(`pieza ${pieza + 1}: copia ${copia + 1} no pedida`);
  }
  for (const [index, used] of retalUse) {
    if (used > (trabajo.retales?.[index]?.cantidad ?? 0)) errors.push(`retal ${index + 1}: usado más veces de las disponibles`);
  }
  if (resultado.cant_placas !== boards) errors.push(`cant_placas ${resultado.cant_placas} distinto de ${boards}`);
  if (resultado.cant_retales !== retales) errors.push(`cant_retales ${resultado.cant_retales} distinto de ${retales}`);
  if (resultado.cant_cortes !== cuts) errors.push(`cant_cortes ${resultado.cant_cortes} distinto de ${cuts}`);
  const aprov = stockArea > 0 ? (100 * piecesArea) / stockArea : 0;
  if (Math.abs(resultado.ptje_aprov - aprov) > 0.01) errors.push(`ptje_aprov ${resultado.ptje_aprov} distinto de ${aprov.toFixed(2)}`);
  return errors;
}

/**
 * True when rectangles lying in a w × h sheet can be separated by guillotine cuts, each
 * leaving `kerf` free between the two sides. Used to check layouts that come without a
 * cut list (another optimizer's output in the benchmark).
 */
export function esGuillotina(rects: Box[], kerf = 0): boolean {
  if (rects.length <= 1) return true;
  for (const vertical of [true, false]) {
    const start = (r: Box): number => (vertical ? r.x : r.y);
    const end = (r: Box): number => (vertical ? r.x + r.w : r.y + r.h);
    const sorted = [...rects].sort((a, b) => start(a) - start(b));
    let reach = -Infinity;
    for (let i = 0; i < sorted.length - 1; i++) {
      reach = Math.max(reach, end(sorted[i] as Box));
      if (reach + kerf <= start(sorted[i + 1] as Box)) {
        return esGuillotina(sorted.slice(0, i + 1), kerf) && esGuillotina(sorted.slice(i + 1), kerf);
      }
    }
  }
  return false;
}

/** A job in the benchmark format (also what the CLI reads). */
export interface TrabajoSimple {
  bin: { w: number; h: number };
  items: Array<{ w: number; h: number; q: number }>;
}

/** A placed piece in the benchmark format (what the CLI prints). */
export interface ColocacionSimple {
  item: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Checks boards in the benchmark format, which carry no cut list: every copy placed once
 * with its size (turned only when `rotation`), inside the bin, no overlaps (`kerf` apart),
 * and each board separable by guillotine cuts.
 */
export function validarColocaciones(
  job: TrabajoSimple,
  boards: ColocacionSimple[][],
  { rotation, kerf = 0 }: { rotation: boolean; kerf?: number },
): string[] {
  const errors: string[] = [];
  const counts = job.items.map(() => 0);
  boards.forEach((board, b) => {
    const boxes = board.map((p) => ({ x: tenths(p.x), y: tenths(p.y), w: tenths(p.w), h: tenths(p.h) }));
    board.forEach((p, i) => {
      const item = job.items[p.item];
      if (!item) {
        errors.push(`tablero ${b + 1}: item ${p.item} inexistente`);
        return;
      }
      counts[p.item] = (counts[p.item] ?? 0) + 1;
      const asIs = p.w === item.w && p.h === item.h;
      const turned = p.w === item.h && p.h === item.w;
      if (!asIs && !(rotation && turned)) errors.push(`tablero ${b + 1}: item ${p.item} con medida ${p.w} × ${p.h}`);
      if (p.x < 0 || p.y < 0 || p.x + p.w > job.bin.w || p.y + p.h > job.bin.h) errors.push(`tablero ${b + 1}: item ${p.item} fuera del tablero`);
      for (let j = 0; j < i; j++) {
        if (!apart(boxes[i] as Box, boxes[j] as Box, tenths(kerf))) errors.push(`tablero ${b + 1}: items ${i + 1} y ${j + 1} se solapan`);
      }
    });
    if (!esGuillotina(boxes, tenths(kerf))) errors.push(`tablero ${b + 1}: no se puede cortar en guillotina`);
  });
  job.items.forEach((item, i) => {
    if (counts[i] !== item.q) errors.push(`item ${i}: colocado ${counts[i]} veces de ${item.q}`);
  });
  return errors;
}
