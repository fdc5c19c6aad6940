import { DECIMALES_CANTIDAD_STOCK, formatearDinero, formatearFecha, formatearFechaHora, formatearNumero, formatearPorcentaje } from '@tablero/domain';

/**
 * The screens' printers (spec 000 §1, 001 §9), delegating to the one money and date printer of packages/domain that
 * the server's PDFs, spreadsheets and messages use too (docs/architecture.md §5): money with '$' and en-US grouping
 * ('$185,000.50', no decimals when whole); dates day first, in the business's zone; other numbers and rates in the
 * form the number reader takes back ('1,250', '2.5', '19 %').
 */
export { formatearFecha, formatearFechaHora, formatearNumero, formatearPorcentaje };

/** Money on a screen: '$1,250,000', '$1,250,000.50', '-$200,000'. */
export function formatearMoneda(valor: number | string | null | undefined): string {
  return formatearDinero(valor, 'pantalla');
}

/** Money in the month-closing, cash, credit and supplier-payment lists: whole pesos (spec 002 §9), '$1,250,000'. */
export function formatearMonedaLista(valor: number | string | null | undefined): string {
  return formatearDinero(valor, 'lista');
}

/**
 * A count or a quantity: '1,200'; the metres of an edge band with their decimals, '2.5', never '3' nor '2.50'
 * (docs/decisions.md, Inventario).
 */
export function formatearCantidad(valor: number | null | undefined): string {
  return valor === null || valor === undefined ? '' : formatearNumero(valor, DECIMALES_CANTIDAD_STOCK);
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

/**
 * A money axis label, short and in Spanish words, with the app's digits ('$1.5 M', '$250 mil', '$900'): the chart's
 * hover card shows the whole amount. Millions keep one decimal; `decimales` is for thousands and less (the sales
 * report's axis writes '$850 mil').
 */
export function formatearPesosEje(valor: number, decimales = 1): string {
  const signo = valor < 0 ? '-' : '';
  const absoluto = Math.abs(valor);
  if (absoluto >= 1_000_000) return `${signo}$${formatearNumero(absoluto / 1_000_000, 1)} M`;
  if (absoluto >= 1_000) return `${signo}$${formatearNumero(absoluto / 1_000, decimales)} mil`;
  return `${signo}$${formatearNumero(absoluto, decimales)}`;
}

/** A long name on a chart's axis is cut with '…' (the hover card and the table keep it whole). */
export function etiquetaCorta(texto: string, maximo = 16): string {
  return texto.length <= maximo ? texto : `${texto.slice(0, maximo - 1)}…`;
}
