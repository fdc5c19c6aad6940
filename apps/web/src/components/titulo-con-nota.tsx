import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

/**
 * A screen's or a section's title with its short dimmed note below (what the figures leave out, where the data comes
 * from). A screen's title is a level 2 heading; a section's, level 3 and smaller.
 */
export function TituloConNota({ titulo, nota, pagina = false, id }: { titulo: string; nota?: ReactNode; pagina?: boolean; id?: string }) {
  return (
    <>
      <Title order={pagina ? 2 : 3} fz={pagina ? 'h3' : 'md'} fw={600} id={id}>
        {titulo}
      </Title>
      {nota ? (
        <Text size={pagina ? 'sm' : 'xs'} c="dimmed">
          {nota}
        </Text>
      ) : null}
    </>
  );
}
