import { useId, type ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

interface SeccionProps {
  titulo: string;
  /** A short note beside the title (what the totals leave out). */
  nota?: ReactNode;
  /** Buttons on the right (Exportar, Agregar egreso). */
  acciones?: ReactNode;
  children: ReactNode;
}

/** A block of a report screen: its title with its buttons, then its table. A region named by its title. */
export function Seccion({ titulo, nota, acciones, children }: SeccionProps) {
  const id = useId();
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={id} miw={0}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="md" fw={600} id={id}>
              {titulo}
            </Title>
            {nota ? (
              <Text size="xs" c="dimmed">
                {nota}
              </Text>
            ) : null}
          </div>
          {acciones ? (
            <Group gap={6} wrap="nowrap">
              {acciones}
            </Group>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
