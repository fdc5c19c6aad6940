import type { Key, ReactNode } from 'react';
import { Button, CloseButton, Group, Loader, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconRefresh, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Pagina } from '@tablero/domain';
import type { EstadoLista } from '@/lib/estado-lista';
import { Paginador, type VariantePaginador } from './paginador';
import { FilaCompleta } from './tabla-detalle';
import classes from './tabla-paginada.module.css';

/** spec: every list's empty text. */
export const TEXTO_SIN_DATOS = 'No se encontraron datos';
export const TEXTO_ERROR_LISTA = 'No se pudo cargar la lista.';

/**
 * A report table's only row while it has no rows to show: a spinner and 'Cargando…' on the first load, the list's error
 * text when the answer failed, else the empty text.
 */
export function FilaEstadoLista({ columnas, cargando, error, textoVacio = TEXTO_SIN_DATOS }: { columnas: number; cargando: boolean; error: boolean; textoVacio?: string }) {
  return (
    <FilaCompleta columnas={columnas}>
      <Group justify="center" gap="xs" py="sm">
        {cargando ? <Loader size="xs" /> : null}
        <Text size="sm" c={error && !cargando ? 'red.7' : 'dimmed'}>
          {cargando ? 'Cargando…' : error ? TEXTO_ERROR_LISTA : textoVacio}
        </Text>
      </Group>
    </FilaCompleta>
  );
}

export interface Columna<T, C extends string = string> {
  titulo: ReactNode;
  celda: (fila: T) => ReactNode;
  /** The list's sort name for this column (one the route accepts); none: not sortable. */
  orden?: C;
  ancho?: number;
  alineacion?: 'left' | 'center' | 'right';
  /** Long free text (names, addresses, e-mails) wraps instead of widening the table. */
  ajustar?: boolean;
}

export interface TablaPaginadaProps<T, C extends string> {
  /** What the table is, for screen readers ('Proveedores'). */
  etiqueta: string;
  lista: EstadoLista<C>;
  consulta: UseQueryResult<Pagina<T>>;
  columnas: Columna<T, C>[];
  /** The row's React key; none: the row's `id`, which every record of Tablero carries (a shift row names its own). */
  claveFila?: (fila: T) => Key;
  /** The row's buttons: a last column that stays in sight however wide the table is. */
  acciones?: { celda: (fila: T) => ReactNode; ancho?: number };
  /** The search box; none for a list without search. */
  buscador?: { placeholder: string; etiqueta?: string };
  /** More filters, beside the search box. */
  filtros?: ReactNode;
  /** Below this width the table scrolls sideways (its actions column stays). */
  anchoMinimo?: number;
  /** The empty list's text; a node when it carries a link (spec 001 products: 'Para crear uno click aquí'). */
  textoVacio?: ReactNode;
  variantePaginador?: VariantePaginador;
  /** Marks a row (e.g. the selected one, or one with a pending balance). */
  claseFila?: (fila: T) => string | undefined;
  /** data-* attributes of a row (what it is marked for, readable by tests and styles: `data-sin-stock`). */
  atributosFila?: (fila: T) => Record<`data-${string}`, string | boolean | undefined>;
  /** A ledger's annulled movement: it stays in the list, marked grey with `data-anulado` (nothing in a ledger is deleted). */
  anulada?: (fila: T) => boolean;
  onClickFila?: (fila: T) => void;
}

/** The actions column's header: it stays at the right edge with the row buttons below it. */
export function EncabezadoAcciones({ ancho }: { ancho: number }) {
  return (
    <Table.Th w={ancho} ta="center" className={classes.acciones}>
      Acciones
    </Table.Th>
  );
}

/**
 * A row's cells: each column's, then the row's buttons in the actions column that stays in sight however wide the
 * table is. The same in the paged lists and in the report tables answered whole (month closing, daily cash).
 */
export function CeldasFila<T, C extends string = string>({
  fila,
  columnas,
  acciones,
}: {
  fila: T;
  columnas: Columna<T, C>[];
  acciones?: { celda: (fila: T) => ReactNode } | undefined;
}) {
  return (
    <>
      {columnas.map((columna, indice) => (
        <Table.Td key={indice} ta={columna.alineacion} className={columna.ajustar ? classes.ajustar : undefined}>
          {columna.celda(fila)}
        </Table.Td>
      ))}
      {acciones ? (
        <Table.Td ta="center" className={classes.acciones}>
          <Group gap={4} justify="center" wrap="nowrap">
            {acciones.celda(fila)}
          </Group>
        </Table.Td>
      ) : null}
    </>
  );
}

