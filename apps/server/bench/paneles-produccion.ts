// The production benchmark's panels: N Socket.IO clients, as the web opens them (auth.token, WebSocket), each
// listening to its store's `notification-orden-produccion-{tienda}` and noting, for every event, the OP, the action
// and the moment it arrived (after Socket.IO parsed it, as the panel's handler sees it). They run in a worker thread of
// their own: real panels are browsers on other machines, and 200 clients parsing every event on the server's event
// loop would slow the very delivery they measure. Times are on the clock every thread shares
// (performance.timeOrigin + performance.now()), so they compare with the operators' thread's.
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { RUTA_TIEMPO_REAL } from '@tablero/domain';
import { esperarRespuestas } from './hilo-respuestas';

export interface OpcionesPaneles {
  /** One client per entry: the server it connects to (http://127.0.0.1:port) and its session's token. */
  clientes: { url: string; token: string }[];
  evento: string;
  /** Connections opened at once. */
  lote: number;
}

/** The actions of OrdenProduccionNotificada, by index (what the clients note). */
export const ACCIONES = ['generar', 'preparar', 'iniciar', 'parar', 'finalizar', 'anular', 'prioridad'] as const;

export interface ResultadoPaneles {
  /** Per client, every event in the order it arrived: triples (OP id, index in ACCIONES, arrival on the common clock, ms). */
  recibidos: Float64Array[];
  /** Connections lost before the end (each may have missed events). */
  desconexiones: number;
}

/** The clients, connected, until `cerrar`. */
export interface Paneles {
  conectados: number;
  fallidos: string[];
  /** How long connecting them all took, ms. */
  msConexion: number;
  /** Events received so far, over every client. */
  conteo(): Promise<number>;
  /** The worker thread's common clock now (to check it against this thread's). */
  reloj(): Promise<number>;
  cerrar(): Promise<ResultadoPaneles>;
}

type Respuesta =
  | { tipo: 'conectados'; conectados: number; fallidos: string[]; msConexion: number }
  | { tipo: 'conteo'; n: number }
  | { tipo: 'reloj'; t: number }
  | ({ tipo: 'resultado' } & ResultadoPaneles);
type Pedido = { tipo: 'conteo' } | { tipo: 'reloj' } | { tipo: 'cerrar' };

export const ahora = () => performance.timeOrigin + performance.now();

/** Starts the worker thread and resolves once every client connected (or failed to). */
export async function abrirPaneles(opciones: OpcionesPaneles): Promise<Paneles> {
  const hilo = new Worker(new URL(import.meta.url), { workerData: opciones });
  // One request at a time: each answer is the next message of the type asked for.
  const esperar = esperarRespuestas<Respuesta, Pedido>(hilo);
  const conexion = await esperar('conectados');
  return {
    conectados: conexion.conectados,
    fallidos: conexion.fallidos,
    msConexion: conexion.msConexion,
    conteo: async () => (await esperar('conteo', { tipo: 'conteo' })).n,
    reloj: async () => (await esperar('reloj', { tipo: 'reloj' })).t,
    cerrar: async () => {
      const { recibidos, desconexiones } = await esperar('resultado', { tipo: 'cerrar' });
      await hilo.terminate();
      return { recibidos, desconexiones };
    },
  };
}

async function correr(opciones: OpcionesPaneles, puerto: MessagePort): Promise<void> {
  const recibidos: number[][] = opciones.clientes.map(() => []);
  const sockets: Socket[] = [];
  const fallidos: string[] = [];
  let total = 0;
  let desconexiones = 0;
  let cerrando = false;
  const inicio = performance.now();
  for (let desde = 0; desde < opciones.clientes.length; desde += opciones.lote) {
    await Promise.all(
      opciones.clientes.slice(desde, desde + opciones.lote).map(
        (cliente, j) =>
          new Promise<void>((resolve) => {
            const propios = recibidos[desde + j]!;
            const socket = io(cliente.url, { path: RUTA_TIEMPO_REAL, transports: ['websocket'], auth: { token: cliente.token }, reconnection: false, forceNew: true, timeout: 10_000 });
            sockets.push(socket);
            socket.on(opciones.evento, (datos: { accion: string; orden_produccion: { id: number } }) => {
              propios.push(datos.orden_produccion.id, ACCIONES.indexOf(datos.accion as (typeof ACCIONES)[number]), ahora());
              total++;
            });
            socket.on('disconnect', () => {
              if (!cerrando) desconexiones++;
            });
            socket.once('connect', () => resolve());
            socket.once('connect_error', (error: Error) => {
              fallidos.push(error.message);
              resolve();
            });
          }),
      ),
    );
  }
  puerto.postMessage({ tipo: 'conectados', conectados: sockets.filter((s) => s.connected).length, fallidos, msConexion: performance.now() - inicio } satisfies Respuesta);
  puerto.on('message', (pedido: Pedido) => {
    if (pedido.tipo === 'conteo') puerto.postMessage({ tipo: 'conteo', n: total } satisfies Respuesta);
    else if (pedido.tipo === 'reloj') puerto.postMessage({ tipo: 'reloj', t: ahora() } satisfies Respuesta);
    else {
      cerrando = true;
      for (const socket of sockets) socket.disconnect();
      const resultado = recibidos.map((filas) => Float64Array.from(filas));
      puerto.postMessage({ tipo: 'resultado', recibidos: resultado, desconexiones } satisfies Respuesta, resultado.map((f) => f.buffer));
    }
  });
}

if (!isMainThread && parentPort) {
  void correr(workerData as OpcionesPaneles, parentPort);
}
