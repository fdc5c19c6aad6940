import { useId, type ReactNode } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { TituloConNota } from '@/components/titulo-con-nota';

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
            <TituloConNota titulo={titulo} nota={nota} id={id} />
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
