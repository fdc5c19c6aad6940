import { useState } from 'react';
import { Button, CloseButton, Paper, Stack, Table, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import type { Maquina } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { useMaquinas } from '../api/get-maquinas';
import { EstadoMaquinaBadge } from './estado-maquina-badge';
import { MaquinaFormModal } from './maquina-form-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

const COLUMNAS = 6;

/** Machines screen (spec 002 §2.19): ID, reference, name, service group, state badge and edit; paged by the server. */
export function MaquinasList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useMaquinas({ page: paginaActual, ...(query ? { query } : {}) });
  const [formulario, setFormulario] = useState<{ abierto: boolean; maquina: Maquina | null }>({ abierto: false, maquina: null });

  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Máquinas"
        descripcion="Máquinas de producción por grupo de servicio."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormulario({ abierto: true, maquina: null })}>
            Agregar máquina
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Referencia o nombre de la máquina"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={340}
          />
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover withTableBorder withColumnBorders style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70} ta="right">
                    ID
                  </Table.Th>
                  <Table.Th w={140}>Referencia</Table.Th>
                  <Table.Th>Nombre máquina</Table.Th>
                  <Table.Th w={190}>Grupo servicio</Table.Th>
                  <Table.Th w={170}>Estado</Table.Th>
                  <Table.Th w={100} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.length === 0 ? (
                  <FilaVacia columnas={COLUMNAS} cargando={consulta.isPending} />
                ) : (
                  filas.map((maquina) => (
                    <Table.Tr key={maquina.id}>
                      <Table.Td ta="right">{maquina.id}</Table.Td>
                      <Table.Td>{maquina.referencia}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{maquina.nombre_maquina}</Table.Td>
                      <Table.Td>{maquina.nombre_grupo_servicio}</Table.Td>
                      <Table.Td>
                        <EstadoMaquinaBadge estadoId={maquina.estado_maquina_id} nombre={maquina.nombre_estado_maquina} />
                      </Table.Td>
                      <Table.Td ta="center">
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconPencil size={14} />}
                          onClick={() => setFormulario({ abierto: true, maquina })}
                          aria-label={`Editar ${maquina.referencia}`}
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
      <MaquinaFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        maquina={formulario.maquina}
      />
    </Stack>
  );
}
