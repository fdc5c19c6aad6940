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
    titulo: 'Qué se devolvió y responsable',
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

/** Which refunds a table lists: the annulments' or the partial returns' (docs/decisions-reportes-dinero.md "Devoluciones"). */
export type ClaseDevolucion = 'anulaciones' | 'devoluciones';

/** The day's refunds of one kind: a partial return's name its return (devolucion_venta_id); an annulment's do not. */
export function filasDeClase(filas: readonly DevolucionDia[] | undefined, clase: ClaseDevolucion): DevolucionDia[] | undefined {
  return filas?.filter((d) => (d.devolucion_venta_id !== null) === (clase === 'devoluciones'));
}

/**
 * The money the day's annulments gave back (one row per method of each annulled sale, credit payment or advance), or
 * the money the day's partial returns gave back, whatever day the sale was billed.
 */
export function DevolucionesTabla({ clase, filas, cargando, error }: { clase: ClaseDevolucion; filas: readonly DevolucionDia[] | undefined; cargando: boolean; error: boolean }) {
  return (
    <TablaDatos
      etiqueta={clase === 'anulaciones' ? 'Anulaciones' : 'Devoluciones'}
      filas={filasDeClase(filas, clase)}
      columnas={COLUMNAS}
      claveFila={(d) => d.id}
      cargando={cargando}
      error={error}
      textoVacio={clase === 'anulaciones' ? 'No hubo anulaciones con dinero devuelto en el día.' : 'No hubo devoluciones en el día.'}
      atributosFila={(d) => ({ 'data-id': String(d.id) })}
    />
  );
}
