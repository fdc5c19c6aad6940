import { useMemo, useState } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { FILAS_POR_PAGINA, sinAcentos, type Parametro } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { useParametros } from '../api/get-parametros';
import { ParametroFormModal } from './parametro-form-modal';

/** Parameters screen (spec 001): the whole list, filtered and paged here, with add and edit. */
export function ParametrosList() {
  const consulta = useParametros();
  const [busqueda, setBusqueda] = useState('');
  const [pagina, setPagina] = useState(1);
  // The parameter stays while the modal closes, so its title does not flip during the transition.
  const [formulario, setFormulario] = useState<{ abierto: boolean; parametro: Parametro | null }>({ abierto: false, parametro: null });

  const filtrados = useMemo(() => {
    const todos = consulta.data ?? [];
    const texto = sinAcentos(busqueda.trim());
    if (!texto) return todos;
    return todos.filter(
      (parametro) => sinAcentos(parametro.codigo_parametro).includes(texto) || sinAcentos(parametro.valor_parametro).includes(texto),
    );
  }, [consulta.data, busqueda]);

  const totalPaginas = Math.max(1, Math.ceil(filtrados.length / FILAS_POR_PAGINA));
  const paginaActual = Math.min(pagina, totalPaginas);
  const visibles = filtrados.slice((paginaActual - 1) * FILAS_POR_PAGINA, paginaActual * FILAS_POR_PAGINA);

  const abrir = (parametro: Parametro | null) => setFormulario({ abierto: true, parametro });
  const cerrar = () => setFormulario((actual) => ({ ...actual, abierto: false }));

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Parámetros"
        descripcion="Valores de configuración que usa la aplicación."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => abrir(null)}>
            Agregar parámetro
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <TextInput
              label="Buscar"
              placeholder="Código o valor del parámetro"
              leftSection={<IconSearch size={16} />}
              value={busqueda}
              onChange={(evento) => {
                setBusqueda(evento.currentTarget.value);
                setPagina(1);
              }}
              rightSection={
                busqueda ? (
                  <CloseButton
                    size="sm"
                    aria-label="Limpiar búsqueda"
                    onClick={() => {
                      setBusqueda('');
                      setPagina(1);
                    }}
                  />
                ) : null
              }
              w={340}
            />
          </Group>
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">Código parámetro</Table.Th>
                  <Table.Th>Valor parámetro</Table.Th>
                  <Table.Th w={110} ta="center">
                    Acciones
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visibles.length === 0 ? (
                  <FilaVacia columnas={3} cargando={consulta.isPending} />
                ) : (
                  visibles.map((parametro) => (
                    <Table.Tr key={parametro.codigo_parametro}>
                      <Table.Td>
                        <Text size="sm" ff="monospace" fw={500}>
                          {parametro.codigo_parametro}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{parametro.valor_parametro}</Table.Td>
                      <Table.Td ta="center">
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconPencil size={14} />}
                          onClick={() => abrir(parametro)}
                          aria-label={`Editar ${parametro.codigo_parametro}`}
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
          <Paginador
            pagina={paginaActual}
            totalPaginas={totalPaginas}
            onCambiar={setPagina}
            totalFilas={filtrados.length}
            filasPorPagina={FILAS_POR_PAGINA}
          />
        </Stack>
      </Paper>
      <ParametroFormModal opened={formulario.abierto} onClose={cerrar} parametro={formulario.parametro} />
    </Stack>
  );
}
