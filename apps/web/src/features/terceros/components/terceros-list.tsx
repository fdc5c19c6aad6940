import { useState } from 'react';
import { ActionIcon, Badge, Button, CloseButton, Group, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCash, IconEye, IconHistory, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { NOMBRES_TIPO_TERCERO, puedeEditarTercero, type Tercero } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { formatearFecha, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useSesion } from '@/lib/sesion';
import { useTerceros } from '../api/get-terceros';
import { AbonoFormModal } from './abono-form-modal';
import { AbonosHistorialModal } from './abonos-historial-modal';
import { TerceroFormModal } from './tercero-form-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLUMNAS = 9;

type Dialogo = 'formulario' | 'abono' | 'historial';

/** 'Perfil': the role of the linked user, or the type's name ('Cliente' for customers, spec 001 Customers screen). */
function perfilDe(tercero: Tercero): string {
  return tercero.nombre_perfil ?? NOMBRES_TIPO_TERCERO[tercero.tipo_tercero];
}

/** Customers screen (Clientes, spec 001): third parties paged by the server, with edit, abono and history. */
export function TercerosList() {
  const sesion = useSesion();
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useTerceros({ page: paginaActual, ...(query ? { query } : {}) });
  // The row stays while a modal closes, so its title does not flip during the transition.
  const [dialogo, setDialogo] = useState<{ tipo: Dialogo | null; tercero: Tercero | null }>({ tipo: null, tercero: null });
  const abrir = (tipo: Dialogo, tercero: Tercero | null) => setDialogo({ tipo, tercero });
  const cerrar = () => setDialogo((actual) => ({ ...actual, tipo: null }));

  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Clientes"
        descripcion="Clientes, vendedores, administradores, bodega, operarios y mensajeros."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => abrir('formulario', null)}>
            Agregar tercero
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Documento, nombres o correo electrónico"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={360}
          />
          <Table.ScrollContainer minWidth={1000}>
            <Table layout="fixed" styles={{ th: { whiteSpace: 'normal', verticalAlign: 'bottom' } }} striped highlightOnHover withTableBorder withColumnBorders fz="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={108}>Número documento</Table.Th>
                  <Table.Th>Nombres completos</Table.Th>
                  <Table.Th>Correo electrónico</Table.Th>
                  <Table.Th w={120}>Números contacto</Table.Th>
                  <Table.Th w={116}>Perfil</Table.Th>
                  <Table.Th w={104} ta="right">
                    Saldo abono
                  </Table.Th>
                  <Table.Th w={100}>Fecha registro</Table.Th>
                  <Table.Th w={84}>Estado</Table.Th>
                  <Table.Th w={100} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <FilaVacia columnas={COLUMNAS} cargando={consulta.isPending} />
                ) : (
                  filas.map((tercero) => {
                    const nombre = `${tercero.nombres} ${tercero.apellidos}`;
                    const esCliente = tercero.tipo_tercero === 'C';
                    // The same rule as the form (and the server): rows this user may not edit say 'Ver', not 'Editar'.
                    const accion = sesion !== null && puedeEditarTercero(sesion.role, tercero.tipo_tercero) ? 'Editar' : 'Ver';
                    return (
                      <Table.Tr key={tercero.id}>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {tercero.numero_documento}
                          </Text>
                        </Table.Td>
                        <Table.Td>{nombre}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{tercero.correo_electronico}</Table.Td>
                        <Table.Td>{[tercero.numero_celular, tercero.numero_telefonico].filter(Boolean).join(' - ')}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" radius="sm" size="sm" color={esCliente ? 'blue' : 'grape'} style={{ overflow: 'visible' }}>
                            {perfilDe(tercero)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">{formatearMoneda(tercero.saldo_abono)}</Table.Td>
                        <Table.Td title={formatearFechaHora(tercero.fecha_registro)}>{formatearFecha(tercero.fecha_registro)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" radius="sm" size="sm" color={tercero.activo ? 'green' : 'red'} style={{ overflow: 'visible' }}>
                            {tercero.activo ? 'Activo' : 'Inactivo'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="center" wrap="nowrap">
                            <Tooltip label={accion}>
                              <ActionIcon variant="light" aria-label={`${accion} ${nombre}`} onClick={() => abrir('formulario', tercero)}>
                                {accion === 'Editar' ? <IconPencil size={16} /> : <IconEye size={16} />}
                              </ActionIcon>
                            </Tooltip>
                            {esCliente ? (
                              <>
                                <Tooltip label="Agregar abono">
                                  <ActionIcon variant="light" color="teal" aria-label={`Agregar abono a ${nombre}`} onClick={() => abrir('abono', tercero)}>
                                    <IconCash size={16} />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label="Historial de abonos">
                                  <ActionIcon variant="light" color="gray" aria-label={`Historial de abonos de ${nombre}`} onClick={() => abrir('historial', tercero)}>
                                    <IconHistory size={16} />
                                  </ActionIcon>
                                </Tooltip>
                              </>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })
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
      <TerceroFormModal opened={dialogo.tipo === 'formulario'} onClose={cerrar} tercero={dialogo.tercero} />
      <AbonoFormModal opened={dialogo.tipo === 'abono'} onClose={cerrar} tercero={dialogo.tercero} />
      <AbonosHistorialModal opened={dialogo.tipo === 'historial'} onClose={cerrar} tercero={dialogo.tercero} />
    </Stack>
  );
}
