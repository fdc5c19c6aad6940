import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { puedeAcceder, RUTAS, type NombreRuta, type Ruta } from '@tablero/domain';
import { cerrarDialogosDeOtraPantalla } from '@/components/confirmar';
import { revisarVencimiento, useSesion } from '@/lib/sesion';
import { avisarAccesoNoPermitido } from './acceso-no-permitido';

/** The longest delay setTimeout accepts (about 24.8 days). */
const ESPERA_MAXIMA_MS = 2 ** 31 - 1;

/**
 * A guard's redirect: to `destino`, replacing the address, again at every address change while it is shown. React
 * Router's <Navigate> redirects only when it mounts, and a guard's <Navigate> can stay mounted across address changes:
 * logging out, then Back or an address typed before the login page had shown, left one from the first redirect,
 * overtaken by the newer change, which never fired again and left a blank screen (docs/decisions.md "Un guardia
 * redirige en cada cambio de dirección").
 */
function Redirigir({ destino }: { destino: string }) {
  const ubicacion = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(destino, { replace: true });
  }, [destino, ubicacion, navigate]);
  return null;
}

/** spec 000 §2.1: the login page is for visitors only; a logged-in user is sent home. */
export function SoloVisitantes() {
  const sesion = useSesion();
  return sesion ? <Redirigir destino={RUTAS.inicio.path} /> : <Outlet />;
}

/**
 * spec 000 §6: a user who is not logged in is sent to the login page. The session also ends by
 * itself when its token's time is over (spec 000 §7: expiry checked locally), even with no call made. Every
 * logged-in screen is under it, so it also closes the global dialogs of the screen left.
 */
export function RequiereSesion() {
  const sesion = useSesion();
  const expiraEn = sesion?.expira_en;
  const { pathname } = useLocation();

  // A global dialog (a confirmation, 'Acceso no permitido') belongs to its screen: moving to another closes it.
  useEffect(() => cerrarDialogosDeOtraPantalla(pathname), [pathname]);

  useEffect(() => {
    if (!expiraEn) return;
    const restante = Date.parse(expiraEn) - Date.now();
    const temporizador = window.setTimeout(() => revisarVencimiento(), Math.min(Math.max(restante, 0) + 250, ESPERA_MAXIMA_MS));
    return () => window.clearTimeout(temporizador);
  }, [expiraEn]);

  return sesion ? <Outlet /> : <Redirigir destino={RUTAS.inicioSesion.path} />;
}

/** spec 000 §2.1: a role not allowed on the route sees 'Acceso no permitido' and is sent home. */
export function RequiereRol({ nombre, children }: { nombre: NombreRuta; children: ReactNode }) {
  const sesion = useSesion();
  const ruta: Ruta = RUTAS[nombre];
  const permitido = puedeAcceder(sesion?.role, ruta.acceso);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!permitido) avisarAccesoNoPermitido(pathname);
  }, [permitido, pathname]);

  return permitido ? children : <Redirigir destino={RUTAS.inicio.path} />;
}
