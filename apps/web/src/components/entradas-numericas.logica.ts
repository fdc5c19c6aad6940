/**
 * The one rule for typed numbers (spec 000 §5, §9; spec 001 §5, §9): digits, ',' only as the en-US thousands
 * separator in its exact places ('1,250,000'), '.' as the decimal separator, at most `decimales` decimals.
 * Nothing the user typed that changes the meaning is dropped or guessed: '2.5' or '2,5' in a whole-number field
 * stays on screen with a message instead of becoming 25, so the value shown is always the value sent.
 * Pure functions so the rule is unit-tested without a DOM (vitest runs the web tests in node).
 */

export interface OpcionesNumero {
  /** Decimals accepted after '.'; 0 makes it a whole-number field. */
  decimales: number;
  /** Message when a whole-number field gets a decimal separator ('.' or a ',' out of its thousands place). */
  mensajeEntero?: string | undefined;
}

/** Reading of a text: the number it means ('' when empty, NaN while it is not a number of the rule) and why not. */
export interface Lectura {
  valor: number | '';
  error?: string;
}

/** Result of an edit: the text to show (without prefix or suffix), its reading, and whether it was regrouped. */
export interface Edicion extends Lectura {
  texto: string;
  reagrupado: boolean;
}

export const MENSAJES_NUMERO = {
  entero: 'Debe ingresar un número entero',
  formato: 'Use la coma solo para los miles y el punto para los decimales',
  grande: 'El número es demasiado grande',
  decimales: (n: number) => (n === 1 ? 'Máximo 1 decimal' : `Máximo ${n} decimales`),
} as const;

// 15 integer digits is the most a double keeps exactly: beyond that the number sent would not be the one shown.
const DIGITOS_ENTEROS_MAXIMOS = 15;
const ENTERO_AGRUPADO = /^\d{1,3}(,\d{3})*$/;

const contar = (texto: string, caracter: string) => texto.split(caracter).length - 1;

/** Keeps only what can be part of a number of the rule; a prefix '$ ', a suffix ' %', spaces and letters go. */
export function filtrar(texto: string): string {
  return texto.replace(/[^0-9.,]/g, '');
}

/** Reads a text strictly by the rule; its commas must be exactly in the thousands places. */
export function leerTexto(texto: string, opciones: OpcionesNumero): Lectura {
  const limpio = filtrar(texto);
  if (limpio === '') return { valor: '' };
  const entero = opciones.decimales === 0;
  const fallo = (error: string): Lectura => ({ valor: Number.NaN, error });
  const mensajeEntero = opciones.mensajeEntero ?? MENSAJES_NUMERO.entero;
  const partes = limpio.split('.');
  if (partes.length > 2) return fallo(entero ? mensajeEntero : MENSAJES_NUMERO.formato);
  if (entero && partes.length === 2) return fallo(mensajeEntero);
  const [parteEntera = '', parteDecimal = ''] = partes;
  if (parteEntera.includes(',') && !ENTERO_AGRUPADO.test(parteEntera)) return fallo(entero ? mensajeEntero : MENSAJES_NUMERO.formato);
  if (parteDecimal.includes(',')) return fallo(MENSAJES_NUMERO.formato);
  if (parteDecimal.length > opciones.decimales) return fallo(MENSAJES_NUMERO.decimales(opciones.decimales));
  const digitos = parteEntera.replace(/,/g, '');
  if (digitos.replace(/^0+/, '').length > DIGITOS_ENTEROS_MAXIMOS) return fallo(MENSAJES_NUMERO.grande);
  if (digitos === '' && parteDecimal === '') return fallo(MENSAJES_NUMERO.formato);
  return { valor: Number(`${digitos || '0'}.${parteDecimal || '0'}`) };
}

/** Groups the integer part of a valid text ('1250.5' → '1,250.5'); leading zeros go ('007' → '7', '.5' stays). */
function agrupar(texto: string): string {
  const [parteEntera = '', ...resto] = texto.split('.');
  const digitos = parteEntera.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const agrupado = digitos.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return resto.length ? `${agrupado}.${resto.join('.')}` : agrupado;
}

/**
 * The text after the user changed `anterior` into `nuevo`. A valid text is shown regrouped. When the previous text
 * was valid and the edit added no comma (a digit typed or deleted inside '1,250'), the old commas are only out of
 * place, so they are regrouped too. Otherwise the text stays as typed with its message: a comma the user typed
 * ('2,5') is never read as a thousands separator by guessing.
 */
export function editarTexto(anterior: string, nuevo: string, opciones: OpcionesNumero): Edicion {
  const filtrado = filtrar(nuevo);
  const lectura = leerTexto(filtrado, opciones);
  if (!lectura.error) return { ...lectura, texto: agrupar(filtrado), reagrupado: true };
  const previo = filtrar(anterior);
  if (!leerTexto(previo, opciones).error && contar(filtrado, ',') <= contar(previo, ',')) {
    const sinComas = filtrado.replace(/,/g, '');
    const relectura = leerTexto(sinComas, opciones);
    if (!relectura.error) return { ...relectura, texto: agrupar(sinComas), reagrupado: true };
  }
  return { ...lectura, texto: filtrado, reagrupado: false };
}

/** The text of a value that comes from the form (a saved number, '' or a reset): en-US grouping, all its decimals. */
export function textoDeValor(valor: number | string | null | undefined): string {
  if (valor === '' || valor === null || valor === undefined) return '';
  const numero = typeof valor === 'number' ? valor : Number(filtrar(valor));
  if (typeof valor === 'string' && filtrar(valor) === '') return '';
  if (!Number.isFinite(numero)) return typeof valor === 'string' ? filtrar(valor) : '';
  return numero.toLocaleString('en-US', { useGrouping: true, maximumFractionDigits: 20 });
}

/** The text once the field loses focus: a valid '1.' or '1,250.' loses its dangling '.'; an invalid text stays. */
export function textoAlSalir(texto: string, opciones: OpcionesNumero): string {
  if (leerTexto(texto, opciones).error) return texto;
  return texto.endsWith('.') ? texto.slice(0, -1) : texto;
}

/**
 * Where the caret goes in `texto` after an edit: after as many digits and '.' as were before it in what the user
 * left in the box (commas move when the number is regrouped, the digits do not). Without regrouping, after as many
 * kept characters.
 */
export function posicionCursor(antesDelCursor: string, texto: string, reagrupado: boolean): number {
  const significativo = reagrupado ? /[0-9.]/ : /[0-9.,]/;
  const cuenta = [...antesDelCursor].filter((c) => significativo.test(c)).length;
  if (cuenta === 0) return 0;
  let vistos = 0;
  for (let i = 0; i < texto.length; i += 1) {
    if (significativo.test(texto.charAt(i))) vistos += 1;
    if (vistos === cuenta) return i + 1;
  }
  return texto.length;
}

/** The same value for the form? NaN equals NaN (both invalid), '' equals null and undefined. */
export function mismoValor(a: number | string | null | undefined, b: number | string | null | undefined): boolean {
  const normal = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '' : typeof v === 'number' ? v : Number(filtrar(v)));
  return Object.is(normal(a), normal(b));
}
