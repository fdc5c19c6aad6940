import { Text } from '@mantine/core';
import type { ExistenciaReserva } from '@tablero/domain';
import type { Columna } from '@/components/tabla-paginada';
import { formatearCantidad } from '@/lib/formato';

/**
 * The two columns every product list opens with (spec 001 Products, Inventory and the product search): the reference
 * in monospace and the name, which wraps. Sortable where the list's route sorts by them.
 */
export function columnasReferenciaYNombre<T extends { referencia: string; nombre_producto: string }, C extends string>(orden?: {
  referencia: C;
  nombre: C;
}): Columna<T, C>[] {
  return [
    {
      titulo: 'Referencia',
      orden: orden?.referencia,
      ancho: 150,
      celda: (producto) => (
        <Text ff="monospace" fz="xs">
          {producto.referencia}
        </Text>
      ),
    },
    { titulo: 'Nombre producto', orden: orden?.nombre, ajustar: true, celda: (producto) => producto.nombre_producto },
  ];
}

/** The stock column of the products and inventory lists: none left (zero or below) is red and bold. */
export function columnaCantidad<T extends { cantidad: number }, C extends string>(titulo: string, ancho: number, orden: C): Columna<T, C> {
  return {
    titulo,
    orden,
    ancho,
    alineacion: 'right',
    celda: (producto) => (
      <Text component="span" size="sm" c={producto.cantidad <= 0 ? 'red.7' : undefined} fw={producto.cantidad <= 0 ? 600 : undefined}>
        {formatearCantidad(producto.cantidad)}
      </Text>
    ),
  };
}

/**
 * A stock column with what saved orders reserve beneath the quantity (docs/decisions-reservas.md): 'Reservado N ·
 * libre M' (M: the stock less what they hold, never below zero), in orange, when they hold any. The spec's column
 * keeps its name and its figure (the stock on the shelf); the reservation goes under it, not in columns of its own, so
 * the lists keep the product's name readable at 1366 × 768. The cell says when its figures arrived (`data-reservas`).
 */
export function conReservas<T extends { id: number }, C extends string>(columna: Columna<T, C>, reservas: ReadonlyMap<number, ExistenciaReserva>): Columna<T, C> {
  return {
    ...columna,
    celda: (producto) => {
      const fila = reservas.get(producto.id);
      return (
        <span data-reservas={fila ? 'si' : undefined}>
          {columna.celda(producto)}
          {fila && fila.reservado > 0 ? (
            <Text component="span" size="xs" c="orange.9" display="block" style={{ whiteSpace: 'nowrap' }}>
              Reservado {formatearCantidad(fila.reservado)} · libre {formatearCantidad(fila.disponible)}
            </Text>
          ) : null}
        </span>
      );
    },
  };
}
