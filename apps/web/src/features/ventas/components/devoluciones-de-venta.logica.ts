import type { DevolucionesVenta } from '@tablero/domain';
import { formatearMoneda } from '@/lib/formato';

type Devolucion = DevolucionesVenta['devoluciones'][number];

/**
 * How one return was given back, part by part (docs/decisions-factura-electronica.md, "Devolución parcial"): off the
 * credit, as money by method, and to the customer's saldo a favor.
 */
export function partesDevolucion(d: Pick<Devolucion, 'valor_credito' | 'formas' | 'valor_saldo_favor'>): string[] {
  return [
    ...(d.valor_credito > 0 ? [`Crédito ${formatearMoneda(d.valor_credito)}`] : []),
    ...d.formas.map((f) => `${f.nombre_forma_pago} ${formatearMoneda(f.valor)}`),
    ...(d.valor_saldo_favor > 0 ? [`Saldo a favor ${formatearMoneda(d.valor_saldo_favor)}`] : []),
  ];
}
