import { z } from 'zod';
import { motivoRolesTurnoCaja, PARAMETRO_ROLES_TURNO_CAJA } from '../cajas/cajas.schema';
import { PARAMETRO_RETAL_LADO_MINIMO, RETAL_LADO_MAXIMO } from '../retales/retales.schema';
import { MENSAJES_REDONDEO, PARAMETRO_REDONDEO_EFECTIVO, unidadRedondeoDeTexto } from '../formas-pago/redondeo-efectivo';

/** spec 001 §5 Parameter. */
export const MENSAJES_PARAMETRO = {
  codigo: 'Debe ingresar un codigo de parametro',
  valor: 'Debe ingresar un valor del parametro',
  codigoLargo: 'El código del parámetro admite hasta 60 caracteres',
  valorLargo: 'El valor del parámetro admite hasta 1000 caracteres',
} as const;

/** Codes the application reads (spec 000 §3, 001 §3). */
export const CODIGOS_PARAMETRO = [
  'FORMA_PAGO_ANTICIPO',
  'LISTA_TIENDA_FACTURA_SIIGO',
  'VALOR_BASE_PIEZA',
  'VALOR_BASE_CANTO_RIGIDO',
  'VALOR_BASE_CANTO_FLEXIBLE',
  'LISTA_GRUPOS_TABLEROS',
  // The issuer printed on invoices and remissions (spec 000 §2.6 documents), until a company settings screen exists.
  'EMPRESA_RAZON_SOCIAL',
  'EMPRESA_NIT',
  'EMPRESA_DIRECCION',
  'EMPRESA_TELEFONO',
  'EMPRESA_CIUDAD',
  // The stores Cuadre de caja totals (spec 002 §2.9: 001 and 002).
  'TIENDAS_CUADRE_CAJA',
  // The highest quota a seller may give a customer's account from the order form (docs/decisions.md "Quién mueve el
  // dinero de un crédito").
  'CUPO_MAXIMO_VENDEDOR',
  // The UVT of each year, in pesos: the POS equivalent document's limit is 5 of the billing day's year (documento-pos.ts,
  // codigoParametroUvt; docs/decisions-factura-electronica.md "Documento equivalente POS"). The business adds each new year.
  'UVT_2025',
  'UVT_2026',
  // The roles that must open a cash shift before cash moves (docs/decisions-cajas.md); 'Ninguno' or missing: none.
  'ROLES_TURNO_CAJA',
  // How long a saved order holds its stock (docs/decisions-reservas.md) and a quotation is valid (decisions-cotizaciones.md).
  'DIAS_RESERVA_PEDIDO',
  'DIAS_VALIDEZ_COTIZACION',
  // The cash rounding unit, 1 or 50 pesos (docs/decisions-redondeo-envios.md).
  'REDONDEO_EFECTIVO',
  // The smallest offcut kept, mm per side (docs/decisions-retales.md).
  'RETAL_LADO_MINIMO',
] as const;

/**
 * The parameters whose value has a shape the application needs, by code: each answers the Spanish message of a value
 * it refuses, or null. Creating or editing such a parameter is checked against it on the server (422 on
 * valor_parametro) and in the screen.
 */
export const VALIDACION_PARAMETROS: Readonly<Record<string, (valor: string) => string | null>> = {
  [PARAMETRO_REDONDEO_EFECTIVO]: (valor) => (unidadRedondeoDeTexto(valor) === null ? MENSAJES_REDONDEO.parametro : null),
  [PARAMETRO_ROLES_TURNO_CAJA]: motivoRolesTurnoCaja,
  [PARAMETRO_RETAL_LADO_MINIMO]: (valor) =>
    /^\d{1,5}$/.test(valor.trim()) && Number(valor) >= 1 && Number(valor) <= RETAL_LADO_MAXIMO ? null : `El lado mínimo del retal debe ser un número entero de milímetros entre 1 y 10,000`,
};

/** Why a parameter's value is refused, or null (parameters without a rule take any text). */
export const motivoValorParametro = (codigo: string, valor: string): string | null => VALIDACION_PARAMETROS[codigo.trim()]?.(valor) ?? null;

/** The parameters that name the issuer on the sale documents, by the field they fill. */
export const PARAMETROS_EMPRESA = {
  razon_social: 'EMPRESA_RAZON_SOCIAL',
  nit: 'EMPRESA_NIT',
  direccion: 'EMPRESA_DIRECCION',
  telefono: 'EMPRESA_TELEFONO',
  ciudad: 'EMPRESA_CIUDAD',
} as const;

const valorParametro = z
  .string({ error: MENSAJES_PARAMETRO.valor })
  .trim()
  .min(1, MENSAJES_PARAMETRO.valor)
  .max(1000, MENSAJES_PARAMETRO.valorLargo);

export const parametroCrearSchema = z.object({
  /** Unique code the application reads the parameter by, e.g. LISTA_GRUPOS_TABLEROS. */
  codigo_parametro: z
    .string({ error: MENSAJES_PARAMETRO.codigo })
    .trim()
    .min(1, MENSAJES_PARAMETRO.codigo)
    .max(60, MENSAJES_PARAMETRO.codigoLargo),
  /** The parameter's value, free text (lists are comma-separated). */
  valor_parametro: valorParametro,
});
export type ParametroCrear = z.infer<typeof parametroCrearSchema>;

/** The code is read-only when editing (spec 001, Parameters screen): only the value travels. */
export const parametroEditarSchema = z.object({ valor_parametro: valorParametro });
export type ParametroEditar = z.infer<typeof parametroEditarSchema>;

export const parametroSchema = z.object({
  codigo_parametro: z.string(),
  valor_parametro: z.string(),
});
export type Parametro = z.infer<typeof parametroSchema>;

/** Reads a comma-separated list parameter (LISTA_GRUPOS_TABLEROS, LISTA_TIENDA_FACTURA_SIIGO) as integers. */
export function leerListaEnteros(valor: string | null | undefined): number[] {
  if (!valor) return [];
  return valor
    .split(',')
    .map((parte) => parte.trim())
    .filter((parte) => /^\d+$/.test(parte))
    .map(Number);
}

/** GET parametros. */
export const parametrosRespuestaSchema = z.object({ parametros: z.array(parametroSchema) });

/** GET parametros/{codigo}. */
export const parametroRespuestaSchema = z.object({ parametro: parametroSchema });

/** GET and PUT parametros/{codigo}: the parameter's code. */
export const parametroParamsSchema = z.object({ codigo: z.string().min(1).max(60) });
