import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { puedeAcceder, RUTAS, type NombreRuta, type Ruta } from '@tablero/domain';
import { cerrarDialogosDeOtraPantalla } from '@/components/confirmar';
import { revisarVencimiento, useSesion } from '@/lib/sesion';
import { avisarAccesoNoPermitido } from './acceso-no-permitido';

/** The longest delay setTimeout accepts (about 24.8 days). */
const ESPERA_MAXIMA_MS = 2 ** 31 - 1;

/** spec 000 §2.1: the login page is for visitors only; a logged-in user is sent home. */
export function SoloVisitantes() {
  const sesion = useSesion();
  return sesion ? <Navigate to={RUTAS.inicio.path} replace /> : <Outlet />;
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

  return sesion ? <Outlet /> : <Navigate to={RUTAS.inicioSesion.path} replace />;
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

  return permitido ? children : <Navigate to={RUTAS.inicio.path} replace />;
}
