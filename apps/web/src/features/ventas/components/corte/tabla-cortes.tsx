import { memo, useMemo, type Dispatch, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Button, Checkbox, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import grilla from '@/components/tabla-grilla.module.css';
import { CeldasMedidas } from './celdas-medidas';
import { filaEnBlanco, LADOS_CANTO, type Accion, type FilaCorte, type LadoCanto, type Tapacanto } from './corte.logica';
import classes from './corte.module.css';

/** Side names for the edge columns (spec 000 §2.13: top, bottom along the base; left, right along the height). */
const LADOS: Record<LadoCanto, { titulo: string; nombre: string }> = {
  canto_base_top: { titulo: 'Superior', nombre: 'canto superior' },
  canto_base_bottom: { titulo: 'Inferior', nombre: 'canto inferior' },
  canto_altura_left: { titulo: 'Izquierdo', nombre: 'canto izquierdo' },
  canto_altura_right: { titulo: 'Derecho', nombre: 'canto derecho' },
};

interface Opcion {
  value: string;
  label: string;
}

interface TablaCortesProps {
  piezas: FilaCorte[];
  tapacantos: Tapacanto[];
  errores: Record<string, string>;
  dispatch: Dispatch<Accion>;
  /** Opens the special-services dialog of a row. */
  onServicios: (clave: string) => void;
  /** Asks before deleting a row (spec 001 §5: Eliminar/Cancelar). */
  onEliminar: (clave: string) => void;
  /** The first row's quantity takes the focus when the dialog opens (it opens on this table). */
  enfocarAlAbrir?: boolean;
}

/**
 * The cut table (spec 000 §2.13): quantity, base (mm), height (mm), rotation, description, special services and the
 * edge of each side, chosen from the edge table or 'Sin canto'. Rows are memoized: typing re-renders only that row, and
 * the browser lays out and paints only the rows in sight (corte.module.css), so 200 rows stay responsive.
 * From the keyboard it is a desktop grid: Tab walks a row's fields left to right, then the next row's, and after the
 * last row the dialog's 'Agregar corte'; Enter goes to the next row's quantity. A row's buttons are not Tab stops
 * (they would break the walk through the measures): Alt+S opens its special services and Alt+Supr deletes it, as
 * the hint under the table says.
 */
export function TablaCortes({ piezas, tapacantos, errores, dispatch, onServicios, onEliminar, enfocarAlAbrir = false }: TablaCortesProps) {
  const opciones = useMemo<Opcion[]>(
    () => [{ value: '', label: 'Sin canto' }, ...tapacantos.map((canto, indice) => ({ value: String(canto.id), label: `${indice + 1}. ${canto.codigo}` }))],
    [tapacantos],
  );
  return (
    <Table stickyHeader withTableBorder miw={1170} verticalSpacing={2} horizontalSpacing={4} className={`${grilla.grilla} ${classes.tablaCortes}`} aria-label="Cortes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Cantidad</Table.Th>
          <Table.Th>Base (mm)</Table.Th>
          <Table.Th>Altura (mm)</Table.Th>
          <Table.Th>Rotación</Table.Th>
          <Table.Th>Descripción</Table.Th>
          <Table.Th>Servicios especiales</Table.Th>
          {LADOS_CANTO.map((lado) => (
            <Table.Th key={lado}>
              {LADOS[lado].titulo}
            </Table.Th>
          ))}
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {piezas.map((fila, indice) => (
          <FilaCorteVista
            key={fila.clave}
            fila={fila}
            indice={indice}
            ultima={indice === piezas.length - 1}
            enfocarAlAbrir={enfocarAlAbrir && indice === 0}
            opciones={opciones}
            error={errores[fila.clave]}
            dispatch={dispatch}
            onServicios={onServicios}
            onEliminar={onEliminar}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface FilaProps {
  fila: FilaCorte;
  indice: number;
  ultima: boolean;
  enfocarAlAbrir: boolean;
  opciones: Opcion[];
  error: string | undefined;
  dispatch: Dispatch<Accion>;
  onServicios: (clave: string) => void;
  onEliminar: (clave: string) => void;
}

/** The keys of a row (the hint under the table names them; the row's buttons declare theirs in aria-keyshortcuts). */
export const ATAJOS_FILA = { servicios: 'Alt+S', eliminar: 'Alt+Delete' } as const;

/**
 * Enter in a row moves to the next row's first field (the new empty row appears as soon as this one is complete);
 * Alt+S opens the row's special services, Alt+Supr asks to delete it (a row that can be deleted: not the empty last one).
 */
function alPresionar(evento: KeyboardEvent<HTMLTableRowElement>, indice: number, acciones: { servicios: () => void; eliminar: (() => void) | null }) {
  if (evento.altKey && !evento.ctrlKey && !evento.metaKey && (evento.key === 's' || evento.key === 'S' || evento.code === 'KeyS')) {
    evento.preventDefault();
    return acciones.servicios();
  }
  if (evento.altKey && !evento.ctrlKey && !evento.metaKey && evento.key === 'Delete') {
    evento.preventDefault();
    return acciones.eliminar?.();
  }
  if (evento.key !== 'Enter') return;
  const objetivo = evento.target as HTMLElement;
  if (objetivo.tagName !== 'INPUT' && objetivo.tagName !== 'SELECT') return;
  evento.preventDefault();
  const tabla = evento.currentTarget.closest('table');
  // After React has added the new row.
  requestAnimationFrame(() => tabla?.querySelector<HTMLInputElement>(`tr[data-fila="${indice + 1}"] input`)?.focus());
}

const FilaCorteVista = memo(function FilaCorteVista({ fila, indice, ultima, enfocarAlAbrir, opciones, error, dispatch, onServicios, onEliminar }: FilaProps) {
  const numero = indice + 1;
  const cambiar = (cambios: Partial<Omit<FilaCorte, 'clave'>>) => dispatch({ tipo: 'pieza', clave: fila.clave, cambios });
  const servicios = fila.lista_servicios_especiales.length;
  const eliminable = !(ultima && filaEnBlanco(fila));
  const acciones = { servicios: () => onServicios(fila.clave), eliminar: eliminable ? () => onEliminar(fila.clave) : null };
  return (
    <>
      <Table.Tr
        data-fila={indice}
        data-error={error ? true : undefined}
        onKeyDown={(evento) => alPresionar(evento, indice, acciones)}
        className={error ? classes.filaConError : undefined}
      >
        <CeldasMedidas numero={numero} de="corte" fila={fila} conError={error !== undefined} cambiar={cambiar} enfocarAlAbrir={enfocarAlAbrir} />
        <Table.Td ta="center">
          <Checkbox
            size="xs"
            aria-label={`Rotación del corte ${numero}`}
            checked={fila.rotacion}
            onChange={(evento) => cambiar({ rotacion: evento.currentTarget.checked })}
            styles={{ body: { justifyContent: 'center' } }}
          />
        </Table.Td>
        <Table.Td>
          <TextInput size="xs" aria-label={`Descripción del corte ${numero}`} value={fila.descripcion} maxLength={100} onChange={(evento) => cambiar({ descripcion: evento.currentTarget.value })} />
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-xs"
            variant={servicios > 0 ? 'light' : 'subtle'}
            fullWidth
            // The name begins with the visible word (axe label-content-name-mismatch): 'Agregar…' or 'Servicios…'.
            aria-label={servicios > 0 ? `Servicios especiales del corte ${numero}` : `Agregar servicios especiales del corte ${numero}`}
            tabIndex={-1}
            aria-keyshortcuts={ATAJOS_FILA.servicios}
            title="Servicios especiales (Alt+S)"
            onClick={acciones.servicios}
            rightSection={servicios > 0 ? <Badge size="xs" circle>{servicios}</Badge> : null}
          >
            {servicios > 0 ? 'Servicios' : 'Agregar'}
          </Button>
        </Table.Td>
        {LADOS_CANTO.map((lado) => (
          <Table.Td key={lado}>
            <NativeSelect
              size="xs"
              aria-label={`${LADOS[lado].nombre} del corte ${numero}`}
              data={opciones}
              value={fila[lado] === null ? '' : String(fila[lado])}
              onChange={(evento) => cambiar({ [lado]: evento.currentTarget.value === '' ? null : Number(evento.currentTarget.value) })}
            />
          </Table.Td>
        ))}
        <Table.Td>
          {acciones.eliminar ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={`Eliminar corte ${numero}`}
              tabIndex={-1}
              aria-keyshortcuts={ATAJOS_FILA.eliminar}
              title="Eliminar corte (Alt+Supr)"
              onClick={acciones.eliminar}
            >
              <IconTrash size={14} />
            </ActionIcon>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {error ? (
        <Table.Tr className={classes.filaConError}>
          <Table.Td />
          <Table.Td colSpan={12} className={classes.mensajeError}>
            <Text size="xs" c="red.8" role="alert">
              Corte {numero}: {error}
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
});
