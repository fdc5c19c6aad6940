import { memo, type Dispatch } from 'react';
import { ActionIcon, Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MENSAJES_CORTE } from '@tablero/domain';
import { notificarAviso } from '@/lib/notificaciones';
import { CeldasMedidas } from './celdas-medidas';
import { formatearCantidad } from '@/lib/formato';
import { esRetalInventario, filaCompleta, type Accion, type FilaRetal } from './corte.logica';

/**
 * The offcut table (spec 000 §2.13, offcut mode): quantity, base, height and description of each offcut from stock the
 * plan cuts first. A new row needs every row complete ('Debe ingresar una cantidad, base y altura'). A kept offcut of
 * the store chosen in 'Retales de la tienda' is a row too, read-only (its measures are the inventory's), named by code.
 */
export const TablaRetales = memo(function TablaRetales({ retales, errores, dispatch }: { retales: FilaRetal[]; errores: Record<string, string>; dispatch: Dispatch<Accion> }) {
  const agregar = () => {
    if (retales.some((retal) => !filaCompleta(retal))) return notificarAviso(MENSAJES_CORTE.medidas);
    dispatch({ tipo: 'agregarRetal' });
  };
  return (
    <Table withTableBorder verticalSpacing={2} horizontalSpacing={4} aria-label="Retales" maw={760}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={28}>#</Table.Th>
          <Table.Th w={90}>Cantidad</Table.Th>
          <Table.Th w={110}>Base (mm)</Table.Th>
          <Table.Th w={110}>Altura (mm)</Table.Th>
          <Table.Th>Descripción</Table.Th>
          <Table.Th w={34} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {retales.map((retal, indice) => {
          const numero = indice + 1;
          const error = errores[retal.clave];
          const cambiar = (cambios: Partial<Omit<FilaRetal, 'clave'>>) => dispatch({ tipo: 'retal', clave: retal.clave, cambios });
          if (esRetalInventario(retal)) return <FilaRetalInventario key={retal.clave} retal={retal} numero={numero} dispatch={dispatch} />;
          return (
            <Table.Tr key={retal.clave} data-error={error ? true : undefined}>
              <CeldasMedidas numero={numero} de="retal" fila={retal} conError={error !== undefined} cambiar={cambiar} />
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`Descripción del retal ${numero}`}
                  value={retal.descripcion}
                  maxLength={100}
                  onChange={(evento) => cambiar({ descripcion: evento.currentTarget.value })}
                  error={error}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Eliminar retal ${numero}`} onClick={() => dispatch({ tipo: 'quitarRetal', clave: retal.clave })}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Caption>
        <Group justify="flex-start">
          <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} onClick={agregar}>
            Agregar retal
          </Button>
        </Group>
      </Table.Caption>
    </Table>
  );
});

function FilaRetalInventario({ retal, numero, dispatch }: { retal: FilaRetal; numero: number; dispatch: Dispatch<Accion> }) {
  const codigo = retal.codigo ?? retal.descripcion;
  return (
    <Table.Tr data-retal-inventario={codigo}>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {numero}
        </Text>
      </Table.Td>
      <Table.Td ta="right">1</Table.Td>
      <Table.Td ta="right">{formatearCantidad(retal.base as number)}</Table.Td>
      <Table.Td ta="right">{formatearCantidad(retal.altura as number)}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Text size="xs" ff="monospace" fw={600}>
            {codigo}
          </Text>
          <Badge size="xs" variant="light" color="teal">
            De la tienda
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Quitar el retal ${codigo}`} onClick={() => dispatch({ tipo: 'quitarRetal', clave: retal.clave })}>
          <IconTrash size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
