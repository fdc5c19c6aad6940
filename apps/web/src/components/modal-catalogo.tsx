import { useState, type Key, type ReactNode } from 'react';
import { Button, Group, Stack, Table } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ModalFormulario, type PropsModal } from './modal-formulario';
import { claveId, TEXTO_SIN_DATOS, type Columna } from './tabla-paginada';
import { FilaVacia } from './tabla-detalle';

interface ModalCatalogoProps<T> {
  opened: boolean;
  onClose: () => void;
  titulo: string;
  /** The create button's text ('Agregar impuesto'). */
  textoAgregar: string;
  /** The whole catalog (a short list, not paged). */
  consulta: UseQueryResult<T[]>;
  columnas: Columna<T>[];
  /** The row's React key; none: the row's `id`. */
  claveFila?: (fila: T) => Key;
  /** The row's name, for its 'Editar …' button. */
  nombreFila: (fila: T) => string;
  /**
   * The create (null) or edit form: a FormularioModal with textoCerrar 'Volver'. Its save and its Volver lead back
   * to the list (they "close" the form; this dialog answers by showing the list again). `filas` is the whole catalog
   * (a category chooses its parent among the others).
   */
  formulario: (fila: T | null, filas: T[]) => ReactNode;
}

/**
 * A catalog dialog of the product form (spec 001: categories, taxes, measure types open from it): the list with a
 * create button and an Editar per row, and in its place the create or edit form. The form's changes make Volver and
 * the X ask first; the X of the form returns to the list, the X of the list closes the dialog.
 */
export function ModalCatalogo<T>({ opened, onClose, titulo, textoAgregar, consulta, columnas, claveFila = claveId, nombreFila, formulario }: ModalCatalogoProps<T>) {
  const [edicion, setEdicion] = useState<{ fila: T | null } | null>(null);
  const filas = consulta.data ?? [];
  const cerrar = () => {
    if (edicion) return setEdicion(null);
    onClose();
  };

  return (
    <ModalFormulario opened={opened} onClose={cerrar} titulo={titulo} size="lg">
      {edicion ? (
        <div key={edicion.fila === null ? 'nuevo' : claveFila(edicion.fila)}>{formulario(edicion.fila, filas)}</div>
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdicion({ fila: null })}>
              {textoAgregar}
            </Button>
          </Group>
          <Table striped highlightOnHover withTableBorder aria-label={titulo}>
            <Table.Thead>
              <Table.Tr>
                {columnas.map((columna, indice) => (
                  <Table.Th key={indice} w={columna.ancho} ta={columna.alineacion}>
                    {columna.titulo}
                  </Table.Th>
                ))}
                <Table.Th w={100} ta="center">
                  Acciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.length === 0 ? (
                <FilaVacia columnas={columnas.length + 1} py="md">{consulta.isPending ? 'Cargando…' : TEXTO_SIN_DATOS}</FilaVacia>
              ) : (
                filas.map((fila) => (
                  <Table.Tr key={claveFila(fila)}>
                    {columnas.map((columna, indice) => (
                      <Table.Td key={indice} ta={columna.alineacion}>
                        {columna.celda(fila)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="center">
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconPencil size={12} />}
                        onClick={() => setEdicion({ fila })}
                        aria-label={`Editar ${nombreFila(fila)}`}
                      >
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </ModalFormulario>
  );
}

/**
 * A catalog dialog as the component `<X opened onClose />` the product form opens: `modalDeCatalogo(useImpuestos, {
 * titulo: 'Impuestos', … })` reads its whole catalog with the feature's hook and shows it in a ModalCatalogo (as
 * modalDeFormulario does for a create/edit form), so each catalog states only its texts, columns and form.
 */
export function modalDeCatalogo<T>(useCatalogo: () => UseQueryResult<T[]>, opciones: Omit<ModalCatalogoProps<T>, keyof PropsModal | 'consulta'>) {
  return function ModalDeCatalogo({ opened, onClose }: PropsModal) {
    const consulta = useCatalogo();
    return <ModalCatalogo opened={opened} onClose={onClose} consulta={consulta} {...opciones} />;
  };
}
