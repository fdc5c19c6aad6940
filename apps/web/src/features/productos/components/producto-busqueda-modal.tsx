import { Button, CloseButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { excedeInventario, type Producto } from '@tablero/domain';
import { FilaVacia } from '@/components/fila-vacia';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { useProductos } from '../api/get-productos';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

export interface ProductoBusquedaModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the row clicked (spec 001: clicking a row selects it). The caller closes the modal. */
  onSeleccionar: (producto: Producto) => void;
  titulo?: string;
  /** Only products of this product group (edge bands: 2). */
  grupoId?: number;
}

/**
 * Product search modal (spec 001): search box; Referencia, Nombre producto, Cantidad disponible, Precio unitario,
 * Impuesto; rows with zero or missing stock highlighted; a row click selects; Anterior/Siguiente paging.
 * Reusable by the sales form and the cutting dialog.
 */
export function ProductoBusquedaModal({ opened, onClose, onSeleccionar, titulo = 'Buscar producto', grupoId }: ProductoBusquedaModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={titulo} size="xl" closeOnClickOutside={false} closeOnEscape={false}>
      {opened ? <Busqueda onSeleccionar={onSeleccionar} {...(grupoId !== undefined ? { grupoId } : {})} /> : null}
    </Modal>
  );
}

function Busqueda({ onSeleccionar, grupoId }: { onSeleccionar: (producto: Producto) => void; grupoId?: number }) {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useProductos({ page: paginaActual, ...(query ? { query } : {}), ...(grupoId !== undefined ? { grupo_id: grupoId } : {}) });
  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <TextInput
        placeholder="Buscar por referencia o nombre"
        aria-label="Buscar producto"
        leftSection={<IconSearch size={16} />}
        value={busqueda}
        onChange={(evento) => setBusqueda(evento.currentTarget.value)}
        rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
        data-autofocus
      />
      <Table highlightOnHover withTableBorder fz="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Referencia</Table.Th>
            <Table.Th>Nombre producto</Table.Th>
            <Table.Th w={100} ta="right">
              Cantidad disponible
            </Table.Th>
            <Table.Th w={120} ta="right">
              Precio unitario
            </Table.Th>
            <Table.Th w={110}>Impuesto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.length === 0 ? (
            <FilaVacia columnas={5} cargando={consulta.isPending} />
          ) : (
            filas.map((producto) => {
              const sinStock = excedeInventario(1, producto.cantidad);
              return (
                <Table.Tr
                  key={producto.id}
                  onClick={() => onSeleccionar(producto)}
                  style={{ cursor: 'pointer' }}
                  bg={sinStock ? 'red.0' : undefined}
                  data-sin-stock={sinStock || undefined}
                  aria-label={`Seleccionar ${producto.referencia}`}
                >
                  <Table.Td ff="monospace" fz="xs">
                    {producto.referencia}
                  </Table.Td>
                  <Table.Td>{producto.nombre_producto}</Table.Td>
                  <Table.Td ta="right" c={sinStock ? 'red.8' : undefined} fw={sinStock ? 600 : undefined}>
                    {formatearCantidad(producto.cantidad)}
                  </Table.Td>
                  <Table.Td ta="right">{formatearMoneda(producto.precio_unitario)}</Table.Td>
                  <Table.Td>{`${producto.porcentaje_impuesto}%`}</Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {datos ? `Página ${datos.current_page} de ${datos.last_page} · ${datos.total.toLocaleString('es-CO')} productos` : ''}
        </Text>
        <Group gap={4}>
          <Button size="compact-sm" variant="default" disabled={!datos || datos.current_page <= 1 || consulta.isFetching} onClick={() => irAPagina(paginaActual - 1)}>
            Anterior
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={!datos || datos.current_page >= datos.last_page || consulta.isFetching}
            onClick={() => irAPagina(paginaActual + 1)}
          >
            Siguiente
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
