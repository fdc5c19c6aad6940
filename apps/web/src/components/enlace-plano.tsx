import { Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { EnlaceDocumento } from './enlace-documento';

/** The link to a board line's cutting plan, in a new window ('Plan', named after the line for screen readers). */
export function EnlacePlano({ url, referencia }: { url: string; referencia: string }) {
  return (
    <EnlaceDocumento url={url} texto="Abrir plan de corte" size="xs" aria-label={`Plan de corte de ${referencia}`}>
      <Group gap={2} wrap="nowrap">
        Plan <IconExternalLink size={12} />
      </Group>
    </EnlaceDocumento>
  );
}
