import { Suspense } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { accesoMenu, GRUPOS_MENU, puedeAcceder, RUTAS, type GrupoMenu, type NombreRuta, type Rol, type Ruta } from '@tablero/domain';
import { estaImplementada, PANTALLAS } from '../pantallas';
import { entradaActiva } from './entrada-activa';
import { ICONOS_GRUPO } from './iconos-menu';

interface EntradaMenu {
  nombre: NombreRuta;
  path: string;
  etiqueta: string;
  grupo: GrupoMenu | undefined;
}

/** The entries a role sees (spec 000 §2.3): screens that exist and whose menu the role may see, in RUTAS order. */
export function entradasMenu(rol: Rol): EntradaMenu[] {
  return (Object.keys(RUTAS) as NombreRuta[]).flatMap((nombre) => {
    const ruta: Ruta = RUTAS[nombre];
    if (!ruta.menu || !estaImplementada(nombre) || !puedeAcceder(rol, accesoMenu(ruta))) return [];
    return [{ nombre, path: ruta.path, etiqueta: ruta.menu.etiqueta, grupo: ruta.menu.grupo }];
  });
}

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
      py={6}
    />
  );
}

/**
 * Side menu: entries without a group first, then the groups of spec 000 §2.1 that have visible entries.
 * `onElegir` runs when an entry is chosen (the overlay menu closes then, even on the entry already open).
 */
export function MenuLateral({ rol, onElegir }: { rol: Rol; onElegir?: () => void }) {
  const { pathname } = useLocation();
  const entradas = entradasMenu(rol);
  const activa = entradaActiva(
    entradas.map((entrada) => entrada.path),
    pathname,
  );
  const sueltas = entradas.filter((entrada) => !entrada.grupo);

  return (
    <Stack gap={2} component="nav" aria-label="Menú principal">
      {sueltas.map((entrada) => (
        <Enlace key={entrada.nombre} entrada={entrada} activa={entrada.path === activa} onElegir={onElegir} />
      ))}
      {GRUPOS_MENU.map((grupo) => {
        const delGrupo = entradas.filter((entrada) => entrada.grupo === grupo);
        if (delGrupo.length === 0) return null;
        const IconoGrupo = ICONOS_GRUPO[grupo];
        return (
          <div key={grupo} role="group" aria-label={grupo}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <IconoGrupo size={14} stroke={1.8} aria-hidden />
              {grupo}
            </Text>
            {delGrupo.map((entrada) => (
              <Enlace key={entrada.nombre} entrada={entrada} activa={entrada.path === activa} onElegir={onElegir} />
            ))}
          </div>
        );
      })}
    </Stack>
  );
}
