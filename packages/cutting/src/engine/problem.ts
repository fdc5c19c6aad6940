import { CuttingInputError } from '../errors.ts';
import { PARAMETROS_POR_DEFECTO, type Parametros, type Pieza, type TrabajoCorte } from '../types.ts';

/**
 * Internal units per millimetre. Working in tenths of a millimetre keeps a 0.1 mm kerf
 * exact with integer arithmetic.
 */
export const SCALE = 10;

/** Most piece copies one job may ask for; beyond it the answer would take too long to be useful. */
export const MAX_COPIAS = 5000;

/**
 * One copy of a piece, in internal units. Sizes are *inflated* by the kerf (w = base + kerf):
 * with every piece and every stock inflated by the kerf, any guillotine packing without
 * kerf is exactly a packing whose cuts each consume the kerf, so the search never has to
 * think about the blade.
 */
export interface ItemCopy {
  pieza: number;
  copia: number;
  w: number;
  h: number;
  canRotate: boolean;
  area: number;
}

/** A kind of stock in internal, inflated units. */
export interface Stock {
  /** Inflated usable size (usable + kerf). */
  w: number;
  h: number;
  /** Index in `TrabajoCorte.retales` for an offcut, null for a new board. */
  retal: number | null;
  /** Where the usable area starts on the physical stock (the trims), internal units. */
  offsetX: number;
  offsetY: number;
}

/** The job as the search sees it. */
export interface Problem {
  parametros: Parametros;
  kerf: number;
  copies: ItemCopy[];
  /** New boards: unlimited. */
  board: Stock;
  /** One entry per physical offcut (a row with cantidad 3 gives three). */
  retales: Stock[];
}

/** mm → internal units. */
export function toUnits(mm: number): number {
  return Math.round(mm * SCALE);
}

/** Internal units → mm, with at most one decimal. */
export function toMm(units: number): number {
  return units / SCALE;
}

function etiquetaPieza(pieza: Pieza, index: number): string {
  const medida = `${pieza.base} × ${pieza.altura}`;
  const descripcion = pieza.descripcion?.trim();
  return `La pieza ${index + 1} (${descripcion ? `${descripcion} ${medida}` : medida})`;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function isNonNegative(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Checks a job and turns it into internal units.
 * @throws CuttingInputError with a Spanish message naming the first offending piece.
 */
export function buildProblem(trabajo: TrabajoCorte): Problem {
  const parametros: Parametros = { ...PARAMETROS_POR_DEFECTO, ...trabajo.parametros };
  for (const campo of ['base', 'altura'] as const) {
    if (!isPositive(parametros[campo])) {
      throw new CuttingInputError(`El tablero debe tener ${campo} mayor que cero`);
    }
  }
  for (const campo of ['desp_sierra', 'desp_tapacantos', 'refilado_x', 'refilado_y'] as const) {
    if (!isNonNegative(parametros[campo])) {
      throw new CuttingInputError(`El parámetro ${campo} debe ser un número mayor o igual a cero`);
    }
  }
  const kerf = toUnits(parametros.desp_sierra);
  const usableW = toUnits(parametros.base) - 2 * toUnits(parametros.refilado_x);
  const usableH = toUnits(parametros.altura) - 2 * toUnits(parametros.refilado_y);
  if (usableW <= 0 || usableH <= 0) {
    throw new CuttingInputError('Los refilados no dejan área útil en el tablero');
  }
  const board: Stock = {
    w: usableW + kerf,
    h: usableH + kerf,
    retal: null,
    offsetX: toUnits(parametros.refilado_x),
    offsetY: toUnits(parametros.refilado_y),
  };
  const usableText = `${toMm(usableW)} × ${toMm(usableH)} mm`;

  if (!Array.isArray(trabajo.piezas) || trabajo.piezas.length === 0) {
    throw new CuttingInputError('Debe agregar al menos una pieza');
  }
  const copies: ItemCopy[] = [];
  trabajo.piezas.forEach((pieza, index) => {
    const etiqueta = etiquetaPieza(pieza, index);
    if (!Number.isInteger(pieza.cantidad) || pieza.cantidad < 1) {
      throw new CuttingInputError(`${etiqueta} debe tener una cantidad entera mayor que cero`, index);
    }
    if (!isPositive(pieza.base) || !isPositive(pieza.altura)) {
      throw new CuttingInputError(`${etiqueta} debe tener base y altura mayores que cero`, index);
    }
    if (copies.length + pieza.cantidad > MAX_COPIAS) {
      throw new CuttingInputError(
        `${etiqueta} supera el límite de ${MAX_COPIAS} piezas por trabajo`,
        index,
      );
    }
    const w = toUnits(pieza.base);
    const h = toUnits(pieza.altura);
    const fitsAsIs = w <= usableW && h <= usableH;
    const fitsTurned = h <= usableW && w <= usableH;
    if (!fitsAsIs && !(pieza.rotacion && fitsTurned)) {
      const motivo = !pieza.rotacion && fitsTurned ? ' sin girarla (la veta no permite rotación)' : '';
      throw new CuttingInputError(`${etiqueta} no cabe en el tablero útil de ${usableText}${motivo}`, index);
    }
    // A piece whose turned copy does not fit the board is treated as fixed: it keeps the
    // search from trying placements that can never be cut.
    const canRotate = pieza.rotacion && fitsTurned && w !== h;
    for (let copia = 0; copia < pieza.cantidad; copia++) {
      copies.push({ pieza: index, copia, w: w + kerf, h: h + kerf, canRotate, area: (w + kerf) * (h + kerf) });
    }
  });

  const retales: Stock[] = [];
  (trabajo.retales ?? []).forEach((retal, index) => {
    const nombre = `El retal ${index + 1} (${retal.base} × ${retal.altura})`;
    if (!Number.isInteger(retal.cantidad) || retal.cantidad < 0) {
      throw new CuttingInputError(`${nombre} debe tener una cantidad entera mayor o igual a cero`);
    }
    if (!isPositive(retal.base) || !isPositive(retal.altura)) {
      throw new CuttingInputError(`${nombre} debe tener base y altura mayores que cero`);
    }
    if (retales.length + retal.cantidad > MAX_COPIAS) {
      throw new CuttingInputError(`${nombre} supera el límite de ${MAX_COPIAS} retales por trabajo`);
    }
    for (let copia = 0; copia < retal.cantidad; copia++) {
      retales.push({ w: toUnits(retal.base) + kerf, h: toUnits(retal.altura) + kerf, retal: index, offsetX: 0, offsetY: 0 });
    }
  });

  return { parametros, kerf, copies, board, retales };
}
