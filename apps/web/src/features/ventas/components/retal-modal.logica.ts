import {
  calcularPrecioRetal,
  calcularTotalesVenta,
  dePesos,
  leerPesos,
  retalMedidasSchema,
  VALOR_MAXIMO_PESOS,
  type FacturaRetal,
  type PrecioRetal,
  type RetalEntrada,
  type RetalMedidas,
} from '@tablero/domain';

/** The parameters that price an offcut (spec 000 §3), by the name calcularPrecioRetal gives each price. */
export const PARAMETROS_PRECIO_RETAL = {
  pieza: 'VALOR_BASE_PIEZA',
  canto_rigido: 'VALOR_BASE_CANTO_RIGIDO',
  canto_flexible: 'VALOR_BASE_CANTO_FLEXIBLE',
} as const;

export type PrecioBaseRetal = keyof typeof PARAMETROS_PRECIO_RETAL;
export type PreciosRetal = RetalEntrada['precios'];

/** The three prices in pesos, or the codes of those missing or not an amount (the dialog then cannot price). */
export type LecturaPreciosRetal = { precios: PreciosRetal; faltantes: [] } | { precios: null; faltantes: string[] };

/**
 * Reads the parameters' values (null: the parameter does not exist). A price is an amount of pesos of at most 2
 * decimals, 0 or more ('48000', '2500.50'); anything else counts as missing, so the dialog never prices with a guess.
 */
export function leerPreciosRetal(valores: Record<PrecioBaseRetal, string | null>): LecturaPreciosRetal {
  const precios: Partial<Record<PrecioBaseRetal, number>> = {};
  const faltantes: string[] = [];
  for (const [clave, codigo] of Object.entries(PARAMETROS_PRECIO_RETAL) as [PrecioBaseRetal, string][]) {
    const centavos = valores[clave] === null ? null : leerPesos(valores[clave]);
    if (typeof centavos === 'number' && centavos >= 0 && centavos <= VALOR_MAXIMO_PESOS * 100) precios[clave] = dePesos(centavos);
    else faltantes.push(codigo);
  }
  if (faltantes.length > 0) return { precios: null, faltantes };
  return { precios: precios as PreciosRetal, faltantes: [] };
}

/** What the dialog's fields hold while typing: '' or NaN in a size field that is empty or not a whole number yet. */
export interface ValoresRetal {
  base: number | '';
  altura: number | '';
  tipo_canto: number;
  lados: RetalMedidas['lados'];
  /** The kept offcut the calculator started from ('Desde un retal guardado'), null when measured at the counter. */
  retal_id?: number | null;
}

export const VALORES_INICIALES_RETAL: ValoresRetal = {
  base: '',
  altura: '',
  tipo_canto: 0,
  lados: { superior: false, inferior: false, izquierdo: false, derecho: false },
  retal_id: null,
};

/** A kept offcut chosen in 'Desde un retal guardado' (docs/decisions-retales.md). */
export interface RetalElegido {
  id: number;
  codigo: string;
  base: number;
  altura: number;
}

/**
 * How the calculator stands with the kept offcut chosen: 'vinculado' while base and height are the offcut's (the sale
 * will consume it), 'roto' once either was changed by hand (the sale is of an offcut measured at the counter; the
 * link must go, as the server refuses an offcut line whose measures are not its offcut's), 'ninguno' with none chosen.
 */
export function vinculoRetal(valores: Pick<ValoresRetal, 'base' | 'altura'>, elegido: RetalElegido | null): 'vinculado' | 'roto' | 'ninguno' {
  if (!elegido) return 'ninguno';
  return valores.base === elegido.base && valores.altura === elegido.altura ? 'vinculado' : 'roto';
}

/** The label of a kept offcut in the picker: 'R12-1A · 1,200 × 600 mm · Estante 3'. */
export function etiquetaRetalGuardado(retal: { codigo: string; base: number; altura: number; ubicacion: string | null }, formatear: (valor: number) => string): string {
  return [retal.codigo, `${formatear(retal.base)} × ${formatear(retal.altura)} mm`, retal.ubicacion].filter(Boolean).join(' · ');
}

/** The offcut's price as typed so far (spec 000 §9), or null while the sizes are incomplete or the prices unknown. */
export function cotizarRetal(valores: ValoresRetal, precios: PreciosRetal | null): PrecioRetal | null {
  if (!precios) return null;
  const medidas = retalMedidasSchema.safeParse(valores);
  if (!medidas.success) return null;
  return calcularPrecioRetal({ ...medidas.data, precios });
}

/** The body of POST facturas/retal: the measures and the amounts the dialog shows, which the server checks against its own. */
export function cuerpoFacturaRetal(medidas: RetalMedidas, precios: PreciosRetal): FacturaRetal {
  const precio = calcularPrecioRetal({ ...medidas, precios });
  return {
    ...medidas,
    total_precio_base: precio.total_precio_base,
    cantidad_canto: precio.cantidad_canto,
    total_precio_canto: precio.total_precio_canto,
  };
}

/** The offcut's value as its order line will carry it: the amount before tax, the product's IVA and what the customer pays. */
export interface ValorRetalConIva {
  base: number;
  porcentaje_impuesto: number;
  iva: number;
  total: number;
}

/**
 * The offcut as the customer pays it: the line POST facturas/retal answers (quantity 1 at the offcut's price, no
 * discount, the RETAL product's tax) through the order's own line rule (calcularTotalesVenta, spec 000 §9), so the
 * calculator quotes to the centavo what the order line will total. An order-level additional tax, chosen later on
 * the order, is not known here.
 */
export function valorRetalConIva(precio: PrecioRetal, porcentajeImpuesto: number): ValorRetalConIva {
  const { lineas } = calcularTotalesVenta({
    lineas: [{ cantidad: 1, precio_unitario: precio.total, porcentaje_descuento: 0, porcentaje_impuesto: porcentajeImpuesto }],
    porcentaje_impuesto_adicional: 0,
  });
  const linea = lineas[0]!;
  return { base: linea.valor_subtotal, porcentaje_impuesto: porcentajeImpuesto, iva: linea.valor_impuesto, total: linea.valor_total };
}
