import { formatearNumero, leerNumero, type OpcionesLectura } from '@tablero/domain';

/**
 * The text box of a number (spec 000 §5, §9; spec 001 §5, §9): what is typed is read by the domain's one number reader
 * (packages/domain/src/numeros.ts, docs/architecture.md §5 "Numbers in fields"): ',' only as the en-US thousands
 * separator in its exact places ('1,250,000'), '.' as the decimal point, at most `decimales` decimals. Nothing the
 * user typed that changes the meaning is dropped or guessed: '2,5' stays on screen with 'Use punto para decimales:
 * 2.5' instead of becoming 25, so the value shown is always the value sent. Only the field's own prefix ('$ '),
 * suffix (' %') and spaces are left out; a letter stays, with its message.
 * Pure functions so the rule is unit-tested without a DOM (vitest runs the web tests in node).
 */

export type OpcionesNumero = Pick<OpcionesLectura, 'decimales' | 'mensajeEntero' | 'negativos'>;

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

const contar = (texto: string, caracter: string) => texto.split(caracter).length - 1;

/** The text without the field's prefix '$ ', suffix ' %' and spaces: what the reader reads. */
export function filtrar(texto: string): string {
  return texto.replace(/[$%\s]/g, '');
}

/** Reads a text by the one rule (leerNumero); its commas must be exactly in the thousands places. */
export function leerTexto(texto: string, opciones: OpcionesNumero): Lectura {
  const lectura = leerNumero(filtrar(texto), opciones);
  if (lectura.error !== null) return { valor: Number.NaN, error: lectura.error };
  return { valor: lectura.valor ?? '' };
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
  const numero = typeof valor === 'number' ? valor : numeroDeTexto(valor);
  if (typeof valor === 'string' && filtrar(valor) === '') return '';
  if (!Number.isFinite(numero)) return typeof valor === 'string' ? filtrar(valor) : '';
  return formatearNumero(numero, 20);
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
  const normal = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '' : typeof v === 'number' ? v : numeroDeTexto(v));
  return Object.is(normal(a), normal(b));
}

/** A form value given as text ('1,250.5', a default): its number by the same reader, NaN when it breaks the rule. */
function numeroDeTexto(texto: string): number {
  const lectura = leerNumero(filtrar(texto), { decimales: Infinity, negativos: true });
  return lectura.error === null && lectura.valor !== null ? lectura.valor : Number.NaN;
}