/** The default row key: the record's id. */
export function claveId(fila: unknown): Key {
  return (fila as { id: Key }).id;
}

function IconoOrden({ activo, direccion }: { activo: boolean; direccion: 'asc' | 'desc' }) {
  if (!activo) return <IconArrowsSort size={14} opacity={0.45} aria-hidden />;
  return direccion === 'asc' ? <IconSortAscending size={14} aria-hidden /> : <IconSortDescending size={14} aria-hidden />;
}

/**
 * The one server-paged list of Tablero: search box (waits for a pause), sortable headers, empty, loading and
 * error-with-retry states, a sticky actions column, and the pager with the page-size choice. Its search, page,
 * size and sort live in the address (useEstadoLista), so Back and a saved dialog return to the same place.
 */
export function TablaPaginada<T, C extends string = string>({
  etiqueta,
  lista,
  consulta,
  columnas,
  claveFila = claveId,
  acciones,
  buscador,
  filtros,
  anchoMinimo = 800,
  textoVacio = TEXTO_SIN_DATOS,
  variantePaginador,
  claseFila,
  atributosFila,
  anulada,
  onClickFila,
}: TablaPaginadaProps<T, C>) {
  const pagina = consulta.data;
  const filas = pagina?.data ?? [];
  const totalColumnas = columnas.length + (acciones ? 1 : 0);

  let estado: ReactNode = null;
  if (consulta.isError && !pagina) {
    estado = (
      <Group justify="center" gap="sm" py="md">
        <Text size="sm" c="red.7">
          {TEXTO_ERROR_LISTA}
        </Text>
        <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void consulta.refetch()} loading={consulta.isFetching}>
          Reintentar
        </Button>
      </Group>
    );
  } else if (filas.length === 0) {
    estado = (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {consulta.isPending ? 'Cargando…' : textoVacio}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {buscador || filtros ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {buscador ? (
            <TextInput
              label={buscador.etiqueta ?? 'Buscar'}
              placeholder={buscador.placeholder}
              leftSection={<IconSearch size={16} />}
              value={lista.busqueda}
              onChange={(evento) => lista.setBusqueda(evento.currentTarget.value)}
              rightSection={lista.busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => lista.setBusqueda('')} /> : null}
              w={340}
              maxLength={200}
            />
          ) : null}
          {filtros}
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={anchoMinimo}>
        <Table
          aria-label={etiqueta}
          // Busy while it reads, and while a typed search waits for its pause: the rows are not the search's yet.
          aria-busy={consulta.isFetching || lista.buscando}
          striped
          highlightOnHover
          withTableBorder
          withColumnBorders
          style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              {columnas.map((columna, indice) => {
                const activa = columna.orden !== undefined && lista.orden === columna.orden;
                return (
                  <Table.Th
                    key={indice}
                    w={columna.ancho}
                    ta={columna.alineacion}
                    className={classes.encabezado}
                    aria-sort={activa ? (lista.direccion === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {columna.orden ? (
                      <UnstyledButton className={classes.ordenar} onClick={() => lista.ordenarPor(columna.orden as C)} data-alineacion={columna.alineacion}>
                        <span>{columna.titulo}</span>
                        <IconoOrden activo={activa} direccion={lista.direccion} />
                      </UnstyledButton>
                    ) : (
                      columna.titulo
                    )}
                  </Table.Th>
                );
              })}
              {acciones ? <EncabezadoAcciones ancho={acciones.ancho ?? 100} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estado ? (
              <FilaCompleta columnas={totalColumnas}>{estado}</FilaCompleta>
            ) : (
              filas.map((fila) => (
                <Table.Tr
                  key={claveFila(fila)}
                  className={anulada?.(fila) ? classes.anulada : claseFila?.(fila)}
                  {...atributosFila?.(fila)}
                  data-anulado={anulada?.(fila) || undefined}
                  onClick={onClickFila ? () => onClickFila(fila) : undefined}
                  style={onClickFila ? { cursor: 'pointer' } : undefined}
                >
                  <CeldasFila fila={fila} columnas={columnas} acciones={acciones} />
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagina ? (
        <Paginador
          pagina={pagina.current_page}
          totalPaginas={pagina.last_page}
          onCambiar={lista.irAPagina}
          totalFilas={pagina.total}
          filasPorPagina={pagina.per_page}
          tamano={lista.tamano}
          onCambiarTamano={lista.cambiarTamano}
          deshabilitado={consulta.isFetching}
          {...(variantePaginador ? { variante: variantePaginador } : {})}
        />
      ) : null}
    </Stack>
  );
}
