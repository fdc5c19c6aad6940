import {
  createTheme,
  type BadgeProps,
  type ButtonProps,
  type MantineColorsTuple,
  type ModalProps,
  type TableProps,
  type TooltipProps,
} from '@mantine/core';

/** A quiet blue for a dense back-office: the brand colour of buttons, links and the active menu entry. */
const marca: MantineColorsTuple = [
  '#e8f2fc',
  '#d2e2f4',
  '#a3c2e8',
  '#71a0dc',
  '#4883d2',
  '#2f71cc',
  '#2067ca',
  '#1257b3',
  '#054da1',
  '#00428f',
];

export const theme = createTheme({
  primaryColor: 'marca',
  primaryShade: 7,
  colors: { marca },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Users who ask their system for less motion get modals and menus without animation.
  respectReducedMotion: true,
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  headings: {
    fontWeight: '600',
    sizes: { h1: { fontSize: '1.5rem' }, h2: { fontSize: '1.3rem' }, h3: { fontSize: '1.15rem' }, h4: { fontSize: '1rem' } },
  },
  // Plain objects, not `Tooltip.extend(…)`: importing a component to configure it would put its code (Tooltip brings
  // floating-ui, Modal its scroll lock) into the login page's first download. `satisfies` keeps the props checked.
  components: {
    Button: { defaultProps: { size: 'sm' } satisfies Partial<ButtonProps> },
    // Spanish states read better as written ('Activa', 'Esta sesión') than in capitals.
    Badge: { defaultProps: { size: 'md' } satisfies Partial<BadgeProps>, styles: { label: { textTransform: 'none', fontWeight: 600 } } },
    Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm', fz: 'sm' } satisfies Partial<TableProps> },
    NavLink: { styles: { root: { borderRadius: 'var(--mantine-radius-sm)' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } satisfies Partial<TooltipProps> },
    // spec 000 §9: modals are static, no close on backdrop or Escape.
    Modal: {
      defaultProps: {
        closeOnClickOutside: false,
        closeOnEscape: false,
        closeButtonProps: { 'aria-label': 'Cerrar' },
        overlayProps: { backgroundOpacity: 0.45 },
      } satisfies Partial<ModalProps>,
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});
