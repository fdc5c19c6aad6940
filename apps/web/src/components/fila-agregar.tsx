import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/**
 * The add row above a dialog's list (a sale's tasks, a cut's special services): its fields, then Agregar, which Enter
 * in a field presses too. `onAgregar` checks the fields and adds.
 */
export function FilaAgregar({ onAgregar, agregando, children }: { onAgregar: () => void; agregando?: boolean; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(evento) => {
        evento.preventDefault();
        onAgregar();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {children}
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={agregando}>
          Agregar
        </Button>
      </Group>
    </form>
  );
}
