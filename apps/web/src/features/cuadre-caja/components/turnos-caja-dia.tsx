import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import { textoDiferencia, type CuadreCajaRespuesta } from '@tablero/domain';
import { Encabezados, type Encabezado } from '@/components/tabla-detalle';
import { TEXTO_ERROR_LISTA, TEXTO_SIN_DATOS } from '@/components/tabla-paginada';
import { formatearFechaHora, formatearMonedaLista } from '@/lib/formato';

interface TurnosCajaDiaProps {
  datos: CuadreCajaRespuesta | undefined;
  cargando: boolean;
  error: boolean;
}

function Vacia({ columnas, cargando, error }: { columnas: number; cargando: boolean; error: boolean }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnas}>
        <Text size="sm" ta="center" c={error && !cargando ? 'red.7' : 'dimmed'} py={4}>
          {cargando ? 'Cargando…' : error ? TEXTO_ERROR_LISTA : TEXTO_SIN_DATOS}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function Diferencia({ valor }: { valor: number | null }) {
  if (valor === null) return <>—</>;
  const texto = textoDiferencia(valor);
  return <Text size="sm" fw={600} c={texto === 'Cuadrada' ? 'teal.8' : texto === 'Sobrante' ? 'blue.8' : 'red.8'}>{formatearMonedaLista(valor)}</Text>;
}

/** The frame both tables of the day's drawers share: their header, then their rows, or the state row while none. */
function TablaDelDia<T>({
  etiqueta,
  columnas,
  filas,
  fila,
  cargando,
  error,
}: {
  etiqueta: string;
  columnas: Encabezado[];
  filas: readonly T[];
  fila: (f: T) => ReactNode;
  cargando: boolean;
  error: boolean;
}) {
  return (
    <Table aria-label={etiqueta} withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Encabezados columnas={columnas} />
      <Table.Tbody>{filas.length === 0 ? <Vacia columnas={columnas.length} cargando={cargando} error={error} /> : filas.map(fila)}</Table.Tbody>
    </Table>
  );
}

/** Each register's day (its shifts added up): float, expected cash, counted and difference (docs/decisions-cajas.md). */
export function CajasRegistradorasDia({ datos, cargando, error }: TurnosCajaDiaProps) {
  return (
    <TablaDelDia
      etiqueta="Cajas registradoras del día"
      columnas={[
        { titulo: 'Caja' },
        { titulo: 'Turnos', alineacion: 'right' },
        { titulo: 'Base', alineacion: 'right' },
        { titulo: 'Esperado', alineacion: 'right' },
        { titulo: 'Contado', alineacion: 'right' },
        { titulo: 'Diferencia', alineacion: 'right' },
      ]}
      filas={datos?.lista_cajas_registradoras ?? []}
      cargando={cargando}
      error={error}
      fila={(c) => (
        <Table.Tr key={c.caja_id} data-caja={c.nombre_caja}>
          <Table.Td fw={500}>
            {c.nombre_caja} <Text span size="xs" c="dimmed">({c.codigo_tienda})</Text>
          </Table.Td>
          <Table.Td ta="right">{c.abiertos > 0 ? `${c.turnos} (${c.abiertos} abierto${c.abiertos === 1 ? '' : 's'})` : c.turnos}</Table.Td>
          <Table.Td ta="right">{formatearMonedaLista(c.base_inicial)}</Table.Td>
          <Table.Td ta="right">{formatearMonedaLista(c.efectivo_esperado)}</Table.Td>
          <Table.Td ta="right">{formatearMonedaLista(c.efectivo_contado)}</Table.Td>
          <Table.Td ta="right">
            <Diferencia valor={c.diferencia} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** The day's shifts: register, cashier, opened, closed, state and difference. */
export function TurnosCajaDia({ datos, cargando, error }: TurnosCajaDiaProps) {
  return (
    <TablaDelDia
      etiqueta="Turnos de caja del día"
      columnas={[{ titulo: 'Caja' }, { titulo: 'Cajero' }, { titulo: 'Apertura' }, { titulo: 'Cierre' }, { titulo: 'Estado' }, { titulo: 'Diferencia', alineacion: 'right' }]}
      filas={datos?.lista_turnos_caja ?? []}
      cargando={cargando}
      error={error}
      fila={(t) => (
        <Table.Tr key={t.id}>
          <Table.Td>{t.nombre_caja}</Table.Td>
          <Table.Td>{t.nombre_usuario}</Table.Td>
          <Table.Td>{formatearFechaHora(t.fecha_apertura)}</Table.Td>
          <Table.Td>{t.fecha_cierre ? formatearFechaHora(t.fecha_cierre) : '—'}</Table.Td>
          <Table.Td>{t.estado === 'ABIERTO' ? 'Abierto' : t.estado_revision === 'APROBADO' ? 'Aprobado' : t.estado_revision === 'COMENTADO' ? 'Comentado' : 'Por revisar'}</Table.Td>
          <Table.Td ta="right">
            <Diferencia valor={t.diferencia} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
