import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { RUTA_TIEMPO_REAL, type EventosTiempoReal, type EventoTiempoReal } from '@tablero/domain';
import type { Database } from '../src/db/database';

/** Makes the app listen on a free port of 127.0.0.1 (once) and answers its base URL, for Socket.IO clients. */
export async function escuchar(app: FastifyInstance): Promise<string> {
  const direccion = app.server.address();
  if (direccion && typeof direccion === 'object') return `http://127.0.0.1:${direccion.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const nueva = app.server.address();
  if (!nueva || typeof nueva !== 'object') throw new Error('La app no escucha');
  return `http://127.0.0.1:${nueva.port}`;
}

/** The sockets a test opened, closed by `cerrarSockets` (afterEach). */
const abiertos = new Set<Socket>();

export function cerrarSockets(): void {
  for (const socket of abiertos) socket.disconnect();
  abiertos.clear();
}

/**
 * A Socket.IO client as the web opens it (auth.token; WebSocket first, long-polling when told), connected: resolves
 * once the server accepted it, rejects with the server's refusal (message and data.code).
 */
export function conectar(url: string, token: string | null, transportes: ('websocket' | 'polling')[] = ['websocket']): Promise<Socket> {
  const socket = io(url, {
    path: RUTA_TIEMPO_REAL,
    transports: transportes,
    auth: token === null ? {} : { token },
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  abiertos.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** The next `evento` the socket receives (payload), or a failure after `ms`. Listen before causing it. */
export function esperarEvento<E extends EventoTiempoReal>(socket: Socket, evento: E, ms = 5_000): Promise<EventosTiempoReal[E]> {
  return new Promise((resolve, reject) => {
    const limite = setTimeout(() => {
      socket.off(evento, alLlegar as never);
      reject(new Error(`No llegó '${evento}' en ${ms} ms`));
    }, ms);
    function alLlegar(datos: EventosTiempoReal[E]) {
      clearTimeout(limite);
      resolve(datos);
    }
    socket.once(evento, alLlegar as never);
  });
}

/** Everything `evento` brings to the socket from now on (to check what did not arrive, after a pause). */
export function recogerEventos<E extends EventoTiempoReal>(socket: Socket, evento: E): EventosTiempoReal[E][] {
  const recibidos: EventosTiempoReal[E][] = [];
  socket.on(evento, ((datos: EventosTiempoReal[E]) => recibidos.push(datos)) as never);
  return recibidos;
}

/** The server processes of this database's LISTEN connections: one per realtime adapter that listens. */
export async function conexionesEscuchando(db: Kysely<Database>): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and state = 'idle'`.execute(db);
  return rows.map((fila) => fila.pid);
}

/**
 * Waits until `instancias` server instances LISTEN on the database (each realtime adapter holds one connection that
 * did), not counting the connections `excepto` (ended ones may linger a moment): an event published before another
 * instance listens would not reach it, which is no test of the adapter.
 */
export async function esperarAdaptadores(db: Kysely<Database>, instancias: number, excepto: number[] = [], ms = 10_000): Promise<void> {
  const limite = Date.now() + ms;
  for (;;) {
    const escuchando = (await conexionesEscuchando(db)).filter((pid) => !excepto.includes(pid));
    if (escuchando.length >= instancias) return;
    if (Date.now() > limite) throw new Error(`No hay ${instancias} adaptadores escuchando`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
