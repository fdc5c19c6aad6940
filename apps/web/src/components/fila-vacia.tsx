import { Table, Text } from '@mantine/core';

/** spec: every list's empty text. */
export const TEXTO_SIN_DATOS = 'No se encontraron datos';

/** The one row of a table with nothing to show (or still loading). */
export function FilaVacia({ columnas, cargando }: { columnas: number; cargando?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnas}>
        <Text size="sm" c="dimmed" ta="center" py="md">
          {cargando ? 'Cargando…' : TEXTO_SIN_DATOS}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
