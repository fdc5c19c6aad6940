import { formatearMoneda } from '@/lib/formato';

/**
 * Money in the credits and advances lists (spec 002 §9: COP, lists with 0 decimals), the sign before the currency:
 * '-$200,000' for a movement that lowers a balance (formatearMoneda alone writes '$-200,000'). Empty for null.
 */
export function pesosLista(valor: number | null | undefined): string {
  if (valor === null || valor === undefined) return '';
  return valor < 0 ? `-${formatearMoneda(-valor, { sinDecimales: true })}` : formatearMoneda(valor, { sinDecimales: true });
}
