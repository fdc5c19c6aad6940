import { Suspense, useState } from 'react';
import { AppShell, Button, Divider, Drawer, Tooltip, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconBuildingStore } from '@tabler/icons-react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { RUTAS, type Ruta } from '@tablero/domain';
import { CargandoPantalla } from '@/components/cargando-pantalla';
import { ProveedorDetalleVenta, type PropsDetalleVenta } from '@/components/ranura-detalle-venta';
import { AvisosDescuentos } from '@/features/descuentos';
import { AvisosCertificado } from '@/features/factura-electronica';
import { AvisosNumeracion } from '@/features/numeracion';
import { salir } from '@/features/sesion';
import { TiendaDialog, useSeleccionTienda } from '@/features/tiendas';
import { DetalleVentaPerezoso } from '@/features/ventas';
import { etiquetaTienda, terminarSesion, useSesion, type TiendaSeleccionada } from '@/lib/sesion';
import type { ManejoRuta } from '../router';
import { BarraSuperior } from './barra-superior';
import { MenuDesplazable } from './menu-desplazable';
import { MenuLateral } from './menu-lateral';

/**
 * From this width up (Mantine's md, 62em = 992 px: laptops, 1024 px landscape tablets) the menu is a column beside the
 * content, as the spec draws it. Below it (an 820 px portrait tablet) a 232 px column would leave lists about 560 px,
 * so the menu is an overlay that starts closed and never covers the content while closed.
 */
const PUNTO_ESCRITORIO = 'md';
const ANCHO_MENU = 232;

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

/** The store button at the top of the menu: shows the session's store and opens 'Ingreso a tiendas'. */
function BotonTienda({ tienda, onClick }: { tienda: TiendaSeleccionada | null; onClick: () => void }) {
  return (
    <Tooltip label="Cambiar de tienda" position="right">
      <Button
        fullWidth
        variant="light"
        justify="flex-start"
        leftSection={<IconBuildingStore size={16} />}
        onClick={onClick}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      >
        {tienda ? etiquetaTienda(tienda) : 'Seleccionar tienda'}
      </Button>
    </Tooltip>
  );
}

/** The sale detail for the features below ventas (components/ranura-detalle-venta.tsx): ventas' dialog, loaded on first use. */
const mostrarDetalleVenta = (props: PropsDetalleVenta) => <DetalleVentaPerezoso {...props} />;

/** The frame of every logged-in screen: top bar, side menu (column or overlay) with the store button, the store dialog. */
export function AppLayout() {
  const sesion = useSesion();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const colapsa = useColapsaMenu();
  const seleccion = useSeleccionTienda();
  const [cerrando, setCerrando] = useState(false);
  const theme = useMantineTheme();
  // Read at once (no first render as a phone): the column must not flash in and out on a laptop.
  const esEscritorio = useMediaQuery(`(min-width: ${theme.breakpoints[PUNTO_ESCRITORIO]})`, true, { getInitialValueInEffect: false });

  // The column opens or closes by route; the user's toggle holds until the route changes.
  const [alternado, setAlternado] = useState<{ pathname: string; abierto: boolean } | null>(null);
  const menuAbierto = alternado?.pathname === pathname ? alternado.abierto : !colapsa;
  // The overlay starts closed and closes by itself when the route changes or the screen becomes wide.
  const [movil, setMovil] = useState<{ pathname: string; abierto: boolean } | null>(null);
  const menuMovilAbierto = !esEscritorio && movil?.pathname === pathname && movil.abierto;
  const cerrarMenuMovil = () => setMovil(null);

  if (!sesion) return null;

  const cerrarSesion = async () => {
    setCerrando(true);
    await salir();
    terminarSesion();
    navigate(RUTAS.inicioSesion.path, { replace: true });
  };

  return (
    // Confirmations and notices (`modals.open…`) come only from logged-in screens and their guard.
    <ModalsProvider
      labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}
      modalProps={{ closeOnClickOutside: false, closeOnEscape: false, closeButtonProps: { 'aria-label': 'Cerrar' } }}
    >
      <AppShell
        header={{ height: 48 }}
        navbar={{ width: ANCHO_MENU, breakpoint: PUNTO_ESCRITORIO, collapsed: { desktop: !menuAbierto, mobile: true } }}
        padding="md"
      >
        <AppShell.Header>
          <BarraSuperior
            sesion={sesion}
            puntoEscritorio={PUNTO_ESCRITORIO}
            menuAbierto={menuAbierto}
            onAlternarMenu={() => setAlternado({ pathname, abierto: !menuAbierto })}
            menuMovilAbierto={menuMovilAbierto}
            onAlternarMenuMovil={() => setMovil({ pathname, abierto: !menuMovilAbierto })}
            onCerrarSesion={() => void cerrarSesion()}
            cerrandoSesion={cerrando}
          />
        </AppShell.Header>
        {/* Only one menu in the page at a time: the column when wide, the overlay otherwise. */}
        {esEscritorio ? (
          <AppShell.Navbar p="xs" aria-label="Menú lateral">
            <AppShell.Section>
              <BotonTienda tienda={seleccion.tienda} onClick={seleccion.abrir} />
              <Divider my="xs" />
            </AppShell.Section>
            <AppShell.Section grow style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
              <MenuDesplazable>
                <MenuLateral rol={sesion.role} />
              </MenuDesplazable>
            </AppShell.Section>
          </AppShell.Navbar>
        ) : (
          // Not a Modal: Escape and a click outside close it (the theme keeps those off for modals only, spec 000 §9).
          <Drawer
            opened={menuMovilAbierto}
            onClose={cerrarMenuMovil}
            title="Menú"
            size={ANCHO_MENU + 48}
            padding="xs"
            closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
            styles={{ title: { fontWeight: 700, color: 'var(--mantine-color-marca-8)' } }}
          >
            <BotonTienda
              tienda={seleccion.tienda}
              onClick={() => {
                cerrarMenuMovil();
                seleccion.abrir();
              }}
            />
            <Divider my="xs" />
            <MenuLateral rol={sesion.role} onElegir={cerrarMenuMovil} />
          </Drawer>
        )}
        <AppShell.Main>
          {/* Slots the frame fills for features that may not import the feature they show (docs/architecture.md §5). */}
          <ProveedorDetalleVenta value={mostrarDetalleVenta}>
            <Suspense fallback={<CargandoPantalla />}>
              <Outlet />
            </Suspense>
          </ProveedorDetalleVenta>
        </AppShell.Main>
        {/* Realtime notices of the session (they render nothing themselves). */}
        <AvisosDescuentos />
        <Suspense fallback={null}>
          <AvisosNumeracion />
          <AvisosCertificado />
        </Suspense>
        <TiendaDialog
          opened={seleccion.abierto}
          onClose={seleccion.cerrar}
          tiendas={seleccion.tiendas}
          cargando={seleccion.cargando}
          tiendaActual={seleccion.tienda}
          onSeleccionar={seleccion.seleccionar}
        />
      </AppShell>
    </ModalsProvider>
  );
}
