import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

interface EncabezadoPaginaProps {
  titulo: string;
  descripcion?: ReactNode;
  /** Buttons on the right (e.g. 'Agregar parámetro'). */
  acciones?: ReactNode;
}

/** The title row every screen starts with. */
export function EncabezadoPagina({ titulo, descripcion, acciones }: EncabezadoPaginaProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
      <div>
        <Title order={2} fz="h3" fw={600}>
          {titulo}
        </Title>
        {descripcion ? (
          <Text size="sm" c="dimmed">
            {descripcion}
          </Text>
        ) : null}
      </div>
      {acciones ? <Group gap="xs">{acciones}</Group> : null}
    </Group>
  );
}
