import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { ActionIcon, Button, Tooltip, type ButtonProps } from '@mantine/core';
import { IconTrash, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { alAbrirDocumento } from '@/lib/descargar';

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
        <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={alAbrirDocumento(href)} variant="light" size="md" color={color} aria-label={nombre}>
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

/**
 * One row button with its text beside the icon ('Editar', 'Historial'): small and light, the icon at 14 px. With `to` it
 * is a router link (`state` goes with it) that takes only `color` and `aria-label`; otherwise any prop (color, aria-label,
 * loading…) reaches Mantine's Button.
 */
export function BotonFila({
  icono: Icono,
  to,
  state,
  children,
  ...resto
}: {
  icono: Icon;
  to?: string;
  state?: unknown;
  children: ReactNode;
} & Omit<ButtonProps, 'size' | 'variant' | 'leftSection' | 'children'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'children'>) {
  const propias = { size: 'compact-sm', variant: 'light', leftSection: <Icono size={14} /> } as const;
  if (to !== undefined) {
    return (
      <Button {...propias} color={resto.color} aria-label={resto['aria-label']} component={Link} to={to} state={state}>
        {children}
      </Button>
    );
  }
  return (
    <Button {...propias} {...resto}>
      {children}
    </Button>
  );
}

/**
 * The red trash button that takes a row out of a list being edited; `nombre` says which for screen readers ('Quitar
 * Efectivo'), `tooltip` is the short name shown on hover where the table gives it one ('Quitar').
 */
export function BotonQuitar({ nombre, tooltip, onClick }: { nombre: string; tooltip?: string; onClick: () => void }) {
  const boton = (
    <ActionIcon variant="subtle" color="red" aria-label={nombre} onClick={onClick}>
      <IconTrash size={16} />
    </ActionIcon>
  );
  return tooltip ? <Tooltip label={tooltip}>{boton}</Tooltip> : boton;
}
