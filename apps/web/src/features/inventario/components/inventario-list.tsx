import { useState } from 'react';
import { Anchor, Button, CloseButton, Group, Paper, Stack, Table, TextInput } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconHistory, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { PaginadorAnteriorSiguiente, ProductoBusquedaModal } from '@/features/productos';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { useInventario } from '../api/get-inventario';
import { CargaMasivaModal } from './carga-masiva-modal';
import { ExportarProductosModal } from './exportar-productos-modal';
import { InventarioFormModal, type ProductoAInventariar } from './inventario-form-modal';
import { KardexModal } from './kardex-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLUMNAS = 7;
/** spec 001 Inventory screen: the CSV template lives under the site's assets/formats. */
const PLANTILLA = 'assets/formats/formato-inventario.csv';

/** Inventory screen (spec 001): template, CSV load, export, search, paged table with add-quantity and kardex. */
export function InventarioList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useInventario({ page: paginaActual, ...(query ? { query } : {}) });
  const [agregar, setAgregar] = useState<ProductoAInventariar | null>(null);
  const [kardex, setKardex] = useState<number | null>(null);
  const [dialogo, setDialogo] = useState<'carga' | 'exportar' | 'buscar' | null>(null);
  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Inventario de productos"
        acciones={
          <>
            <Button component="a" href={PLANTILLA} download="formato-inventario.csv" variant="default" leftSection={<IconDownload size={16} />}>
              Descargar formato CSV
            </Button>
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialogo('carga')}>
              Cargar CSV
            </Button>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setDialogo('exportar')}>
              Exportar
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialogo('buscar')}>
              Agregar cantidad
            </Button>
          </>
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
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover withTableBorder withColumnBorders fz="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>Referencia</Table.Th>
                  <Table.Th>Nombre producto</Table.Th>
                  <Table.Th w={150}>Grupo</Table.Th>
                  <Table.Th w={150}>Línea</Table.Th>
                  <Table.Th w={110} ta="right">
                    Cantidad restante
                  </Table.Th>
                  <Table.Th w={120} ta="right">
                    Precio unitario
                  </Table.Th>
                  <Table.Th w={220} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <FilaVacia columnas={COLUMNAS} cargando={consulta.isPending} />
                ) : (
                  filas.map((producto) => (
                    <Table.Tr key={producto.id}>
                      <Table.Td ff="monospace" fz="xs">
                        {producto.referencia}
                      </Table.Td>
                      <Table.Td>{producto.nombre_producto}</Table.Td>
                      <Table.Td>{producto.nombre_grupo}</Table.Td>
                      <Table.Td>{producto.nombre_linea}</Table.Td>
                      <Table.Td ta="right" c={producto.cantidad <= 0 ? 'red.7' : undefined} fw={producto.cantidad <= 0 ? 600 : undefined}>
                        {formatearCantidad(producto.cantidad)}
                      </Table.Td>
                      <Table.Td ta="right">{formatearMoneda(producto.precio_unitario)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} justify="center" wrap="nowrap">
                          <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => setAgregar(producto)} aria-label={`Agregar cantidad a ${producto.referencia}`}>
                            Agregar
                          </Button>
                          <Button size="compact-xs" variant="subtle" leftSection={<IconHistory size={12} />} onClick={() => setKardex(producto.id)} aria-label={`Kárdex de ${producto.referencia}`}>
                            Kárdex
                          </Button>
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
          <Anchor href={PLANTILLA} download="formato-inventario.csv" size="xs" c="dimmed">
            Formato: referencia;cantidad;precio
          </Anchor>
        </Stack>
      </Paper>
      <InventarioFormModal producto={agregar} onClose={() => setAgregar(null)} />
      <KardexModal productoId={kardex} onClose={() => setKardex(null)} />
      <CargaMasivaModal opened={dialogo === 'carga'} onClose={() => setDialogo(null)} />
      <ExportarProductosModal opened={dialogo === 'exportar'} onClose={() => setDialogo(null)} />
      <ProductoBusquedaModal
        opened={dialogo === 'buscar'}
        titulo="Seleccione el producto"
        onClose={() => setDialogo(null)}
        onSeleccionar={(producto) => {
          setDialogo(null);
          setAgregar(producto);
        }}
      />
    </Stack>
  );
}
