import { useState } from 'react';
import { Button, CloseButton, Paper, Stack, Table, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import type { TipoConcepto } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FilaVacia } from '@/components/fila-vacia';
import { Paginador } from '@/components/paginador';
import { useTiposConceptos } from '../api/get-tipos-conceptos';
import { TipoConceptoFormModal } from './tipo-concepto-form-modal';
import { useBusquedaPaginada } from '@/lib/use-busqueda-paginada';

/** Concept types screen (spec 002 §2.14): name and edit, paged by the server. */
export function TiposConceptosList() {
  const { busqueda, setBusqueda, query, pagina: paginaActual, irAPagina } = useBusquedaPaginada();
  const consulta = useTiposConceptos({ page: paginaActual, ...(query ? { query } : {}) });
  const [formulario, setFormulario] = useState<{ abierto: boolean; tipoConcepto: TipoConcepto | null }>({ abierto: false, tipoConcepto: null });

  const datos = consulta.data;
  const filas = datos?.data ?? [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Tipos de conceptos"
        descripcion="Conceptos de los pagos a proveedores."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormulario({ abierto: true, tipoConcepto: null })}>
            Crear tipo concepto
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm" maw={760}>
        <Stack gap="sm">
          <TextInput
            label="Buscar"
            placeholder="Nombre del tipo de concepto"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(evento) => setBusqueda(evento.currentTarget.value)}
            rightSection={busqueda ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={() => setBusqueda('')} /> : null}
            w={340}
          />
          <Table striped highlightOnHover withTableBorder withColumnBorders style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th w={100} ta="center">
                  Acciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.length === 0 ? (
                <FilaVacia columnas={2} cargando={consulta.isPending} />
              ) : (
                filas.map((tipoConcepto) => (
                  <Table.Tr key={tipoConcepto.id}>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{tipoConcepto.nombre_tipo_concepto}</Table.Td>
                    <Table.Td ta="center">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setFormulario({ abierto: true, tipoConcepto })}
                        aria-label={`Editar ${tipoConcepto.nombre_tipo_concepto}`}
                      >
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
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
      <TipoConceptoFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        tipoConcepto={formulario.tipoConcepto}
      />
    </Stack>
  );
}
