/**
 * The list's period filter (spec 002 §2.11, §5: month/year, default the current month, year up to the current one):
 * kept in the address as 'YYYY-MM' so a reload or a saved dialog returns to the same month.
 */
export interface Periodo {
  year: number;
  month: number;
}

/** The month of `hoy` ('YYYY-MM-DD', the business's today). */
export function periodoActual(hoy: string): Periodo {
  return { year: Number(hoy.slice(0, 4)), month: Number(hoy.slice(5, 7)) };
}

/** A period written 'YYYY-MM' in the address, or the current month when it is missing, malformed or after this year. */
export function leerPeriodo(texto: string | null, hoy: string): Periodo {
  const partes = texto ? /^(\d{4})-(\d{2})$/.exec(texto) : null;
  if (!partes) return periodoActual(hoy);
  const year = Number(partes[1]);
  const month = Number(partes[2]);
  if (year < 2000 || year > periodoActual(hoy).year || month < 1 || month > 12) return periodoActual(hoy);
  return { year, month };
}

export function escribirPeriodo(periodo: Periodo): string {
  return `${periodo.year}-${String(periodo.month).padStart(2, '0')}`;
}

/** The month picker's value: the period's first day. */
export function fechaDePeriodo(periodo: Periodo): string {
  return `${escribirPeriodo(periodo)}-01`;
}

/** The month picker's last month: December of the current year (invoices to pay may be dated ahead). */
export function ultimoMesElegible(hoy: string): string {
  return `${hoy.slice(0, 4)}-12-01`;
}
