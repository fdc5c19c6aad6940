import { useState } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Table, TextInput } from '@mantine/core';
import { IconCash, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CuentaCredito } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useCuentasCredito } from '../api/get-cuentas-credito';
import { CuentaCreditoFormModal } from './cuenta-credito-form-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLUMNAS = 6;

/** Credit accounts list (spec 001): search, 'Crear cuenta crédito', Editar and Pagos per row, server paging. */
export function CuentasCreditoList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useCuentasCredito({ page: paginaActual, ...(query ? { query } : {}) });
  const [formulario, setFormulario] = useState<{ abierto: boolean; cuenta: CuentaCredito | null }>({ abierto: false, cuenta: null });

  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Cuentas crédito"
        descripcion="Cupo permitido y crédito usado por cada cliente."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormulario({ abierto: true, cuenta: null })}>
            Crear cuenta crédito
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Documento o nombres del cliente"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={340}
          />
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover withTableBorder withColumnBorders fz="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={160}>Fecha creación</Table.Th>
                  <Table.Th w={150}>Número documento</Table.Th>
                  <Table.Th>Nombres completos</Table.Th>
                  <Table.Th w={170} ta="right">
                    Total cupo permitido
                  </Table.Th>
                  <Table.Th w={170} ta="right">
                    Total crédito solicitado
                  </Table.Th>
                  <Table.Th w={180} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <FilaVacia columnas={COLUMNAS} cargando={consulta.isPending} />
                ) : (
                  filas.map((cuenta) => (
                    <Table.Tr key={cuenta.id}>
                      <Table.Td>{formatearFechaHora(cuenta.fecha_creacion)}</Table.Td>
                      <Table.Td ff="monospace">{cuenta.numero_documento_tercero}</Table.Td>
                      <Table.Td>{`${cuenta.nombres_tercero} ${cuenta.apellidos_tercero}`}</Table.Td>
                      <Table.Td ta="right">{formatearMoneda(cuenta.total_cupo_permitido)}</Table.Td>
                      <Table.Td ta="right">{formatearMoneda(cuenta.total_credito)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} justify="center" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setFormulario({ abierto: true, cuenta })}
                          >
                            Editar
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="teal"
                            leftSection={<IconCash size={14} />}
                            component={Link}
                            to={`/cuentas-credito/${encodeURIComponent(cuenta.numero_documento_tercero)}`}
                            // The route names the document number; the row already knows the customer (issue 12).
                            state={{ terceroId: cuenta.tercero_id }}
                          >
                            Pagos
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
            <Paginador
              pagina={datos.current_page}
              totalPaginas={datos.last_page}
              onCambiar={(numero) => irAPagina(numero)}
              totalFilas={datos.total}
              filasPorPagina={datos.per_page}
              deshabilitado={consulta.isFetching}
            />
          ) : null}
        </Stack>
      </Paper>
      <CuentaCreditoFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        cuenta={formulario.cuenta}
      />
    </Stack>
  );
}
