import { useSyncExternalStore } from 'react';
import { ERRORES, usuarioSesionSchema, type TiendaUsuario, type UsuarioSesion } from '@tablero/domain';
import { queryClient } from './query-client';
import { notificarError } from './notificaciones';

/**
 * The session (token and user, spec 000 §3) and the selected store live in localStorage, so a
 * reload keeps them. Components read them through useSesion/useTienda and re-render when they
 * change: clearing the session is what sends every screen back to the login page (the guards react).
 */
const CLAVE_SESION = 'tablero.sesion';
const CLAVE_TIENDA = 'tablero.tienda';

export type TiendaSeleccionada = Pick<TiendaUsuario, 'codigo_tienda' | 'nombre_tienda'>;

/** The store is kept per user: another user logging in on the same browser does not inherit it. */
interface TiendaGuardada extends TiendaSeleccionada {
  user_id: number;
}

const oyentes = new Set<() => void>();

function avisar() {
  for (const oyente of oyentes) oyente();
}

function suscribir(oyente: () => void) {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

// Another tab logging in or out changes what this tab sees too. Outside a browser there is no other tab: the web's unit
// tests import screens' pure parts through their features' doors, which reach this module (a document link).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (evento) => {
    if (evento.key === CLAVE_SESION || evento.key === CLAVE_TIENDA || evento.key === null) {
      cacheSesion = undefined;
      cacheTienda = undefined;
      avisar();
    }
  });
}

function leerJson(clave: string): unknown {
  try {
    const texto = localStorage.getItem(clave);
    return texto ? (JSON.parse(texto) as unknown) : null;
  } catch {
    return null;
  }
}

export function sesionExpirada(sesion: Pick<UsuarioSesion, 'expira_en'>, ahora = Date.now()): boolean {
  const expira = Date.parse(sesion.expira_en);
  return Number.isNaN(expira) || expira <= ahora;
}

// useSyncExternalStore needs the same object while nothing changed.
let cacheSesion: UsuarioSesion | null | undefined;
let cacheTienda: TiendaGuardada | null | undefined;

function sesionGuardada(): UsuarioSesion | null {
  if (cacheSesion === undefined) {
    const leida = usuarioSesionSchema.safeParse(leerJson(CLAVE_SESION));
    cacheSesion = leida.success ? leida.data : null;
  }
  return cacheSesion;
}

/** The stored session, or null when there is none or its time is over (spec 000 §7: expiry checked locally). */
export function leerSesion(): UsuarioSesion | null {
  const sesion = sesionGuardada();
  return sesion && !sesionExpirada(sesion) ? sesion : null;
}

export function guardarSesion(sesion: UsuarioSesion) {
  localStorage.setItem(CLAVE_SESION, JSON.stringify(sesion));
  cacheSesion = sesion;
  avisar();
}

/** The selected store of the logged-in user, or null. */
export function leerTienda(): TiendaSeleccionada | null {
  if (cacheTienda === undefined) {
    const valor = leerJson(CLAVE_TIENDA) as Partial<TiendaGuardada> | null;
    cacheTienda =
      valor && typeof valor.codigo_tienda === 'string' && typeof valor.nombre_tienda === 'string' && typeof valor.user_id === 'number'
        ? (valor as TiendaGuardada)
        : null;
  }
  const sesion = leerSesion();
  return cacheTienda && sesion && cacheTienda.user_id === sesion.id ? cacheTienda : null;
}

export function guardarTienda(tienda: TiendaSeleccionada) {
  const sesion = leerSesion();
  if (!sesion) return;
  const guardada: TiendaGuardada = { codigo_tienda: tienda.codigo_tienda, nombre_tienda: tienda.nombre_tienda, user_id: sesion.id };
  localStorage.setItem(CLAVE_TIENDA, JSON.stringify(guardada));
  cacheTienda = guardada;
  avisar();
}

export function limpiarTienda() {
  localStorage.removeItem(CLAVE_TIENDA);
  cacheTienda = null;
  avisar();
}

/**
 * Ends the session on this browser: forgets the token and every cached answer, and shows the
 * reason when there is one. The store choice stays (it is kept per user) for the next login.
 * Returns false when there was no session left to end, so callers do not repeat the toast.
 */
export function terminarSesion(mensaje?: string): boolean {
  const habia = sesionGuardada() !== null;
  localStorage.removeItem(CLAVE_SESION);
  cacheSesion = null;
  queryClient.clear();
  avisar();
  if (habia && mensaje) notificarError(mensaje);
  return habia;
}

/**
 * Ends a stored session whose time is over (spec 000 §7: token expiry is checked locally), with the
 * same message the server gives for an expired token. Called on load, before each call and by a timer.
 * Returns true when it ended one.
 */
export function revisarVencimiento(): boolean {
  const sesion = sesionGuardada();
  if (sesion && sesionExpirada(sesion)) {
    terminarSesion(ERRORES.SESION_EXPIRADA.mensaje);
    return true;
  }
  return false;
}

/** The current session; re-renders when it starts or ends. */
export function useSesion(): UsuarioSesion | null {
  return useSyncExternalStore(suscribir, leerSesion);
}

/** The selected store; re-renders when it changes. */
export function useTienda(): TiendaSeleccionada | null {
  return useSyncExternalStore(suscribir, leerTienda);
}

/** 'codigo - nombre', as the menu and the store dialog show a store (spec 000 §3). */
export function etiquetaTienda(tienda: TiendaSeleccionada): string {
  return `${tienda.codigo_tienda} - ${tienda.nombre_tienda}`;
}
