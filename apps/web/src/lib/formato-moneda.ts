/** spec 000 §1 / 001 §9: money shows with '$' and en-US grouping ('$185,000.50'; no decimals when whole). */
const FORMATO = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export function formatearMoneda(valor: number | string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const numero = Number(valor);
  return Number.isFinite(numero) ? `$${FORMATO.format(numero)}` : '';
}

const ENTERO = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatearCantidad(valor: number | null | undefined): string {
  return valor === null || valor === undefined ? '' : ENTERO.format(valor);
}
