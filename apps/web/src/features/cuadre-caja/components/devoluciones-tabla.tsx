import { Text } from '@mantine/core';
import type { DevolucionDia } from '@tablero/domain';
import type { Columna } from '@/components/tabla-paginada';
import { TablaDatos } from '@/features/cierre-mes';
import { formatearMonedaLista } from '@/lib/formato';

// Half the screen wide at 1366 px, like the expenses: the store under the method, the user under what was annulled.
const COLUMNAS: Columna<DevolucionDia>[] = [
  {
    titulo: 'Forma de pago',
    ancho: 130,
    celda: (d) => (
      <>
        {d.nombre_forma_pago}
        <Text size="xs" c="dimmed">
          {`Tienda ${d.codigo_tienda}`}
        </Text>
      </>
    ),
  },
  {
    titulo: 'Valor devuelto',
    ancho: 110,
    alineacion: 'right',
    celda: (d) => (
      <Text span size="sm" fw={600} c="red.8">
        {formatearMonedaLista(-d.valor)}
      </Text>
    ),
  },
  {
    titulo: 'Anulación y responsable',
    ajustar: true,
    celda: (d) => (
      <>
        {d.descripcion}
        <Text size="xs" c="dimmed">
          {d.nombre_usuario ?? ''}
        </Text>
      </>
    ),
  },
];

/**
 * The money the day's annulments gave back (docs/decisions-reportes-dinero.md "Devoluciones"): one row per method of
 * each annulled sale, credit payment or advance, whatever day it was billed or received.
 */
export function DevolucionesTabla({ filas, cargando, error }: { filas: readonly DevolucionDia[] | undefined; cargando: boolean; error: boolean }) {
  return (
    <TablaDatos
      etiqueta="Devoluciones"
      filas={filas}
      columnas={COLUMNAS}
      claveFila={(d) => d.id}
      cargando={cargando}
      error={error}
      textoVacio="No hubo devoluciones en el día."
      atributosFila={(d) => ({ 'data-id': String(d.id) })}
    />
  );
}
