
/**
 * The one reader of a number typed by a person or read from a file (spec 000 §5, 001 §9; docs/architecture.md §5
 * "Numbers in fields"): every numeric input of the web, the CSV imports and the zod schemas read text through it.
 * The rule: digits, ',' only as the thousands separator in groups of three ('1,250,000'), '.' as the decimal point.
 * Whatever could mean two different numbers is refused with a message that shows the accepted form, never guessed:
 * '2,5' is not 25, '12.400,50' is not 12.40, '1.200' in a whole-number field is not 1.2.
 */

// The accepted form: digits, commas only as thousands groups of the integer part, an optional '.' and decimals ('.5'
// and '5.' too, as they are typed). Groups: sign, integer part, decimals. A grouped number never starts with a 0
// group: '0,125' is a decimal comma, not 125.
const FORMA = /^(-?)(\d*|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d*))?$/;
const SOLO_CIFRAS = /^\d{1,15}$/;
// 15 integer digits is the most a double keeps exactly: beyond that the number used would not be the one typed.
const DIGITOS_ENTEROS_MAXIMOS = 15;

export const MENSAJES_NUMERO = {
  entero: 'Debe ingresar un número entero',
  /** '1.200' in a whole-number field: the dot can only be a Colombian thousands separator. */
  enteroSinPunto: (sugerido: string) => `Debe ingresar un número entero: ${sugerido}`,
  comaDecimal: (sugerido: string) => `Use punto para decimales: ${sugerido}`,
  formatoEuropeo: (sugerido: string) => `Use coma para miles y punto para decimales: ${sugerido}`,
  puntoDeMiles: (sugerido: string) => `Use coma para miles: ${sugerido}`,
  ambiguo: (miles: string, decimal: string) => `¿Miles o decimales? Escriba ${miles} o ${decimal}`,
  noNumero: (decimales: number) => (decimales === 0 ? 'Escriba solo cifras, por ejemplo 1,250' : 'Escriba solo cifras, por ejemplo 1,250.50'),
  decimales: (n: number) => (n === 1 ? 'Máximo 1 decimal' : `Máximo ${n} decimales`),
  negativo: 'El número no puede ser negativo',
  grande: 'El número es demasiado grande',
} as const;

export interface OpcionesLectura {
  /** Decimals the field takes after '.'; 0 for a whole-number field, Infinity when the caller counts them. */
  decimales: number;
  /** Whether '-3' is a value (false unless told: quantities, prices and measures are not negative). */
  negativos?: boolean;
  /** Largest value ('El valor máximo es …' above it); without it, 15 integer digits at most. Infinity: no limit. */
  maximo?: number;
  /** The field's own message for a decimal in a whole-number field ('Debe ingresar un número entero' unless told). */
  mensajeEntero?: string | undefined;
}

/**
 * What a text means: `valor` null when it is empty; otherwise the number and `texto`, its decimal text without
 * thousands commas ('12400.50', read exactly by aCentavos) — or `error`, the field's message.
 */
export type LecturaNumero = { error: null; valor: number | null; texto: string } | { error: string; valor?: undefined; texto?: undefined };

/** '12400.50' → '12,400.50': a number's decimal text with en-US thousands groups, as the fields show it. */
export function agruparMiles(texto: string): string {
  const [entero = '', ...decimales] = texto.split('.');
  const agrupado = entero.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimales.length ? `${agrupado}.${decimales.join('.')}` : agrupado;
}

/** 'El valor máximo es 1.000.000.000': the message of a number above its field's limit (Colombian dots, as messages write it). */
export function mensajeMaximo(maximo: number): string {
  return `El valor máximo es ${formatearNumero(maximo)}`;
}

const fallo = (error: string): LecturaNumero => ({ error });

