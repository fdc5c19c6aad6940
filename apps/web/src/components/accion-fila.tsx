import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/** One row button: an icon with its Spanish name as tooltip and for screen readers ('Crear OP venta 12'). */
export function AccionFila({
  etiqueta,
  de,
  color,
  disabled = false,
  loading = false,
  onClick,
  children,
}: {
  etiqueta: string;
  /** What the row is, after the action's name, for screen readers ('venta 12', 'OP 5'). */
  de: string;
  color?: string;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={etiqueta} withArrow openDelay={300}>
      <ActionIcon variant="light" size="md" color={color} aria-label={`${etiqueta} ${de}`} disabled={disabled} loading={loading} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
