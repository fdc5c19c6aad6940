import dayjs from 'dayjs';

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
