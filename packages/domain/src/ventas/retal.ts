import { aCentavos, dePesos } from '../dinero';

/** spec 000 §3: edge type codes of the offcut calculator. */
export const TIPOS_CANTO_RETAL = { ninguno: 0, rigido: 1, flexible: 2 } as const;
export type TipoCantoRetal = (typeof TIPOS_CANTO_RETAL)[keyof typeof TIPOS_CANTO_RETAL];

/** The sides that carry edge band: top and bottom run along the base, left and right along the height. */
export interface LadosCantoRetal {
  superior: boolean;
  inferior: boolean;
  izquierdo: boolean;
  derecho: boolean;
}

export interface RetalEntrada {
  /** mm, whole numbers above 0. */
  base: number;
  altura: number;
  tipo_canto: TipoCantoRetal;
  lados: LadosCantoRetal;
  /** Pesos: VALOR_BASE_PIEZA per m², VALOR_BASE_CANTO_RIGIDO and VALOR_BASE_CANTO_FLEXIBLE per metre. */
  precios: { pieza: number | string; canto_rigido: number | string; canto_flexible: number | string };
}

/** What the calculator shows and facturas/retal receives (spec 000 §7: total_precio_base, tipo_canto, cantidad_canto, total_precio_canto). */
export interface PrecioRetal {
  /** m², exact to the mm² (base × altura / 10^6). */
  area: number;
  total_precio_base: number;
  tipo_canto: TipoCantoRetal;
  /** Metres of edge band (the chosen sides; none without an edge type), exact to the mm. */
  cantidad_canto: number;
  total_precio_canto: number;
  total: number;
}

/** Rounds n/d to the nearest integer, halves up (n, d ≥ 0): the centavo of a product of exact integers. */
function dividirRedondeando(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/**
 * spec 000 §9 offcut price: area (base/1000 × altura/1000) × the piece's base price, plus the edge length (the chosen
 * sides in metres: top and bottom are the base, left and right the height) × the price of its edge type. Sizes in
 * whole mm and prices in centavos make both products exact integers; each amount is rounded once to the centavo.
 */
export function calcularPrecioRetal({ base, altura, tipo_canto, lados, precios }: RetalEntrada): PrecioRetal {
  if (!Number.isInteger(base) || !Number.isInteger(altura) || base <= 0 || altura <= 0) {
    throw new RangeError('La base y la altura del retal deben ser números enteros de milímetros mayores que 0');
  }
  const areaMm2 = BigInt(base) * BigInt(altura);
  const precioBase = dividirRedondeando(areaMm2 * BigInt(aCentavos(precios.pieza)), 1_000_000n);

  const conCanto = tipo_canto !== TIPOS_CANTO_RETAL.ninguno;
  const largoMm = conCanto
    ? (lados.superior ? base : 0) + (lados.inferior ? base : 0) + (lados.izquierdo ? altura : 0) + (lados.derecho ? altura : 0)
    : 0;
  const precioMetro = tipo_canto === TIPOS_CANTO_RETAL.rigido ? precios.canto_rigido : precios.canto_flexible;
  const precioCanto = conCanto ? dividirRedondeando(BigInt(largoMm) * BigInt(aCentavos(precioMetro)), 1000n) : 0n;

  return {
    area: Number(areaMm2) / 1_000_000,
    total_precio_base: dePesos(Number(precioBase)),
    tipo_canto,
    cantidad_canto: largoMm / 1000,
    total_precio_canto: dePesos(Number(precioCanto)),
    total: dePesos(Number(precioBase + precioCanto)),
  };
}
