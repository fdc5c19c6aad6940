import { SUPER_ADMINISTRADOR, type Rol } from './roles';

/**
 * Who may open a screen or call an API route:
 * - 'publico': anyone, logged in or not (public board, public documents, login call);
 * - 'visitante': only someone not logged in (the login screen);
 * - 'autenticado': any logged-in user;
 * - a list of roles: those roles, plus SuperAdministrador, who passes every check.
 */
export type Acceso = 'publico' | 'visitante' | 'autenticado' | readonly Rol[];

/** The one access rule, read by the server's guard, the web route guard and the menu. */
export function puedeAcceder(rol: Rol | null | undefined, acceso: Acceso): boolean {
  if (acceso === 'publico') return true;
  if (acceso === 'visitante') return rol == null;
  if (rol == null) return false;
  if (acceso === 'autenticado') return true;
  return rol === SUPER_ADMINISTRADOR || acceso.includes(rol);
}
