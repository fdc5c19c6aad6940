import { z } from 'zod';

/**
 * The business's time zone, the one definition of the business day (docs/architecture.md §3): day boundaries, "today"
 * limits, month closing, printed dates. It is not a setting: the web prints dates in it too, so the server could only
 * disagree with the screens.
 */
export const ZONA_NEGOCIO = 'America/Bogota';

const FORMATO_FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** The parts of an instant down to the minute, each with its digits ('2026', '01', '15', '02', '05'). */
const FECHA_HORA_MINUTO = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

/** One formatter per zone: building an Intl.DateTimeFormat costs about half a millisecond, formatting with it microseconds. */
const formatosDia = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in the business's time zone, as 'YYYY-MM-DD'. */
export function hoyNegocio(ahora: Date = new Date(), zona: string = ZONA_NEGOCIO): string {
  let formato = formatosDia.get(zona);
  if (!formato) {
    // en-CA writes dates as YYYY-MM-DD.
    formato = new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatosDia.set(zona, formato);
  }
  return formato.format(ahora);
}

/**
 * An instant as a Date whose UTC fields hold the wall clock of `zona`: a spreadsheet cell or a file name has no time
 * zone, so a sale billed at 18:30 in Bogotá must read 18:30, not 23:30. Returns a function with one formatter, to be
 * used row by row (building the formatter costs far more than using it).
 */
export function relojNegocio(zona: string = ZONA_NEGOCIO): (instante: Date | string) => Date {
  const formato = new Intl.DateTimeFormat('en-US', { timeZone: zona, ...FECHA_HORA_MINUTO, second: '2-digit', hourCycle: 'h23' });
  return (instante) => {
    const p = Object.fromEntries(formato.formatToParts(new Date(instante)).map((parte) => [parte.type, Number(parte.value)])) as Record<string, number>;
    return new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!));
  };
}

/** One formatter of date and time per zone, for the same reason as formatosDia. */
const formatosFechaHora = new Map<string, Intl.DateTimeFormat>();

function partesFechaHora(instante: Date, zona: string): Record<string, string> {
  let formato = formatosFechaHora.get(zona);
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-US', { timeZone: zona, ...FECHA_HORA_MINUTO, hour12: true });
    formatosFechaHora.set(zona, formato);
  }
  return Object.fromEntries(formato.formatToParts(instante).map((parte) => [parte.type, parte.value]));
}

/** An instant given as a Date or as text, or null when it is none (empty, 'no es fecha'). */
function instanteDe(valor: string | Date): Date | null {
  const instante = valor instanceof Date ? valor : new Date(valor);
  return Number.isNaN(instante.getTime()) ? null : instante;
}

/**
 * The one date printer (docs/architecture.md §5), day first as staff read it: a calendar date '2026-01-15' →
 * '15/01/2026' as it is; an instant (a Date, or text with a time) → its day in `zona`. '' for nothing or no date.
 */
export function formatearFecha(valor: string | Date | null | undefined, zona: string = ZONA_NEGOCIO): string {
  if (valor === null || valor === undefined || valor === '') return '';
  if (typeof valor === 'string' && FORMATO_FECHA.test(valor)) return valor.split('-').reverse().join('/');
  const instante = instanteDe(valor);
  return instante === null ? '' : hoyNegocio(instante, zona).split('-').reverse().join('/');
}

/**
 * An instant's date and time in `zona`, as screens, documents and messages print it: '23/11/2026 02:05 pm'. '' for
 * nothing or no date.
 */
export function formatearFechaHora(valor: string | Date | null | undefined, zona: string = ZONA_NEGOCIO): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const instante = instanteDe(valor);
  if (instante === null) return '';
  const p = partesFechaHora(instante, zona);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod!.toLowerCase()}`;
}

/** A calendar date 'YYYY-MM-DD' moved by whole days (the one day arithmetic of server, web and demo data). */
export function sumarDias(fecha: string, dias: number): string {
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(anio, mes - 1, dia + dias)).toISOString().slice(0, 10);
}

/** A calendar date 'YYYY-MM-DD' moved by whole months, the day kept within the target month (31 Mar − 1 → 28/29 Feb). */
export function sumarMeses(fecha: string, meses: number): string {
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  const indice = anio * 12 + (mes - 1) + meses;
  const anioNuevo = Math.floor(indice / 12);
  const mesNuevo = (indice % 12) + 1;
  const ultimo = new Date(Date.UTC(anioNuevo, mesNuevo, 0)).getUTCDate();
  return `${String(anioNuevo).padStart(4, '0')}-${String(mesNuevo).padStart(2, '0')}-${String(Math.min(dia, ultimo)).padStart(2, '0')}`;
}

/** The first day of `fecha`'s month ('YYYY-MM-DD'). */
export function primerDiaDelMes(fecha: string): string {
  return `${fecha.slice(0, 8)}01`;
}

/** The last day of `fecha`'s month ('YYYY-MM-DD'; 29 Feb in a leap year). */
export function ultimoDiaDelMes(fecha: string): string {
  return sumarDias(sumarMeses(primerDiaDelMes(fecha), 1), -1);
}

/** A month (its year and 1..12) as its first and last day: the days of a report's month or a period's. */
export function diasDelMes(anio: number, mes: number): { desde: string; hasta: string } {
  const desde = `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-01`;
  return { desde, hasta: ultimoDiaDelMes(desde) };
}

/** This month up to `hoy` (the business date): the default range of the month's reports. */
export function mesHastaHoy(hoy: string): { fecha_inicial: string; fecha_final: string } {
  return { fecha_inicial: primerDiaDelMes(hoy), fecha_final: hoy };
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function esFechaValida(texto: string): boolean {
  if (!FORMATO_FECHA.test(texto)) return false;
  const [anio, mes, dia] = texto.split('-').map(Number) as [number, number, number];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  return anio >= 1900 && anio <= 9999 && fecha.getUTCFullYear() === anio && fecha.getUTCMonth() === mes - 1 && fecha.getUTCDate() === dia;
}

/** A required calendar date 'YYYY-MM-DD'. */
export function fechaRequerida(mensaje: string) {
  return z.string({ error: mensaje }).trim().refine(esFechaValida, mensaje);
}

/** An optional calendar date 'YYYY-MM-DD'; blank is null. */
export function fechaOpcional(mensaje: string) {
  return z
    .string({ error: mensaje })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || esFechaValida(v), mensaje);
}
