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
 * 'Disponible' (docs/decisions-reservas.md): what is left for a new order (stock less what saved orders hold, never
 * below zero), with what they hold beneath it ('Reservado N', in orange) when they hold any; blank until the figures
 * arrive. One column, not two, so the lists keep their names on one or two lines at 1366 × 768.
 */
export function columnasReserva<T extends { id: number }, C extends string>(reservas: ReadonlyMap<number, ExistenciaReserva>): Columna<T, C>[] {
  return [
    {
      titulo: 'Disponible',
      ancho: 100,
      alineacion: 'right',
      celda: (producto) => {
        const fila = reservas.get(producto.id);
        if (!fila) return '';
        return (
          <>
            <Text component="span" size="sm" c={fila.disponible <= 0 ? 'red.8' : undefined} fw={600} display="block">
              {formatearCantidad(fila.disponible)}
            </Text>
            {fila.reservado > 0 && (
              <Text component="span" size="xs" c="orange.9" display="block">
                Reservado {formatearCantidad(fila.reservado)}
              </Text>
            )}
          </>
        );
      },
    },
  ];
}
