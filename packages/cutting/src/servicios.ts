/**
 * Derived sale rules of a cut plan (spec 000 §9 and spec 001 §9): edge band metres, the
 * service codes charged for banding and cutting, and special-service quantities.
 * Pure functions, shared by the server (adding a plan to a sale) and the web (preview).
 */
import type { ModoServicio, Pieza, ServicioEspecial, Tapacanto } from './types.ts';

/** The cutting service every plan adds, always with quantity 1. */
export const SERVICIO_CORTE = 'SERVICOR1';

export type CodigoServicioCanto = 'SERVIENC33R' | 'SERVIENC02' | 'SERVIENC05';

/** A service line a plan adds to the sale. */
export interface LineaServicio {
  referencia: string;
  cantidad: number;
  /** For banding services, the edge band code they are charged for. */
  canto?: string;
  /** For special services, how the service applies (B base, A altura, P pieza). */
  modo?: ModoServicio;
}

/**
 * Banding service for an edge band code: SERVIENC33R for codes ending in '3R', SERVIENC02
 * for other codes ending in 'R', SERVIENC05 otherwise.
 */
export function codigoServicioCanto(codigoCanto: string): CodigoServicioCanto {
  const codigo = codigoCanto.trim().toUpperCase();
  if (codigo.endsWith('3R')) return 'SERVIENC33R';
  if (codigo.endsWith('R')) return 'SERVIENC02';
  return 'SERVIENC05';
}

/** Metres of banding service charged: the glued length plus one, rounded down. */
export function metrosServicioCanto(pegado: number): number {
  return Math.floor(pegado + 1);
}

/** Metres of edge band material sold: the length taken from the roll plus one, rounded down. */
export function metrosMaterialCanto(ml: number): number {
  return Math.floor(ml + 1);
}

/** Quantity of a special service for a piece row: per-piece quantity × pieces. */
export function cantidadServicioEspecial(servicio: ServicioEspecial, pieza: Pick<Pieza, 'cantidad'>): number {
  return servicio.cantidad * pieza.cantidad;
}

/** Millimetres to metres, keeping tenths of a millimetre and dropping float noise. */
function metrosExactos(mm: number): number {
  return Math.round(mm * 10) / 10_000;
}

function hasCanto(codigo: string | null | undefined): codigo is string {
  return typeof codigo === 'string' && codigo.trim() !== '';
}

/**
 * Edge band per code: `pegado` is the length glued on pieces (top and bottom sides are
 * as long as the base, left and right as the altura), `ml` adds `desp_tapacantos` mm per
 * banded side, the extra the bander needs at each end. Metres to the tenth of a
 * millimetre, the precision of the sizes: rounding to centimetres here would push a
 * length just under a whole metre (2,996 mm) onto it, and "plus one, rounded down" would
 * then charge a metre more. Codes in order of first use.
 */
export function calcularTapacantos(piezas: Pieza[], despTapacantos: number): Tapacanto[] {
  const totals = new Map<string, { mm: number; sides: number }>();
  for (const pieza of piezas) {
    const sides: Array<[string | null | undefined, number]> = [
      [pieza.canto_base_top, pieza.base],
      [pieza.canto_base_bottom, pieza.base],
      [pieza.canto_altura_left, pieza.altura],
      [pieza.canto_altura_right, pieza.altura],
    ];
    for (const [codigo, length] of sides) {
      if (!hasCanto(codigo)) continue;
      const total = totals.get(codigo) ?? { mm: 0, sides: 0 };
      total.mm += length * pieza.cantidad;
      total.sides += pieza.cantidad;
      totals.set(codigo, total);
    }
  }
  return [...totals].map(([codigo, { mm, sides }]) => ({
    codigo,
    ml: metrosExactos(mm + sides * despTapacantos),
    pegado: metrosExactos(mm),
  }));
}

/**
 * The service lines a plan adds to a sale: SERVICOR1 × 1, then (when banding is charged)
 * one banding service per edge code with its metres, then each special service with its
 * quantity for the whole row.
 */
export function serviciosDelPlan(piezas: Pieza[], tapacantos: Tapacanto[], cobrarCanto = true): LineaServicio[] {
  const lineas: LineaServicio[] = [{ referencia: SERVICIO_CORTE, cantidad: 1 }];
  if (cobrarCanto) {
    for (const tapacanto of tapacantos) {
      lineas.push({
        referencia: codigoServicioCanto(tapacanto.codigo),
        cantidad: metrosServicioCanto(tapacanto.pegado),
        canto: tapacanto.codigo,
      });
    }
  }
  for (const pieza of piezas) {
    for (const servicio of pieza.lista_servicios_especiales ?? []) {
      lineas.push({ referencia: servicio.referencia, cantidad: cantidadServicioEspecial(servicio, pieza), modo: servicio.modo });
    }
  }
  return lineas;
}

/** A line of edge band material a plan sells: the edge's product reference and its metres. */
export interface LineaMaterialCanto {
  referencia: string;
  cantidad: number;
}

/**
 * The edge band material a plan sells, one line per edge code: the metres taken from the roll
 * plus one, rounded down (spec 000 §9). Sold whether or not the banding service is charged.
 */
export function materialesDelPlan(tapacantos: Tapacanto[]): LineaMaterialCanto[] {
  return tapacantos.map((tapacanto) => ({ referencia: tapacanto.codigo, cantidad: metrosMaterialCanto(tapacanto.ml) }));
}
