import {
  DEFAULT_THEME,
  createTheme,
  type CSSVariablesResolver,
  type CloseButtonProps,
  type LoaderProps,
  type TableScrollContainerProps,
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

/**
 * Mantine's status colours with darker shades 7–9. Shade 7 fills buttons and badges under white text (primaryShade),
 * shade 9 is the text of light badges and alerts, and 'red.8'-like shades colour figures in tables: Mantine's own
 * (red 7 is 3.8:1 on white, orange 8 3.6:1, teal 8 3.9:1) fail the 4.5:1 WCAG AA asks of small text. These are at
 * least 4.5:1 on white and on the tables' gray rows; shades 0–6 (backgrounds, charts) stay Mantine's.
 */
const conSombrasOscuras = (nombre: string, oscuras: [string, string, string]): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[nombre]!.slice(0, 7), ...oscuras] as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'marca',
  primaryShade: 7,
  colors: {
    marca,
    red: conSombrasOscuras('red', ['#c92a2a', '#b02525', '#8f1d1d']),
    orange: conSombrasOscuras('orange', ['#c2410c', '#a8380a', '#8a2e08']),
    yellow: conSombrasOscuras('yellow', ['#a16207', '#854d0e', '#713f12']),
    green: conSombrasOscuras('green', ['#1e7b34', '#19692c', '#145523']),
    teal: conSombrasOscuras('teal', ['#087f5b', '#076b4d', '#055a40']),
    blue: conSombrasOscuras('blue', ['#1971c2', '#1864ab', '#145591']),
  },
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
    // Every X (toasts, inputs' clear buttons) has a name for screen readers; a caller's own aria-label wins.
    // A toast's text under its title is Mantine's gray 6 (3.3:1 on white); the page's secondary gray instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // A loader is a live status: with the role, its Spanish name ('Cargando') is read (a bare span may carry no name).
    Loader: { defaultProps: { role: 'status' } satisfies Partial<LoaderProps> & { role: string } },
    // A table wider or taller than its frame scrolls: its region takes the focus, so the keyboard can scroll it too.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } satisfies Partial<TableScrollContainerProps> },
    CloseButton: { defaultProps: { 'aria-label': 'Cerrar' } satisfies Partial<CloseButtonProps> & { 'aria-label': string } },
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

/**
 * Colour variables changed from Mantine's, given to MantineProvider. Secondary ('dimmed') text in Mantine's gray 6 is
 * 3.3:1 on white, under the 4.5:1 WCAG AA asks of small text (axe-core's color-contrast); this gray is about 6:1 on
 * white and on the page's gray 0, still lighter than the body text. Field errors likewise.
 */
export const variablesCss: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors: Mantine's red 6 is 3.3:1 on white; red 8 (above) is 6.7:1.
  // Placeholders shown as text (a Select's or a FileInput's empty value): Mantine's gray 5 is 2.1:1; this is 4.7:1.
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-8)', '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});
