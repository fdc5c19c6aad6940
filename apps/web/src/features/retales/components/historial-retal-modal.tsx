import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { NOMBRES_MOVIMIENTO_RETAL } from '@tablero/domain';
import { CargaDetalle } from '@/components/carga-detalle';
import { Dato } from '@/components/dato';
import { ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { Encabezados, FilaVacia, TablaDetalle } from '@/components/tabla-detalle';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useRetal, type RetalDetalle } from '../api/get-retal';
import { textoAntiguedad, textoArea, textoMedidas, textoOrigen } from '../retales.logica';
import { InsigniaEstadoRetal } from './insignia-estado-retal';

const COLUMNAS = [
  { titulo: 'Fecha', ancho: 150 },
  { titulo: 'Movimiento', ancho: 170 },
  { titulo: 'Estado', ancho: 200 },
  { titulo: 'Medidas', ancho: 130 },
  { titulo: 'Venta', ancho: 80 },
  { titulo: 'Motivo' },
  { titulo: 'Usuario', ancho: 150 },
];

/** An offcut's history (its ledger, newest first): every change of state or size, who made it and why. Read-only: Esc closes it. */
export function HistorialRetalModal({ retalId, codigo, onClose }: { retalId: number | null; codigo: string; onClose: () => void }) {
  return (
    <ModalFormulario opened={retalId !== null} onClose={onClose} titulo={`Historial del retal ${codigo}`} size={1100} soloLectura>
      {retalId !== null ? <Historial key={retalId} retalId={retalId} /> : null}
    </ModalFormulario>
  );
}

function Historial({ retalId }: { retalId: number }) {
  const consulta = useRetal(retalId);
  if (!consulta.data) {
    return <CargaDetalle texto="el historial del retal" error={consulta.isError} reintentando={consulta.isFetching} onReintentar={() => void consulta.refetch()} />;
  }
  const { retal, movimientos } = consulta.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing={6}>
        <Dato etiqueta="Material">{`${retal.referencia} · ${retal.nombre_producto}`}</Dato>
        <Dato etiqueta="Medidas">{`${textoMedidas(retal.base, retal.altura)} (${textoArea(retal.area_m2)} m²)`}</Dato>
        <Dato etiqueta="Valor">{formatearMoneda(retal.valor)}</Dato>
        <Dato etiqueta="Estado">
          <InsigniaEstadoRetal estado={retal.estado} />
        </Dato>
        <Dato etiqueta="Origen">{textoOrigen(retal)}</Dato>
        <Dato etiqueta="Guardado">{`${formatearFechaHora(retal.creado_en)} (${textoAntiguedad(retal.dias).toLowerCase()})`}</Dato>
        <Dato etiqueta="Ubicación">{retal.ubicacion}</Dato>
        <Dato etiqueta="Observación">{retal.observacion}</Dato>
      </SimpleGrid>
      <TablaDetalle etiqueta="Movimientos del retal" anchoMinimo={1000} altoMaximo={420}>
        <Encabezados columnas={COLUMNAS} />
        <Table.Tbody>
          {movimientos.length === 0 ? (
            <FilaVacia columnas={COLUMNAS.length}>El retal no tiene movimientos</FilaVacia>
          ) : (
            movimientos.map((movimiento) => <FilaMovimiento key={movimiento.id} movimiento={movimiento} />)
          )}
        </Table.Tbody>
      </TablaDetalle>
      <PieCerrar />
    </Stack>
  );
}

function FilaMovimiento({ movimiento }: { movimiento: RetalDetalle['movimientos'][number] }) {
  return (
    <Table.Tr>
      <Table.Td>{formatearFechaHora(movimiento.fecha)}</Table.Td>
      <Table.Td>{NOMBRES_MOVIMIENTO_RETAL[movimiento.tipo]}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {movimiento.estado_anterior ? (
            <>
              <InsigniaEstadoRetal estado={movimiento.estado_anterior} />
              <Text size="xs" c="dimmed" aria-label="pasa a">
                →
              </Text>
            </>
          ) : null}
          <InsigniaEstadoRetal estado={movimiento.estado_nuevo} />
        </Group>
      </Table.Td>
      <Table.Td>{textoMedidas(movimiento.base, movimiento.altura)}</Table.Td>
      <Table.Td>{movimiento.venta_id !== null ? `No. ${movimiento.venta_id}` : ''}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{movimiento.motivo ?? ''}</Table.Td>
      <Table.Td>{movimiento.usuario}</Table.Td>
    </Table.Tr>
  );
}
