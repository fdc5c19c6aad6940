import { useState } from 'react';
import { CloseButton, Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BotonExportar } from '@/components/boton-exportar';
import { FilaVacia } from '@/components/tabla-detalle';
import { TEXTO_SIN_DATOS } from '@/components/tabla-paginada';
import { formatearCantidad } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { exportarProductos } from '../api/dashboard';
import { filtrarPorReferencia, nombreUnidad, type RangoFechas } from '../dashboard.logica';
import type { ProductoVendido } from '@tablero/domain';

interface TablaProductosProps {
  productos: ProductoVendido[];
  rango: RangoFechas;
  cargando: boolean;
  /** The table's largest height: beside the charts it scrolls inside. */
  alto: number;
}

/**
 * The side table of spec 002 §2.4: Referencia / Cantidad vendida in the range, filtered by reference as typed (accents
 * and case do not matter), and 'Export productos', the whole range's products as .xlsx from the server.
 */
export function TablaProductos({ productos, rango, cargando, alto }: TablaProductosProps) {
  const [filtro, setFiltro] = useState('');
  const visibles = filtrarPorReferencia(productos, filtro);
  const exportar = useMutation({ mutationFn: exportarProductos });

  return (
    <Paper withBorder p="sm" radius="sm" h="100%">
      <Stack gap="xs">
        <Title order={3} fz="md" fw={600}>
          Productos vendidos
        </Title>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            size="xs"
            label="Referencia"
            placeholder="Filtrar"
            leftSection={<IconSearch size={14} />}
            value={filtro}
            onChange={(evento) => setFiltro(evento.currentTarget.value)}
            rightSection={filtro ? <CloseButton size="xs" aria-label="Limpiar filtro" onClick={() => setFiltro('')} /> : null}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <BotonExportar
            size="xs"
            loading={exportar.isPending}
            disabled={productos.length === 0}
            style={{ flexShrink: 0 }}
            onClick={() =>
              exportar.mutate(rango, {
                onSuccess: (descargado) => {
                  if (descargado) notificarExito('Descargando los productos vendidos');
                },
              })
            }
          >
            Export productos
          </BotonExportar>
        </Group>
        <ScrollArea.Autosize mah={alto} type="auto" offsetScrollbars="present" viewportProps={{ tabIndex: 0, 'aria-label': 'Productos vendidos, desplazable' }}>
          <Table striped highlightOnHover withTableBorder stickyHeader verticalSpacing={4} aria-label="Productos vendidos" aria-busy={cargando}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Referencia</Table.Th>
                <Table.Th w={110} ta="right">
                  Cantidad vendida
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visibles.length === 0 ? (
                <FilaVacia columnas={2} py="sm">{cargando ? 'Cargando…' : TEXTO_SIN_DATOS}</FilaVacia>
              ) : (
                visibles.map((producto) => (
                  <Table.Tr key={producto.producto_id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace" lh={1.3}>
                        {producto.referencia}
                      </Text>
                      <Text size="xs" c="dimmed" lh={1.2} lineClamp={1} title={producto.nombre_producto}>
                        {producto.nombre_producto}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" lh={1.3}>
                        {formatearCantidad(producto.cantidad_producto)}
                      </Text>
                      <Text size="xs" c="dimmed" lh={1.2}>
                        {nombreUnidad(producto.unidad)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed">
          {filtro.trim() ? `${visibles.length} de ${productos.length} productos` : `${productos.length} productos`}
        </Text>
      </Stack>
    </Paper>
  );
}
