import { Text } from '@mantine/core';
import { formatearCantidad, formatearMonedaLista } from '@/lib/formato';

/** The note under a report's figures: the voided sales of the period are left out of all of them (spec 002 §2.8). */
export function NotaAnuladas({ anuladas, periodo }: { anuladas: { cantidad: number; total: number }; periodo: 'el mes' | 'el día' }) {
  return (
    <Text size="xs" c="dimmed" data-testid="anuladas-excluidas">
      {anuladas.cantidad === 0
        ? `No hubo ventas anuladas en ${periodo}.`
        : `Se excluyeron ${formatearCantidad(anuladas.cantidad)} ${anuladas.cantidad === 1 ? 'venta anulada' : 'ventas anuladas'} (${formatearMonedaLista(anuladas.total)}) de todas las cifras.`}
    </Text>
  );
}
