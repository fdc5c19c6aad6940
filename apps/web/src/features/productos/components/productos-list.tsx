import { useState } from 'react';
import { ActionIcon, Anchor, Button, CloseButton, Group, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { precioConImpuesto, RUTAS } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { formatearCantidad, formatearFecha, formatearMoneda } from '@/lib/formato';
import { useProductos } from '../api/get-productos';
import { PaginadorAnteriorSiguiente } from './paginador-anterior-siguiente';
import { ProductoDetalleModal } from './producto-detalle-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLUMNAS = 9;

export const rutaEditarProducto = (id: number) => RUTAS.productosEditar.path.replace(':producto_id', String(id));

/** Products list (spec 001): search, server paging, every column, edit link per row. */
export function ProductosList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useProductos({ page: paginaActual, ...(query ? { query } : {}) });
  const [detalle, setDetalle] = useState<number | null>(null);
  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Productos"
        acciones={
          <Button component={Link} to={RUTAS.productosCrear.path} leftSection={<IconPlus size={16} />}>
            Agregar producto
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Referencia o nombre del producto"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={380}
          />
          <Table.ScrollContainer minWidth={1000}>
            <Table striped highlightOnHover withTableBorder withColumnBorders fz="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>Referencia</Table.Th>
                  <Table.Th>Nombre producto</Table.Th>
                  <Table.Th w={140}>Grupo</Table.Th>
                  <Table.Th w={140}>Línea</Table.Th>
                  <Table.Th w={120} ta="right">
                    Precio unitario
                  </Table.Th>
                  <Table.Th w={120} ta="right">
                    Precio con IVA
                  </Table.Th>
                  <Table.Th w={100} ta="right">
                    Cantidad disponible
                  </Table.Th>
                  <Table.Th w={105}>Fecha registro</Table.Th>
                  <Table.Th w={80} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNAS}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        {consulta.isPending ? (
                          'Cargando…'
                        ) : (
                          <>
                            No se encontraron productos agregados. Para crear uno{' '}
                            <Anchor component={Link} to={RUTAS.productosCrear.path} size="sm">
                              click aquí
                            </Anchor>
                          </>
                        )}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  filas.map((producto) => (
                    <Table.Tr key={producto.id}>
                      <Table.Td ff="monospace" fz="xs">
                        {producto.referencia}
                      </Table.Td>
                      <Table.Td>{producto.nombre_producto}</Table.Td>
                      <Table.Td>{producto.nombre_grupo}</Table.Td>
                      <Table.Td>{producto.nombre_linea}</Table.Td>
                      <Table.Td ta="right">{formatearMoneda(producto.precio_unitario)}</Table.Td>
                      <Table.Td ta="right">{formatearMoneda(precioConImpuesto(producto.precio_unitario, producto.porcentaje_impuesto))}</Table.Td>
                      <Table.Td ta="right" c={producto.cantidad <= 0 ? 'red.7' : undefined} fw={producto.cantidad <= 0 ? 600 : undefined}>
                        {formatearCantidad(producto.cantidad)}
                      </Table.Td>
                      <Table.Td>{formatearFecha(producto.fecha_registro)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="center" wrap="nowrap">
                          <Tooltip label="Ver detalle">
                            <ActionIcon variant="subtle" aria-label={`Ver ${producto.referencia}`} onClick={() => setDetalle(producto.id)}>
                              <IconEye size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Editar">
                            <ActionIcon component={Link} to={rutaEditarProducto(producto.id)} variant="subtle" aria-label={`Editar ${producto.referencia}`}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {datos ? (
<PaginadorAnteriorSiguiente pagina={datos} onCambiar={(numero) => irAPagina(numero)} deshabilitado={consulta.isFetching} />
          ) : null}
        </Stack>
      </Paper>
      <ProductoDetalleModal productoId={detalle} onClose={() => setDetalle(null)} />
    </Stack>
  );
}
