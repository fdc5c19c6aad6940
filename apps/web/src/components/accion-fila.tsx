import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * One row button: an icon with its Spanish name as tooltip and for screen readers ('Crear OP venta 12'). With `href` it
 * is a link that opens in a new window (a receipt, a statement).
 */
export function AccionFila({
  etiqueta,
  de,
  color,
  disabled = false,
  loading = false,
  onClick,
  href,
  children,
}: {
  etiqueta: string;
  /** What the row is, after the action's name, for screen readers ('venta 12', 'OP 5'); the name alone without it. */
  de?: string;
  color?: string;
  disabled?: boolean;
  loading?: boolean;
  onClick?: () => void;
  href?: string;
  children: ReactNode;
}) {
  const nombre = de ? `${etiqueta} ${de}` : etiqueta;
  return (
    <Tooltip label={etiqueta} withArrow openDelay={300}>
      {href ? (
        <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" variant="light" size="md" color={color} aria-label={nombre}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon variant="light" size="md" color={color} aria-label={nombre} disabled={disabled} loading={loading} onClick={onClick}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
