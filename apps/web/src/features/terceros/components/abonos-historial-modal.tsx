import { useEffect, useState } from 'react';
import { Badge, CloseButton, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { MENSAJES_ABONO, type Tercero } from '@tablero/domain';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { notificarAviso } from '@/lib/notificaciones';
import { useAbonosHistorial } from '../api/get-abonos-historial';

interface AbonosHistorialModalProps {
  opened: boolean;
  onClose: () => void;
  tercero: Tercero | null;
}

/** Abono history: extra-large static modal titled with the person's names, search, Fecha/Descripción/Valor and paging (spec 001). */
export function AbonosHistorialModal({ opened, onClose, tercero }: AbonosHistorialModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tercero ? `${tercero.nombres} ${tercero.apellidos}` : 'Historial de abonos'}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {tercero ? <Historial key={tercero.id} tercero={tercero} onClose={onClose} /> : null}
    </Modal>
  );
}

function Historial({ tercero, onClose }: { tercero: Tercero; onClose: () => void }) {
  const [busqueda, setBusqueda] = useState('');
  const [query] = useDebouncedValue(busqueda.trim(), 300);
  const [pagina, setPagina] = useState({ numero: 1, query: '' });
  const paginaActual = pagina.query === query ? pagina.numero : 1;
  const consulta = useAbonosHistorial({ terceroId: tercero.id, page: paginaActual, ...(query ? { query } : {}) });
  const datos = consulta.data;
  const filas = datos?.data ?? [];

  // spec 001 §5: when the history is empty (no movements at all) the modal closes with 'No se encontraron datos'.
  // Decided only on an answer fetched for this opening: a cached empty page from an earlier opening
  // (before an abono was recorded) must not close the modal.
  const sinMovimientos =
    datos !== undefined && datos.total === 0 && !query && !consulta.isPlaceholderData && consulta.isFetchedAfterMount && !consulta.isFetching;
  useEffect(() => {
    if (sinMovimientos) {
      notificarAviso(MENSAJES_ABONO.historialVacio);
      onClose();
    }
  }, [sinMovimientos, onClose]);

  return (
    <Stack gap="sm">
      <Text size="sm">
        {'Saldo de abono: '}
        <strong>{formatearMoneda(tercero.saldo_abono)}</strong>
      </Text>
      <TextInput
        label="Buscar"
        placeholder="Descripción o valor"
        leftSection={<IconSearch size={16} />}
        value={busqueda}
        onChange={(evento) => setBusqueda(evento.currentTarget.value)}
        rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
        w={320}
      />
      <Table striped withTableBorder withColumnBorders style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Fecha</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th w={150} ta="right">
              Valor
            </Table.Th>
            <Table.Th w={150} ta="right">
              Saldo
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.length === 0 ? (
            <FilaVacia columnas={4} cargando={consulta.isPending} />
          ) : (
            filas.map((movimiento) => (
              <Table.Tr key={movimiento.id}>
                <Table.Td>{formatearFechaHora(movimiento.fecha_inserta)}</Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color={movimiento.valor_abono > 0 ? 'teal' : 'orange'} mr={6}>
                    {movimiento.nombre_tipo_movimiento_abono}
                  </Badge>
                  {movimiento.descripcion_abono}
                  {movimiento.nombre_usuario ? (
                    <Text span size="xs" c="dimmed">
                      {` · ${movimiento.nombre_usuario}`}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" c={movimiento.valor_abono < 0 ? 'red' : undefined}>
                  {formatearMoneda(movimiento.valor_abono)}
                </Table.Td>
                <Table.Td ta="right">{formatearMoneda(movimiento.saldo_abono)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {datos ? (
        <Paginador
          pagina={datos.current_page}
          totalPaginas={datos.last_page}
          onCambiar={(numero) => setPagina({ numero, query })}
          totalFilas={datos.total}
          filasPorPagina={datos.per_page}
          deshabilitado={consulta.isFetching}
        />
      ) : null}
    </Stack>
  );
}
