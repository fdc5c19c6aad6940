import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A labelled value of a detail dialog's header: the label small and dimmed above; an empty value reads '—'. */
export function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" lh={1.3}>
        {etiqueta}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}
