import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Paper, Stack, Table, TextInput } from '@mantine/core';
import { IconBan, IconPencil, IconSearch } from '@tabler/icons-react';
import type { Conexion, EstadoConexion } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { formatearFechaHora } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useConexiones } from '../api/get-conexiones';
import { useRevocarConexion } from '../api/revocar-conexion';
import { ConexionFormModal } from './conexion-form-modal';
import { confirmarRevocarConexion } from './revocar-conexion-dialog';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLOR_ESTADO: Record<EstadoConexion, string> = {
  Activa: 'green',
  Cerrada: 'gray',
  Expirada: 'orange',
};

const COLUMNAS = 5;

/** Connections screen (spec 001): the sessions opened by logging in, paged by the server, to rename or revoke. */
export function ConexionesList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useConexiones({ page: paginaActual, ...(query ? { query } : {}) });
  const revocar = useRevocarConexion();
  const [formulario, setFormulario] = useState<{ abierto: boolean; conexion: Conexion | null }>({ abierto: false, conexion: null });

  const datos = consulta.data;
  const filas = datos?.data ?? [];

  const pedirRevocar = (conexion: Conexion) =>
    confirmarRevocarConexion(conexion, () => revocar.mutate(conexion.id, { onSuccess: (mensaje) => notificarExito(mensaje) }));

  return (
    <Stack gap="sm">
      <EncabezadoPagina titulo="Conexiones" descripcion="Sesiones abiertas al ingresar a la aplicación, de la más reciente a la más antigua." />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Nombre de la conexión, correo o usuario"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={340}
          />
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover withTableBorder withColumnBorders style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre conexión</Table.Th>
                  <Table.Th>Usuario</Table.Th>
                  <Table.Th w={170}>Fecha registro</Table.Th>
                  <Table.Th w={190}>Estado</Table.Th>
                  <Table.Th w={190} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <FilaVacia columnas={COLUMNAS} cargando={consulta.isPending} />
                ) : (
                  filas.map((conexion) => (
                    <Table.Tr key={conexion.id}>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{conexion.name_connection}</Table.Td>
                      <Table.Td>
                        {`${conexion.email} - ${conexion.name}`}
                      </Table.Td>
                      <Table.Td>{formatearFechaHora(conexion.fecha_registro)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Badge color={COLOR_ESTADO[conexion.estado]} variant="light" radius="sm">
                            {conexion.estado}
                          </Badge>
                          {conexion.es_actual ? (
                            <Badge color="blue" variant="outline" radius="sm">
                              Esta sesión
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} justify="center" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setFormulario({ abierto: true, conexion })}
                          >
                            Editar
                          </Button>
                          {conexion.estado === 'Activa' ? (
                            <Button
                              size="compact-sm"
                              variant="light"
                              color="red"
                              leftSection={<IconBan size={14} />}
                              onClick={() => pedirRevocar(conexion)}
                            >
                              Revocar
                            </Button>
                          ) : null}
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
      <ConexionFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        conexion={formulario.conexion}
      />
    </Stack>
  );
}
