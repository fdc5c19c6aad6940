import { Text } from '@mantine/core';
import type { RedondeoEfectivoResumen } from '@tablero/domain';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';

/**
 * The cash rounding as its own figure (docs/decisions-redondeo-envios.md): the cash the drawer received (what the
 * payment tables show), less the rounding, is the cash the invoices billed; with centavos (the rounding is below a
 * peso to the peso). Nothing when no sale was rounded.
 */
export function NotaRedondeo({ redondeo, periodo }: { redondeo: RedondeoEfectivoResumen | undefined; periodo: 'el mes' | 'el día' }) {
  if (!redondeo || redondeo.cantidad_ventas === 0) return null;
  const ventas = `${formatearCantidad(redondeo.cantidad_ventas)} ${redondeo.cantidad_ventas === 1 ? 'venta redondeada' : 'ventas redondeadas'}`;
  return (
    <Text size="xs" c="dimmed" data-testid="redondeo-efectivo">
      Ajuste al peso (redondeo del efectivo) en {periodo}: <strong>{formatearMoneda(redondeo.ajuste_redondeo)}</strong> en {ventas}. Efectivo
      recibido {formatearMoneda(redondeo.efectivo_recibido)} menos el ajuste = efectivo facturado {formatearMoneda(redondeo.efectivo_facturado)}.
    </Text>
  );
}
