import { Fragment, type ReactNode } from 'react';
import { Group, Loader, Table, Text } from '@mantine/core';
import type { CifrasIndicadores, IndicadorServicio } from '@tablero/domain';
import { formatearDuracion } from '@/lib/formato';
import { filasDe } from '../indicadores.logica';

/** The figure columns every table of the page shares, after its name columns. */
export const COLUMNAS_CIFRAS = ['Etapas finalizadas', 'Tiempo trabajado promedio', 'Tiempo de espera promedio', 'Tiempo suspendido total'] as const;

/** The four figures of a row, right-aligned: stages, average worked, average waiting, total suspended. */
export function CeldasCifras({ cifras }: { cifras: CifrasIndicadores }) {
  return (
    <>
      <Table.Td ta="right">{cifras.etapas_finalizadas}</Table.Td>
      <Table.Td ta="right">{formatearDuracion(cifras.promedio_trabajado_segundos)}</Table.Td>
      <Table.Td ta="right">{formatearDuracion(cifras.promedio_espera_segundos)}</Table.Td>
      <Table.Td ta="right">{formatearDuracion(cifras.tiempo_suspendido_segundos)}</Table.Td>
    </>
  );
}

/** A header cell that wraps between words (every table fits at 1366 px). */
export function Encabezado({ children, ancho, derecha = false }: { children: ReactNode; ancho?: number; derecha?: boolean }) {
  return (
    <Table.Th w={ancho} ta={derecha ? 'right' : 'left'} fz="xs" style={{ whiteSpace: 'normal' }}>
      {children}
    </Table.Th>
  );
}

/** The figures' headers, right-aligned like their cells; the stage count is a narrower column. */
export function EncabezadosCifras({ anchoEtapas, ancho }: { anchoEtapas: number; ancho: number }) {
  return COLUMNAS_CIFRAS.map((titulo) => (
    <Encabezado key={titulo} ancho={titulo === 'Etapas finalizadas' ? anchoEtapas : ancho} derecha>
      {titulo}
    </Encabezado>
  ));
}

/** The empty or loading line of a table. */
export function EstadoTabla({ columnas, cargando, texto }: { columnas: number; cargando: boolean; texto: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnas}>
        <Group justify="center" gap="xs" py="sm">
          {cargando ? <Loader size="xs" /> : null}
          <Text size="sm" c="dimmed">
            {cargando ? 'Cargando…' : texto}
          </Text>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface TablaIndicadoresProps<T> {
  /** The table's name for screen readers and the journeys ('Indicadores por operario'). */
  etiqueta: string;
  items: readonly T[] | undefined;
  cargando: boolean;
  /** The name columns (Operario; Referencia and Máquina) with their widths. */
  columnasNombre: { titulo: string; ancho: number }[];
  /** The name cells of an item, one per name column. */
  nombre: (item: T) => ReactNode[];
  clave: (item: T) => string | number;
  textoVacio: string;
}

/**
 * Operators (or machines) with their figures per service: one row per service in stage order and a bold 'Total' row
 * when there are several, the name spanning its rows. Dense, no sideways scroll at 1366 × 768.
 */
export function TablaIndicadores<T extends CifrasIndicadores & { por_servicio: IndicadorServicio[] }>({
  etiqueta,
  items,
  cargando,
  columnasNombre,
  nombre,
  clave,
  textoVacio,
}: TablaIndicadoresProps<T>) {
  const lista = items ?? [];
  const totalColumnas = columnasNombre.length + 1 + COLUMNAS_CIFRAS.length;
  return (
    <Table aria-label={etiqueta} aria-busy={cargando} withTableBorder withColumnBorders verticalSpacing={3} horizontalSpacing="xs" fz="sm">
      <Table.Thead bg="gray.1">
        <Table.Tr>
          {columnasNombre.map((c) => (
            <Encabezado key={c.titulo} ancho={c.ancho}>
              {c.titulo}
            </Encabezado>
          ))}
          <Encabezado ancho={170}>Servicio</Encabezado>
          <EncabezadosCifras anchoEtapas={96} ancho={130} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lista.length === 0 ? (
          <EstadoTabla columnas={totalColumnas} cargando={cargando} texto={textoVacio} />
        ) : (
          lista.map((item) => {
            const id = clave(item);
            const nombres = nombre(item);
            return (
              <Fragment key={id}>
                {filasDe(id, item).map((fila) => (
                  <Table.Tr key={fila.clave} data-fila={fila.clave} fw={fila.total ? 600 : undefined} bg={fila.total ? 'gray.0' : undefined}>
                    {fila.primera
                      ? nombres.map((celda, n) => (
                          <Table.Td key={n} rowSpan={fila.filas} style={{ verticalAlign: 'top', fontWeight: 500, background: 'var(--mantine-color-body)' }}>
                            {celda}
                          </Table.Td>
                        ))
                      : null}
                    <Table.Td>{fila.servicio}</Table.Td>
                    <CeldasCifras cifras={fila} />
                  </Table.Tr>
                ))}
              </Fragment>
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );
}
