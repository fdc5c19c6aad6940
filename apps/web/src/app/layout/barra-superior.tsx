import { Badge, Burger, Button, Group, Text, Tooltip, type MantineBreakpoint } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconUserCircle } from '@tabler/icons-react';
import type { UsuarioSesion } from '@tablero/domain';

interface BarraSuperiorProps {
  sesion: UsuarioSesion;
  /** From this breakpoint up the menu is a column (its toggle shows); below it an overlay (the burger shows). */
  puntoEscritorio: MantineBreakpoint;
  menuAbierto: boolean;
  onAlternarMenu: () => void;
  menuMovilAbierto: boolean;
  onAlternarMenuMovil: () => void;
  onCerrarSesion: () => void;
  cerrandoSesion: boolean;
}

/** Top bar (spec 000 §2.3): menu toggle (the burger on narrow screens), the user's name and 'Cerrar sesión'. */
export function BarraSuperior({
  sesion,
  puntoEscritorio,
  menuAbierto,
  onAlternarMenu,
  menuMovilAbierto,
  onAlternarMenuMovil,
  onCerrarSesion,
  cerrandoSesion,
}: BarraSuperiorProps) {
  const textoMenu = menuAbierto ? 'Ocultar menú' : 'Mostrar menú';
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuMovilAbierto}
          onClick={onAlternarMenuMovil}
          hiddenFrom={puntoEscritorio}
          size="sm"
          aria-label="Abrir menú"
          aria-expanded={menuMovilAbierto}
        />
        <Tooltip label={textoMenu}>
          <Button
            variant="subtle"
            color="gray"
            size="compact-md"
            px={6}
            visibleFrom={puntoEscritorio}
            onClick={onAlternarMenu}
            aria-label={textoMenu}
            aria-expanded={menuAbierto}
          >
            {menuAbierto ? <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} /> : <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />}
          </Button>
        </Tooltip>
        <Text fw={700} fz="lg" c="marca.8" style={{ letterSpacing: '-0.01em' }}>
          Tablero
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" visibleFrom="xs">
          <IconUserCircle size={20} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" fw={500} data-testid="usuario-nombre">
            {sesion.name}
          </Text>
          <Badge variant="light" color="gray" radius="sm">
            {sesion.role}
          </Badge>
        </Group>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconLogout size={15} />}
          onClick={onCerrarSesion}
          loading={cerrandoSesion}
        >
          Cerrar sesión
        </Button>
      </Group>
    </Group>
  );
}
