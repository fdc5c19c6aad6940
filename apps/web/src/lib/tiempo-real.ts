import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { RUTA_TIEMPO_REAL, type EventosTiempoReal, type EventoTiempoReal } from '@tablero/domain';
import { useSesion } from './sesion';

/**
 * Realtime (docs/architecture.md "Tiempo real"): one Socket.IO connection per logged-in session, opened with the
 * session's token while some screen listens (the frame always does), closed on logout and opened again when the
 * token changes. socket.io-client is fetched with a dynamic import the first time, so the login page never
 * downloads it. Events are notices: a screen that shows server state reads it again after a reconnect
 * (useReconexion), since what happened while offline is never replayed.
 */

type Oyente = (datos: unknown) => void;

const oyentes = new Map<string, Set<Oyente>>();
const alReconectar = new Set<() => void>();

/** Codes of a refused handshake that say "try later", not "this session is over". */
const REINTENTABLES = new Set(['BASE_DATOS_NO_DISPONIBLE', 'ERROR_INTERNO']);
const REINTENTO_MS = 5_000;

let socket: Socket | null = null;
/** The token of the socket open or being opened; null when none. */
let tokenActual: string | null = null;
/** How many mounted hooks want the connection. */
let usos = 0;
let reintento: ReturnType<typeof setTimeout> | undefined;

function abrir(token: string) {
  tokenActual = token;
  import('socket.io-client')
    .then(({ io }) => {
      // The session changed or ended while the library loaded.
      if (tokenActual !== token || socket) return;
      const nuevo = io({
        path: RUTA_TIEMPO_REAL,
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        auth: { token },
      });
      let conectadoAntes = false;
      nuevo.on('connect', () => {
        if (conectadoAntes) for (const manejador of [...alReconectar]) manejador();
        conectadoAntes = true;
      });
      nuevo.on('connect_error', (error: Error & { data?: { code?: string } }) => {
        // A refused handshake is not retried by the client; a database that did not answer is, later. A session
        // that is over is not: the next API call logs the user out.
        if (!nuevo.active && REINTENTABLES.has(error.data?.code ?? '')) {
          clearTimeout(reintento);
          reintento = setTimeout(() => {
            if (socket === nuevo) nuevo.connect();
          }, REINTENTO_MS);
        }
      });
      nuevo.onAny((evento: string, datos: unknown) => {
        for (const oyente of [...(oyentes.get(evento) ?? [])]) oyente(datos);
      });
      socket = nuevo;
    })
    .catch(() => {
      // The library could not be fetched (offline): the next screen that listens tries again.
      if (tokenActual === token) tokenActual = null;
    });
}

function cerrar() {
  clearTimeout(reintento);
  socket?.disconnect();
  socket = null;
  tokenActual = null;
}

/** Keeps the connection open with `token` while the caller is mounted. */
function usar(token: string): () => void {
  usos += 1;
  if (tokenActual !== token) {
    cerrar();
    abrir(token);
  }
  return () => {
    usos -= 1;
    // After the current render pass: a screen replacing another (or StrictMode's second mount) keeps the socket.
    setTimeout(() => {
      if (usos === 0) cerrar();
    }, 0);
  };
}

/** Opens (or keeps) the session's connection while mounted; nothing without a session. */
function useConexion() {
  const token = useSesion()?.token ?? null;
  useEffect(() => (token ? usar(token) : undefined), [token]);
}

/** Calls `manejador` with the payload of each `evento` the server pushes to this session, while mounted. */
export function useEventoTiempoReal<E extends EventoTiempoReal>(evento: E, manejador: (datos: EventosTiempoReal[E]) => void) {
  useConexion();
  const actual = useRef(manejador);
  useEffect(() => {
    actual.current = manejador;
  });
  useEffect(() => {
    const oyente: Oyente = (datos) => actual.current(datos as EventosTiempoReal[E]);
    const delEvento = oyentes.get(evento) ?? new Set<Oyente>();
    oyentes.set(evento, delEvento);
    delEvento.add(oyente);
    return () => {
      delEvento.delete(oyente);
    };
  }, [evento]);
}

/** Calls `manejador` after the connection comes back (not on the first connect): read again what may have changed. */
export function useReconexion(manejador: () => void) {
  useConexion();
  const actual = useRef(manejador);
  useEffect(() => {
    actual.current = manejador;
  });
  useEffect(() => {
    const oyente = () => actual.current();
    alReconectar.add(oyente);
    return () => {
      alReconectar.delete(oyente);
    };
  }, []);
}
