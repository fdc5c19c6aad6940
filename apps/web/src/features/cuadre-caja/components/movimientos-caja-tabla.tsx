import { Button, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Columna } from '@/components/tabla-paginada';
import { TablaDatos } from '@/features/cierre-mes';
import { formatearMonedaLista } from '@/lib/formato';

/** An expense or income row of the day, in the shape both share. */
export interface FilaMovimiento {
  id: number;
  codigo_tienda: string;
  nombre_forma_pago: string;
  valor: number;
  descripcion: string;
  nombre_usuario: string | null;
}

interface MovimientosCajaTablaProps {
  /** 'Egresos' or 'Ingresos': the table's name. */
  etiqueta: string;
  /** 'egreso' or 'ingreso': names the row's edit button. */
  nombre: string;
  filas: readonly FilaMovimiento[] | undefined;
  cargando: boolean;
  error: boolean;
  onEditar: (id: number) => void;
  /** Whether the user works in the row's store: only then may it be edited (the server answers 403 otherwise). */
  puedeEditar: (codigoTienda: string) => boolean;
}

// Half the screen wide at 1366 px: the store goes under the method and the user under the description, so no word breaks.
const COLUMNAS: Columna<FilaMovimiento>[] = [
  {
    titulo: 'Forma de pago',
    ancho: 120,
    celda: (m) => (
      <>
        {m.nombre_forma_pago}
        <Text size="xs" c="dimmed">
          {`Tienda ${m.codigo_tienda}`}
        </Text>
      </>
    ),
  },
  { titulo: 'Valor', ancho: 104, alineacion: 'right', celda: (m) => <Text span size="sm" fw={600}>{formatearMonedaLista(m.valor)}</Text> },
  {
    titulo: 'Descripción y responsable',
    ajustar: true,
    celda: (m) => (
      <>
        {m.descripcion}
        <Text size="xs" c="dimmed">
          {m.nombre_usuario ?? ''}
        </Text>
      </>
    ),
  },
];

/** The day's expenses or income (spec 002 §2.9), each with Editar. */
export function MovimientosCajaTabla({ etiqueta, nombre, filas, cargando, error, onEditar, puedeEditar }: MovimientosCajaTablaProps) {
  return (
    <TablaDatos
      etiqueta={etiqueta}
      filas={filas}
      columnas={COLUMNAS}
      claveFila={(m) => m.id}
      cargando={cargando}
      error={error}
      atributosFila={(m) => ({ 'data-id': String(m.id) })}
      acciones={{
        ancho: 82,
        celda: (m) => (
          <Tooltip label={`No trabaja en la tienda ${m.codigo_tienda}`} disabled={puedeEditar(m.codigo_tienda)} withinPortal>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPencil size={12} />}
              aria-label={`Editar ${nombre} ${m.descripcion}`}
              disabled={!puedeEditar(m.codigo_tienda)}
              onClick={() => onEditar(m.id)}
            >
              Editar
            </Button>
          </Tooltip>
        ),
      }}
    />
  );
}
