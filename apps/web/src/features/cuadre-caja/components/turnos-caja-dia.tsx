import { Table, Text } from '@mantine/core';
import { textoDiferencia, type CuadreCajaRespuesta } from '@tablero/domain';
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

/** Each register's day (its shifts added up): float, expected cash, counted and difference (docs/decisions-cajas.md). */
export function CajasRegistradorasDia({ datos, cargando, error }: TurnosCajaDiaProps) {
  const filas = datos?.lista_cajas_registradoras ?? [];
  return (
    <Table aria-label="Cajas registradoras del día" withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Caja</Table.Th>
          <Table.Th ta="right">Turnos</Table.Th>
          <Table.Th ta="right">Base</Table.Th>
          <Table.Th ta="right">Esperado</Table.Th>
          <Table.Th ta="right">Contado</Table.Th>
          <Table.Th ta="right">Diferencia</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {filas.length === 0 ? (
          <Vacia columnas={6} cargando={cargando} error={error} />
        ) : (
          filas.map((c) => (
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
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The day's shifts: register, cashier, opened, closed, state and difference. */
export function TurnosCajaDia({ datos, cargando, error }: TurnosCajaDiaProps) {
  const filas = datos?.lista_turnos_caja ?? [];
  return (
    <Table aria-label="Turnos de caja del día" withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Caja</Table.Th>
          <Table.Th>Cajero</Table.Th>
          <Table.Th>Apertura</Table.Th>
          <Table.Th>Cierre</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th ta="right">Diferencia</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {filas.length === 0 ? (
          <Vacia columnas={6} cargando={cargando} error={error} />
        ) : (
          filas.map((t) => (
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
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
