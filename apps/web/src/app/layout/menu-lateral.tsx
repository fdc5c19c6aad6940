import { Fragment, Suspense } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { Rol } from '@tablero/domain';
import { estaImplementada, PANTALLAS } from '../pantallas';
import { entradaActiva } from './entrada-activa';
import { ICONOS_GRUPO } from './iconos-menu';
import { entradasMenu, seccionesMenu, type EntradaMenu } from './menu.logica';

const ESTILOS_ENLACE = { body: { lineHeight: 1.3 } };

function Enlace({ entrada, activa, onElegir }: { entrada: EntradaMenu; activa: boolean; onElegir?: () => void }) {
  const Icono = PANTALLAS[entrada.nombre]?.icono ?? IconPoint;
  const Insignia = PANTALLAS[entrada.nombre]?.insignia;
  return (
    <NavLink
      component={Link}
      to={entrada.path}
      label={entrada.etiqueta}
      leftSection={<Icono size={17} stroke={1.6} />}
      rightSection={
        Insignia ? (
          <Suspense fallback={null}>
            <Insignia />
          </Suspense>
        ) : undefined
      }
      active={activa}
      aria-current={activa ? 'page' : undefined}
      onClick={onElegir}
      // Dense enough that a SuperAdministrador's day (sales, shop floor, money) fits 1366 × 768 above the fold.
      py={4}
      styles={ESTILOS_ENLACE}
    />
  );
}

/**
 * Side menu: the role's entries in the route table's order (menu.logica.ts), each group's title above its entries.
 * `onElegir` runs when an entry is chosen (the overlay menu closes then, even on the entry already open).
 */
export function MenuLateral({ rol, onElegir }: { rol: Rol; onElegir?: () => void }) {
  const { pathname } = useLocation();
  const entradas = entradasMenu(rol, estaImplementada);
  const activa = entradaActiva(
    entradas.map((entrada) => entrada.path),
    pathname,
  );
  const enlaces = (lista: EntradaMenu[]) =>
    lista.map((entrada) => <Enlace key={entrada.nombre} entrada={entrada} activa={entrada.path === activa} onElegir={onElegir} />);

  return (
    <Stack gap={2} component="nav" aria-label="Menú principal">
      {seccionesMenu(entradas).map(({ grupo, entradas: delGrupo }, indice) => {
        if (!grupo) return <Fragment key={`sin-grupo-${indice}`}>{enlaces(delGrupo)}</Fragment>;
        const IconoGrupo = ICONOS_GRUPO[grupo];
        return (
          <div key={grupo} role="group" aria-label={grupo}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb={2} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <IconoGrupo size={14} stroke={1.8} aria-hidden />
              {grupo}
            </Text>
            {enlaces(delGrupo)}
          </div>
        );
      })}
    </Stack>
  );
}
