import { useState } from 'react';
import { Badge, Modal, Stack, Table, Text } from '@mantine/core';
import { NOMBRES_TIPO_MOVIMIENTO } from '@tablero/domain';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { formatearCantidad, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useMovimientos } from '../api/get-movimientos';

/** A product's stock history in the store (kardex): every movement with its resulting balance. */
export function KardexModal({ productoId, onClose }: { productoId: number | null; onClose: () => void }) {
  return (
    <Modal opened={productoId !== null} onClose={onClose} title="Kárdex del producto" size={1100} closeOnClickOutside={false} closeOnEscape={false}>
      {productoId !== null ? <Kardex key={productoId} productoId={productoId} /> : null}
    </Modal>
  );
}

function Kardex({ productoId }: { productoId: number }) {
  const [pagina, setPagina] = useState(1);
  const consulta = useMovimientos(productoId, pagina);
  const datos = consulta.data;
  const filas = datos?.movimientos.data ?? [];
  return (
    <Stack gap="sm">
      {datos ? <Text size="sm" fw={600}>{`${datos.producto.referencia} · ${datos.producto.nombre_producto}`}</Text> : null}
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Fecha</Table.Th>
            <Table.Th w={130}>Tipo</Table.Th>
            <Table.Th w={80} ta="right">
              Cantidad
            </Table.Th>
            <Table.Th w={80} ta="right">
              Saldo
            </Table.Th>
            <Table.Th w={110} ta="right">
              Costo unitario
            </Table.Th>
            <Table.Th>Motivo</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Usuario</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.length === 0 ? (
            <FilaVacia columnas={8} cargando={consulta.isPending} />
          ) : (
            filas.map((movimiento) => (
              <Table.Tr key={movimiento.id}>
                <Table.Td>{formatearFechaHora(movimiento.fecha)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={movimiento.cantidad < 0 ? 'orange' : 'teal'} style={{ overflow: 'visible' }} tt="none">
                    {NOMBRES_TIPO_MOVIMIENTO[movimiento.tipo_movimiento]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" c={movimiento.cantidad < 0 ? 'red.7' : undefined}>
                  {movimiento.cantidad > 0 ? `+${formatearCantidad(movimiento.cantidad)}` : formatearCantidad(movimiento.cantidad)}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatearCantidad(movimiento.saldo)}
                </Table.Td>
                <Table.Td ta="right">{formatearMoneda(movimiento.costo_unitario)}</Table.Td>
                <Table.Td>{movimiento.motivo}</Table.Td>
                <Table.Td>{movimiento.documento ?? ''}</Table.Td>
                <Table.Td>{movimiento.nombre_usuario ?? 'Sistema'}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {datos ? (
        <Paginador
          pagina={datos.movimientos.current_page}
          totalPaginas={datos.movimientos.last_page}
          onCambiar={setPagina}
          totalFilas={datos.movimientos.total}
          filasPorPagina={datos.movimientos.per_page}
          deshabilitado={consulta.isFetching}
        />
      ) : null}
    </Stack>
  );
}
