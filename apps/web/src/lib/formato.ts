import dayjs from 'dayjs';

/**
 * The one place numbers and dates are written for people (spec 000 §1, 001 §9): money with '$' and en-US
 * grouping ('$185,000.50', no decimals when whole); dates day first as staff read them.
 */
const DINERO = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DINERO_ENTERO = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ENTERO = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `sinDecimales`: the month-closing and cash lists show whole pesos (spec 002). */
export function formatearMoneda(valor: number | string | null | undefined, { sinDecimales = false } = {}): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const numero = Number(valor);
  if (!Number.isFinite(numero)) return '';
  // Whole pesos show no decimals; centavos show both digits ('$253,005.90', never '$253,005.9').
  const entero = sinDecimales || Number.isInteger(numero);
  return `$${(entero ? DINERO_ENTERO : DINERO).format(numero)}`;
}

export function formatearCantidad(valor: number | null | undefined): string {
  return valor === null || valor === undefined ? '' : ENTERO.format(valor);
}

/** Date and time as staff read it, e.g. '05/03/2026 02:30 pm' (dayjs 'es' locale, browser time). */
export function formatearFechaHora(valor: string | null | undefined): string {
  if (!valor) return '';
  const fecha = dayjs(valor);
  return fecha.isValid() ? fecha.format('DD/MM/YYYY hh:mm a') : '';
}

export function formatearFecha(valor: string | null | undefined): string {
  if (!valor) return '';
  const fecha = dayjs(valor);
  return fecha.isValid() ? fecha.format('DD/MM/YYYY') : '';
}

/**
 * A duration as staff read it: '45 s' under a minute, '12 min' under an hour, '1 h 05 min' from there on (minutes
 * rounded); a negative one (a clock moved back by hand) is '0 s'.
 */
export function formatearDuracion(segundos: number | null | undefined): string {
  if (segundos === null || segundos === undefined || !Number.isFinite(segundos)) return '';
  const enteros = Math.max(0, Math.round(segundos));
  if (enteros < 60) return `${enteros} s`;
  const minutos = Math.round(enteros / 60);
  if (minutos < 60) return `${minutos} min`;
  return `${Math.floor(minutos / 60)} h ${String(minutos % 60).padStart(2, '0')} min`;
}
