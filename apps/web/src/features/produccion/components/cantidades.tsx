import { Text } from '@mantine/core';
import { formatearCantidad } from '@/lib/formato';
import type { CantidadUnidad } from '../produccion.logica';

/**
 * The sold quantity of an OP, one figure per unit ('Lámina: 2', 'Metro lineal: 12,5'): boards and metres are never
 * added (docs/decisions-produccion.md, "Una unidad por cifra").
 */
export function CantidadesPorUnidad({ cantidades, tamano = 'xs' }: { cantidades: readonly CantidadUnidad[]; tamano?: 'xs' | 'sm' }) {
  if (cantidades.length === 0) return null;
  return (
    <>
      {cantidades.map((c) => (
        <Text key={c.unidad} size={tamano} c={tamano === 'xs' ? 'dimmed' : undefined} lh={1.3}>
          {`${c.unidad}: ${formatearCantidad(c.cantidad)}`}
        </Text>
      ))}
    </>
  );
}
