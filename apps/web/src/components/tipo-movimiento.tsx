import { Badge, Group, Text } from '@mantine/core';

/**
 * A ledger movement's type in a history (advances, a credit's movements), with the red badge of what happened to it
 * since ('Anulado', 'Devuelto'); no badge when `marca` is null.
 */
export function TipoMovimiento({ nombre, marca }: { nombre: string; marca: string | null }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span size="sm">
        {nombre}
      </Text>
      {marca ? (
        <Badge size="xs" color="red" variant="light">
          {marca}
        </Badge>
      ) : null}
    </Group>
  );
}
