import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import {
  NAMESPACE_PUBLICO,
  RUTA_TIEMPO_REAL,
  type EventoDespachoPublico,
  type TableroPublicoDespachos,
  type TurnoPublicoNotificado,
} from '@tablero/domain';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { raicesConsulta } from '@/lib/claves-consulta';

/**
 * The public dispatch board's server side (docs/decisions-despachos.md "API" and "Live"): the store's page of turns
 * (no token) and its public live channel. A TV across the shop runs this for days with nobody to click anything, so
 * every failure is retried on its own and nothing shows a toast.
 */

export const clavesTableroPublico = {
  /** Apart from the staff screens' keys: nothing they invalidate concerns the board, nor the other way round. */
  todas: raicesConsulta.despachosPublico,
  tienda: (tienda: string) => [...clavesTableroPublico.todas, tienda] as const,
  pagina: (tienda: string, pagina: number) => [...clavesTableroPublico.tienda(tienda), pagina] as const,
};

/** GET public/despachos/turnos?codigo_tienda&page: no session, no store header, no toast, no logout on a refusal. */
export async function getTableroPublico(tienda: string, pagina: number, signal?: AbortSignal): Promise<TableroPublicoDespachos> {
  const respuesta = await api.get<TableroPublicoDespachos>('public/despachos/turnos', {
    query: { codigo_tienda: tienda, page: pagina },
    sinAutenticacion: true,
    silencioso: true,
    ...(signal ? { signal } : {}),
  });
  return respuesta.data;
}

/** The store of the address does not exist, is inactive (404) or is not a store code at all (422): retrying is useless. */
export function esTiendaNoEncontrada(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422);
}

const REINTENTO_MS = 5_000;

/**
 * One page of the board. The previous page stays on screen while the next one loads (no blank flash on the TV); a
 * failure other than an unknown store is retried every few seconds forever; and the page is re-read each minute
 * besides the live events, in case one was lost.
 */
export const useTableroPublico = (tienda: string | null, pagina: number) =>
  useQuery({
    queryKey: clavesTableroPublico.pagina(tienda ?? '', pagina),
    queryFn: ({ signal }) => getTableroPublico(tienda!, pagina, signal),
    enabled: tienda !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: 60_000,
    retry: (_fallos, error) => !esTiendaNoEncontrada(error),
    retryDelay: REINTENTO_MS,
  });

const EVENTOS: readonly EventoDespachoPublico[] = ['new_dispatch', 'assign_dispatch', 'remove_dispatch'];

function esTurno(datos: unknown): datos is TurnoPublicoNotificado {
  if (!datos || typeof datos !== 'object') return false;
  const turno = datos as Partial<TurnoPublicoNotificado>;
  return typeof turno.venta_id === 'number' && typeof turno.numero_turno === 'number' && typeof turno.cliente === 'string';
}

export interface ManejadoresCanalPublico {
  /** A turn of the store was created, called or dispatched/withdrawn. */
  alEvento: (evento: EventoDespachoPublico, turno: TurnoPublicoNotificado) => void;
  /** Every connect, the first one included: what happened while offline is never replayed, so the list is read again. */
  alConectar: () => void;
}

/** 'conectando' until the first connect or failure, so the board does not flash 'Sin conexión' while it starts. */
export type EstadoCanal = 'conectando' | 'conectado' | 'sin_conexion';

/**
 * The store's public live channel while mounted: namespace /publico with `auth.tienda` and no token (the staff's
 * socket in lib/tiempo-real.ts is another connection). socket.io-client is fetched on first use, like the staff's, so
 * no other page downloads it. Socket.IO reconnects by itself after a dropped connection; a handshake the server
 * refused (database down for a moment) or a disconnect the server asked for is not retried by the library, so it is
 * retried here every few seconds: the TV must come back on its own. Answers the channel's state.
 */
export function useCanalPublico(tienda: string | null, manejadores: ManejadoresCanalPublico): EstadoCanal {
  const [estado, setEstado] = useState<EstadoCanal>('conectando');
  // A failed fetch of the library (offline when the TV started) is tried again by running the effect again.
  const [intento, setIntento] = useState(0);
  const actuales = useRef(manejadores);
  useEffect(() => {
    actuales.current = manejadores;
  });

  useEffect(() => {
    if (!tienda) return;
    let cerrado = false;
    let socket: Socket | null = null;
    let reintento: ReturnType<typeof setTimeout> | undefined;
    const reintentar = () => {
      clearTimeout(reintento);
      reintento = setTimeout(() => {
        if (cerrado) return;
        if (socket) {
          if (!socket.active) socket.connect();
        } else {
          setIntento((n) => n + 1);
        }
      }, REINTENTO_MS);
    };

    import('socket.io-client')
      .then(({ io }) => {
        if (cerrado) return;
        const nuevo = io(NAMESPACE_PUBLICO, {
          path: RUTA_TIEMPO_REAL,
          transports: ['websocket', 'polling'],
          tryAllTransports: true,
          auth: { tienda },
        });
        socket = nuevo;
        nuevo.on('connect', () => {
          setEstado('conectado');
          actuales.current.alConectar();
        });
        nuevo.on('disconnect', () => {
          setEstado('sin_conexion');
          if (!nuevo.active) reintentar();
        });
        nuevo.on('connect_error', () => {
          setEstado('sin_conexion');
          if (!nuevo.active) reintentar();
        });
        for (const evento of EVENTOS) {
          nuevo.on(evento, (datos: unknown) => {
            if (esTurno(datos)) actuales.current.alEvento(evento, datos);
          });
        }
      })
      .catch(() => {
        if (cerrado) return;
        setEstado('sin_conexion');
        reintentar();
      });

    return () => {
      cerrado = true;
      clearTimeout(reintento);
      socket?.disconnect();
      socket = null;
    };
  }, [tienda, intento]);

  return estado;
}
