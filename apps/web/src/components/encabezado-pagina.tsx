import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { TituloConNota } from './titulo-con-nota';

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
        <TituloConNota titulo={titulo} nota={descripcion} pagina />
      </div>
      {acciones ? <Group gap="xs">{acciones}</Group> : null}
    </Group>
  );
}
