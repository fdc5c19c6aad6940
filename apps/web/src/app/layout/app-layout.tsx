import { Suspense, useState } from 'react';
import { AppShell, Button, Divider, ScrollArea, Tooltip } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { RUTAS, type Ruta } from '@tablero/domain';
import { CargandoPantalla } from '@/components/cargando-pantalla';
import { salir } from '@/features/sesion/api/salir';
import { TiendaDialog } from '@/features/tiendas/components/tienda-dialog';
import { useSeleccionTienda } from '@/features/tiendas/components/use-seleccion-tienda';
import { etiquetaTienda, terminarSesion, useSesion } from '@/lib/sesion';
import type { ManejoRuta } from '../router';
import { BarraSuperior } from './barra-superior';
import { MenuLateral } from './menu-lateral';

/** Whether the current route asks for the menu collapsed (spec 000 §2.3: billing list, sales form, production panel). */
function useColapsaMenu(): boolean {
  const coincidencias = useMatches();
  const nombre = coincidencias
    .map((coincidencia) => (coincidencia.handle as ManejoRuta | undefined)?.ruta)
    .filter((ruta) => ruta !== undefined)
    .at(-1);
  if (!nombre) return false;
  const ruta: Ruta = RUTAS[nombre];
  return ruta.colapsaMenu === true;
}

/** The frame of every logged-in screen: top bar, side menu with the store button, the store dialog. */
export function AppLayout() {
  const sesion = useSesion();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const colapsa = useColapsaMenu();
  const seleccion = useSeleccionTienda();
  const [cerrando, setCerrando] = useState(false);

  // The menu opens or closes by route; the user's toggle holds until the route changes.
  const [alternado, setAlternado] = useState<{ pathname: string; abierto: boolean } | null>(null);
  const menuAbierto = alternado?.pathname === pathname ? alternado.abierto : !colapsa;
  const [movil, setMovil] = useState<{ pathname: string; abierto: boolean } | null>(null);
  const menuMovilAbierto = movil?.pathname === pathname && movil.abierto;

  if (!sesion) return null;

  const cerrarSesion = async () => {
    setCerrando(true);
    await salir();
    terminarSesion();
    navigate(RUTAS.inicioSesion.path, { replace: true });
  };

  return (
    <AppShell
      header={{ height: 48 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { desktop: !menuAbierto, mobile: !menuMovilAbierto } }}
      padding="md"
    >
      <AppShell.Header>
        <BarraSuperior
          sesion={sesion}
          menuAbierto={menuAbierto}
          onAlternarMenu={() => setAlternado({ pathname, abierto: !menuAbierto })}
          menuMovilAbierto={menuMovilAbierto}
          onAlternarMenuMovil={() => setMovil({ pathname, abierto: !menuMovilAbierto })}
          onCerrarSesion={() => void cerrarSesion()}
          cerrandoSesion={cerrando}
        />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menú lateral">
        <AppShell.Section>
          <Tooltip label="Cambiar de tienda" position="right">
            <Button
              fullWidth
              variant="light"
              justify="flex-start"
              leftSection={<IconBuildingStore size={16} />}
              onClick={seleccion.abrir}
              styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
            >
              {seleccion.tienda ? etiquetaTienda(seleccion.tienda) : 'Seleccionar tienda'}
            </Button>
          </Tooltip>
          <Divider my="xs" />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} type="scroll">
          <MenuLateral rol={sesion.role} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<CargandoPantalla />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <TiendaDialog
        opened={seleccion.abierto}
        onClose={seleccion.cerrar}
        tiendas={seleccion.tiendas}
        cargando={seleccion.cargando}
        tiendaActual={seleccion.tienda}
        onSeleccionar={seleccion.seleccionar}
      />
    </AppShell>
  );
}