/** Why a text outside the accepted form is refused, showing the form it likely meant. */
function diagnostico(cuerpo: string, signo: string, opciones: OpcionesLectura, mensajeEntero: string): string {
  const entero = opciones.decimales === 0;
  // '12.400,50': dots for thousands and a decimal comma.
  const europeo = /^(\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(cuerpo);
  if (europeo) return entero ? mensajeEntero : MENSAJES_NUMERO.formatoEuropeo(`${signo}${agruparMiles(europeo[1]!.replaceAll('.', ''))}.${europeo[2]}`);
  // '1.200.000': dots for thousands.
  if (/^\d{1,3}(\.\d{3}){2,}$/.test(cuerpo)) {
    const digitos = cuerpo.replaceAll('.', '');
    return entero ? MENSAJES_NUMERO.enteroSinPunto(`${signo}${digitos}`) : MENSAJES_NUMERO.puntoDeMiles(`${signo}${agruparMiles(digitos)}`);
  }
  // '2,5', '8,30', '1,2345': a decimal comma (a thousands comma has exactly three digits after it).
  const coma = /^(\d+),(\d+)$/.exec(cuerpo);
  if (coma) return entero ? mensajeEntero : MENSAJES_NUMERO.comaDecimal(`${signo}${coma[1]}.${coma[2]}`);
  return MENSAJES_NUMERO.noNumero(opciones.decimales);
}

/**
 * Reads `entrada` by the rule. Spaces around it and a leading '$' (how the app prints money) are allowed; anything
 * else that is not a digit, ',', '.' or a leading '-' (letters, '1e5', a NUL byte) is no number.
 */
export function leerNumero(entrada: string, opciones: OpcionesLectura): LecturaNumero {
  // The common case first, plain digits ('2440'): a table of 600 inputs reads each one on every render.
  if (SOLO_CIFRAS.test(entrada)) {
    const valor = Number(entrada);
    if (opciones.maximo === undefined || valor <= opciones.maximo) return { error: null, valor, texto: String(valor) };
  }
  const texto = entrada.trim().replace(/^(-?)\$\s*/, '$1');
  if (texto === '') return { error: null, valor: null, texto: '' };
  const entero = opciones.decimales === 0;
  const mensajeEntero = opciones.mensajeEntero ?? MENSAJES_NUMERO.entero;
  const forma = FORMA.exec(texto);
  if (!forma) {
    const signo = texto.startsWith('-') ? '-' : '';
    return fallo(diagnostico(signo ? texto.slice(1) : texto, signo, opciones, mensajeEntero));
  }
  const [, signo = '', conComas = '', decimales] = forma;
  const digitos = conComas.replaceAll(',', '');
  if (digitos === '' && !decimales) return fallo(MENSAJES_NUMERO.noNumero(opciones.decimales));
  if (decimales !== undefined) {
    // '1.200' with a field that takes fewer than three decimals: a Colombian thousands dot or a decimal point.
    const pareceMiles = /^[1-9]\d{0,2}$/.test(conComas) && decimales.length === 3;
    if (entero) return fallo(pareceMiles ? MENSAJES_NUMERO.enteroSinPunto(`${signo}${digitos}${decimales}`) : mensajeEntero);
    if (pareceMiles && opciones.decimales < 3) {
      const miles = `${signo}${digitos},${decimales}`;
      const significativos = decimales.replace(/0+$/, '');
      if (significativos.length > opciones.decimales) return fallo(MENSAJES_NUMERO.puntoDeMiles(miles));
      return fallo(MENSAJES_NUMERO.ambiguo(miles, `${signo}${digitos}.${decimales.slice(0, Math.max(opciones.decimales, 1))}`));
    }
    if (decimales.replace(/0+$/, '').length > opciones.decimales) return fallo(MENSAJES_NUMERO.decimales(opciones.decimales));
  }
  const sinCeros = digitos.replace(/^0+(?=\d)/, '') || '0';
  const decimal = `${signo}${sinCeros}${decimales ? `.${decimales}` : ''}`;
  const valor = Number(decimal);
  if (signo === '-' && valor !== 0 && !opciones.negativos) return fallo(MENSAJES_NUMERO.negativo);
  const maximo = opciones.maximo;
  if (maximo === undefined && sinCeros.length > DIGITOS_ENTEROS_MAXIMOS) return fallo(MENSAJES_NUMERO.grande);
  if (maximo !== undefined && Math.abs(valor) > maximo) return fallo(mensajeMaximo(maximo));
  return { error: null, valor: Object.is(valor, -0) ? 0 : valor, texto: Object.is(valor, -0) ? decimal.slice(1) : decimal };
}

const formatosNumero = new Map<string, Intl.NumberFormat>();

/**
 * The one printer of a number that is not money (docs/architecture.md §5 "Numbers in fields"): screens, PDFs and
 * messages write it in the form the reader takes back, ',' grouping thousands and '.' before the decimals ('1,250',
 * '2.5'). Up to `decimales` decimals without trailing zeros, or exactly that many when `fijos` ('2.50 m' of a plan).
 */
export function formatearNumero(valor: number, decimales = 2, fijos = false): string {
  const clave = `${decimales}:${fijos}`;
  let formato = formatosNumero.get(clave);
  if (!formato) {
    formato = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimales, minimumFractionDigits: fijos ? decimales : 0 });
    formatosNumero.set(clave, formato);
  }
  return formato.format(valor);
}

/** A rate as the screens and documents print it: '19 %', '0.4 %', '87.25 %' (a space before the sign, as the spec writes it). */
export function formatearPorcentaje(valor: number | string, decimales = 2, fijos = false): string {
  return `${formatearNumero(Number(valor), decimales, fijos)} %`;
}
