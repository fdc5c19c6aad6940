import { Fragment, type Key, type ReactNode } from 'react';
import { ActionIcon, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { CeldasFila, EncabezadoAcciones, FilaEstadoLista, TEXTO_SIN_DATOS, type Columna } from '@/components/tabla-paginada';
import classes from './cierre-mes.module.css';

export interface TablaDatosProps<T> {
  /** What the table is, for screen readers and the journeys ('Totales por forma de pago'). */
  etiqueta: string;
  filas: readonly T[] | undefined;
  columnas: Columna<T>[];
  claveFila: (fila: T) => Key;
  /** The answer is on its way (first load): 'Cargando…' instead of the empty text. */
  cargando?: boolean;
  /** The answer failed. */
  error?: boolean;
  textoVacio?: string;
  /** A last row with the totals (its cells, one per column; the expand column gets none). */
  pie?: ReactNode[];
  /** Rows that open to show more below them (a method's sales or payment lines). */
  expandir?: {
    /** The row's expand button's name ('Ver ventas de Efectivo'). */
    etiqueta: (fila: T) => string;
    abierta: (fila: T) => boolean;
    alternar: (fila: T) => void;
    contenido: (fila: T) => ReactNode;
  };
  /** The row's buttons, in a last column. */
  acciones?: { celda: (fila: T) => ReactNode; ancho?: number };
  atributosFila?: (fila: T) => Record<`data-${string}`, string | boolean | undefined>;
  /** Below this width the table scrolls sideways (its actions column stays). */
  anchoMinimo?: number;
}

/**
 * A table of a report answered whole (month closing, daily cash): dense, with the empty and loading texts of every
 * list, an optional totals row and rows that expand in place. The rows are the server's, already grouped and summed.
 */
export function TablaDatos<T>({
  etiqueta,
  filas,
  columnas,
  claveFila,
  cargando = false,
  error = false,
  textoVacio = TEXTO_SIN_DATOS,
  pie,
  expandir,
  acciones,
  atributosFila,
  anchoMinimo,
}: TablaDatosProps<T>) {
  const totalColumnas = columnas.length + (expandir ? 1 : 0) + (acciones ? 1 : 0);
  const lista = filas ?? [];

  const tabla = (
    <Table aria-label={etiqueta} aria-busy={cargando} striped highlightOnHover withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          {expandir ? <Table.Th w={34} aria-label="Expandir" /> : null}
          {columnas.map((columna, indice) => (
            <Table.Th key={indice} w={columna.ancho} ta={columna.alineacion} className={classes.encabezado}>
              {columna.titulo}
            </Table.Th>
          ))}
          {acciones ? <EncabezadoAcciones ancho={acciones.ancho ?? 90} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lista.length === 0 ? (
          <FilaEstadoLista columnas={totalColumnas} cargando={cargando} error={error} textoVacio={textoVacio} />
        ) : (
          lista.map((fila) => {
            const abierta = expandir?.abierta(fila) ?? false;
            return (
              <Fragment key={claveFila(fila)}>
                <Table.Tr {...atributosFila?.(fila)} data-abierta={abierta || undefined} className={abierta ? classes.filaAbierta : undefined}>
                  {expandir ? (
                    <Table.Td>
                      <ActionIcon variant="subtle" size="sm" aria-label={expandir.etiqueta(fila)} aria-expanded={abierta} onClick={() => expandir.alternar(fila)}>
                        {abierta ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                  <CeldasFila fila={fila} columnas={columnas} acciones={acciones} />
                </Table.Tr>
                {abierta && expandir ? (
                  <Table.Tr className={classes.detalle}>
                    <Table.Td colSpan={totalColumnas} p="xs">
                      {expandir.contenido(fila)}
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })
        )}
      </Table.Tbody>
      {pie && lista.length > 0 ? (
        <Table.Tfoot>
          <Table.Tr className={classes.pie}>
            {expandir ? <Table.Th /> : null}
            {pie.map((celda, indice) => (
              <Table.Th key={indice} ta={columnas[indice]?.alineacion}>
                {celda}
              </Table.Th>
            ))}
            {acciones ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Tfoot>
      ) : null}
    </Table>
  );
  return anchoMinimo ? <Table.ScrollContainer minWidth={anchoMinimo}>{tabla}</Table.ScrollContainer> : tabla;
}
