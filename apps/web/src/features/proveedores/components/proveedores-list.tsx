import { useState } from 'react';
import { Badge, Button, CloseButton, Paper, Stack, Table, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import type { Proveedor } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { useProveedores } from '../api/get-proveedores';
import { ProveedorFormModal } from './proveedor-form-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLUMNAS = 8;

/** Suppliers screen (spec 002 §2.13): paged by the server, with create and edit. */
export function ProveedoresList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useProveedores({ page: paginaActual, ...(query ? { query } : {}) });
  const [formulario, setFormulario] = useState<{ abierto: boolean; proveedor: Proveedor | null }>({ abierto: false, proveedor: null });

  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Proveedores"
        descripcion="Proveedores de tableros, cantos, herrajes y servicios."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormulario({ abierto: true, proveedor: null })}>
            Crear proveedor
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Nombre o NIT del proveedor"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={340}
          />
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover withTableBorder withColumnBorders style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th w={130}>NIT</Table.Th>
                  <Table.Th w={120}>Teléfono</Table.Th>
                  <Table.Th>Correo electrónico</Table.Th>
                  <Table.Th>Dirección</Table.Th>
                  <Table.Th w={80} ta="center">
                    Crédito
                  </Table.Th>
                  <Table.Th w={110} ta="right">
                    Plazo crédito
                  </Table.Th>
                  <Table.Th w={100} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <FilaVacia columnas={COLUMNAS} cargando={consulta.isPending} />
                ) : (
                  filas.map((proveedor) => (
                    <Table.Tr key={proveedor.id}>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{proveedor.nombre_proveedor}</Table.Td>
                      <Table.Td>{proveedor.nit}</Table.Td>
                      <Table.Td>{proveedor.numero_telefonico}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{proveedor.correo_electronico}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{proveedor.direccion ?? ''}</Table.Td>
                      <Table.Td ta="center">
                        <Badge color={proveedor.credito ? 'green' : 'gray'} variant="light" radius="sm">
                          {proveedor.credito ? 'Sí' : 'No'}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{proveedor.credito ? `${proveedor.plazo_credito} días` : ''}</Table.Td>
                      <Table.Td ta="center">
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconPencil size={14} />}
                          onClick={() => setFormulario({ abierto: true, proveedor })}
                          aria-label={`Editar ${proveedor.nombre_proveedor}`}
                        >
                          Editar
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {datos ? (
            <Paginador
              pagina={datos.current_page}
              totalPaginas={datos.last_page}
              onCambiar={(numero) => irAPagina(numero)}
              totalFilas={datos.total}
              filasPorPagina={datos.per_page}
              deshabilitado={consulta.isFetching}
              ocultarSinDestino
            />
          ) : null}
        </Stack>
      </Paper>
      <ProveedorFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        proveedor={formulario.proveedor}
      />
    </Stack>
  );
}
