import { Text } from '@mantine/core';
import { formatearCantidad, formatearMonedaLista } from '@/lib/formato';

/**
 * The note under a report's figures: the sales annulled within the period (spec 002 §2.8). They stay in the figures of
 * the day they were billed; the money given back is a refund of the day of the annulment
 * (docs/decisions-reportes-dinero.md "Devoluciones").
 */
export function NotaAnuladas({ anuladas, periodo }: { anuladas: { cantidad: number; total: number }; periodo: 'el mes' | 'el día' }) {
  // The daily cash lists the annulments' money apart from the partial returns' (its section Anulaciones).
  const seccion = periodo === 'el día' ? 'Anulaciones' : 'Devoluciones';
  return (
    <Text size="xs" c="dimmed" data-testid="anuladas-excluidas">
      {anuladas.cantidad === 0
        ? `No hubo ventas anuladas en ${periodo}.`
        : `Se ${anuladas.cantidad === 1 ? 'anuló' : 'anularon'} ${formatearCantidad(anuladas.cantidad)} ${anuladas.cantidad === 1 ? 'venta' : 'ventas'} (${formatearMonedaLista(anuladas.total)}) en ${periodo}: siguen en las cifras del día en que se facturaron y el dinero devuelto figura en ${seccion}.`}
    </Text>
  );
}
