// The dispatch benchmark's worker threads (bench/despachos-bench.ts), each off the server's event loop: real boards
// and dispatchers are browsers on other machines, and their sockets' parsing or their requests' building on the
// server's loop would slow the very delivery they measure.
//   - `abrirTableros`: the public boards (namespace /publico, handshake auth { tienda }, no token, as the shop's TV
//     opens it) and a few staff sockets (auth { token }, listening to notification-despacho-{tienda}, as the Despachos
//     screen does). For every event each notes the sale, the kind of change and the moment it arrived (after
//     Socket.IO parsed it, as the page's handler sees it).
//   - `despachar`: the dispatchers. Each takes its next pending sale and bills it (POST facturas/{id}/forma-pago: the
//     turn is created), calls it (GET despachos/turnos/{ventaId}/{userId}/venta) and dispatches it (POST
//     despachos/guardar with a messenger), with a pause between steps, noting when each request was sent and answered.
// Times are on the clock every thread shares (performance.timeOrigin + performance.now()), so they compare.
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { eventoDespacho, NAMESPACE_PUBLICO, RUTA_TIEMPO_REAL, type DespachoNotificado, type TurnoPublicoNotificado } from '@tablero/domain';
import { esperarRespuestas } from './hilo-respuestas';

/** The kinds of change, by index (what the clients note): the staff notice's `accion`; the board's event maps onto them. */
export const CLASES = ['crear', 'llamar', 'despachar', 'retirar'] as const;
export type Clase = (typeof CLASES)[number];
/** The board's events (remove_dispatch is a dispatch here: nothing is withdrawn in the run). */
const CLASE_PUBLICA: Record<string, number> = { new_dispatch: 0, assign_dispatch: 1, remove_dispatch: 2 };

export const ahora = () => performance.timeOrigin + performance.now();
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The boards and the staff sockets.

export interface ClienteTablero {
  /** The server it connects to (http://127.0.0.1:port). */
  url: string;
  /** A public board (no token) or a staff screen (the session's token). */
  tipo: 'publico' | 'staff';
  token?: string;
}

export interface OpcionesTableros {
  clientes: ClienteTablero[];
  tienda: string;
  /** Connections opened at once. */
  lote: number;
}

export interface ResultadoTableros {
  /** Per client, every event in the order it arrived: triples (sale id, index in CLASES, arrival on the common clock, ms). */
  recibidos: Float64Array[];
  /** Events of another name, or whose payload names another store (boards only listen to their store's three). */
  ajenos: number;
  /** Connections lost before the end (each may have missed events). */
  desconexiones: number;
}

/** The clients, connected, until `cerrar`. */
export interface Tableros {
  conectados: number;
  fallidos: string[];
  msConexion: number;
  /** Events received so far, over every client. */
  conteo(): Promise<number>;
  /** The worker thread's common clock now (to check it against this thread's). */
  reloj(): Promise<number>;
  cerrar(): Promise<ResultadoTableros>;
}

type RespuestaTableros =
  | { tipo: 'conectados'; conectados: number; fallidos: string[]; msConexion: number }
  | { tipo: 'conteo'; n: number }
  | { tipo: 'reloj'; t: number }
  | ({ tipo: 'resultado' } & ResultadoTableros);
type PedidoTableros = { tipo: 'conteo' } | { tipo: 'reloj' } | { tipo: 'cerrar' };
type DatosHilo = { rol: 'tableros'; opciones: OpcionesTableros } | { rol: 'despachadores'; opciones: OpcionesDespachadores };

/** Starts the boards' thread and resolves once every client connected (or failed to). */
export async function abrirTableros(opciones: OpcionesTableros): Promise<Tableros> {
  const hilo = new Worker(new URL(import.meta.url), { workerData: { rol: 'tableros', opciones } satisfies DatosHilo });
  // One request at a time: each answer is the next message of the type asked for.
  const esperar = esperarRespuestas<RespuestaTableros, PedidoTableros>(hilo);
  const conexion = await esperar('conectados');
  return {
    conectados: conexion.conectados,
    fallidos: conexion.fallidos,
    msConexion: conexion.msConexion,
    conteo: async () => (await esperar('conteo', { tipo: 'conteo' })).n,
    reloj: async () => (await esperar('reloj', { tipo: 'reloj' })).t,
    cerrar: async () => {
      const { recibidos, ajenos, desconexiones } = await esperar('resultado', { tipo: 'cerrar' });
      await hilo.terminate();
      return { recibidos, ajenos, desconexiones };
    },
  };
}

async function correrTableros(opciones: OpcionesTableros, puerto: MessagePort): Promise<void> {
  const recibidos: number[][] = opciones.clientes.map(() => []);
  const sockets: Socket[] = [];
  const fallidos: string[] = [];
  let total = 0;
  let ajenos = 0;
  let desconexiones = 0;
  let cerrando = false;
  const inicio = performance.now();
  const abrir = (cliente: ClienteTablero, propios: number[]) =>
    new Promise<void>((resolve) => {
      const comunes = { path: RUTA_TIEMPO_REAL, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 10_000 };
      const socket =
        cliente.tipo === 'publico'
          ? io(`${cliente.url}${NAMESPACE_PUBLICO}`, { ...comunes, auth: { tienda: opciones.tienda } })
          : io(cliente.url, { ...comunes, auth: { token: cliente.token } });
      sockets.push(socket);
      if (cliente.tipo === 'publico') {
        // Everything the board receives: an event that is not one of the three, or of another store, is counted.
        socket.onAny((evento: string, datos: TurnoPublicoNotificado) => {
          const clase = CLASE_PUBLICA[evento];
          if (clase === undefined || datos?.codigo_tienda !== opciones.tienda) {
            ajenos++;
            return;
          }
          propios.push(datos.venta_id, clase, ahora());
          total++;
        });
      } else {
        socket.on(eventoDespacho(opciones.tienda), (datos: DespachoNotificado) => {
          propios.push(datos.venta_id, CLASES.indexOf(datos.accion), ahora());
          total++;
        });
      }
      socket.on('disconnect', () => {
        if (!cerrando) desconexiones++;
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error: Error) => {
        fallidos.push(error.message);
        resolve();
      });
    });
  for (let desde = 0; desde < opciones.clientes.length; desde += opciones.lote) {
    await Promise.all(opciones.clientes.slice(desde, desde + opciones.lote).map((cliente, j) => abrir(cliente, recibidos[desde + j]!)));
  }
  puerto.postMessage({
    tipo: 'conectados',
    conectados: sockets.filter((s) => s.connected).length,
    fallidos,
    msConexion: performance.now() - inicio,
  } satisfies RespuestaTableros);
  puerto.on('message', (pedido: PedidoTableros) => {
    if (pedido.tipo === 'conteo') puerto.postMessage({ tipo: 'conteo', n: total } satisfies RespuestaTableros);
    else if (pedido.tipo === 'reloj') puerto.postMessage({ tipo: 'reloj', t: ahora() } satisfies RespuestaTableros);
    else {
      cerrando = true;
      for (const socket of sockets) socket.disconnect();
      const resultado = recibidos.map((filas) => Float64Array.from(filas));
      puerto.postMessage({ tipo: 'resultado', recibidos: resultado, ajenos, desconexiones } satisfies RespuestaTableros, resultado.map((f) => f.buffer));
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The dispatchers.

export interface TrabajoDespachador {
  token: string;
  /** The session's user: the call's {userId}. */
  userId: number;
  /** Its pending sales, in the order it takes them, with the total the bill pays. */
  ventas: { id: number; total: number }[];
}

export interface OpcionesDespachadores {
  /** The API's base address, e.g. http://127.0.0.1:3000/api. */
  base: string;
  codigoTienda: string;
  trabajos: TrabajoDespachador[];
  /** The messenger (tercero MSJ) every dispatch names. */
  mensajeroId: number;
  /** No new sale is taken after this long; a sale taken is carried to its dispatch (no turn is left half way). */
  duracionMs: number;
  /** Pause after each step, ms: each dispatcher waits between 0.5 and 1.5 times this (they do not work in step). */
  pausaMs: number;
}

export type Paso = 'facturar' | 'llamar' | 'despachar';
/** The change each step causes (its index in CLASES is the event the clients note). */
export const CLASE_DE_PASO: Record<Paso, Clase> = { facturar: 'crear', llamar: 'llamar', despachar: 'despachar' };

export interface Solicitud {
  despachador: number;
  ventaId: number;
  paso: Paso;
  enviado: number;
  respondido: number;
  estado: number;
  /** The start of the answer when it was not a 200. */
  error?: string;
}

export interface ResultadoDespachadores {
  solicitudes: Solicitud[];
  /** Dispatchers who ran out of pending sales before the time was over. */
  sinVentas: number;
  segundos: number;
}

/** Runs the dispatchers in a worker thread and answers their requests. */
export function despachar(opciones: OpcionesDespachadores): Promise<ResultadoDespachadores> {
  return new Promise((resolve, reject) => {
    const hilo = new Worker(new URL(import.meta.url), { workerData: { rol: 'despachadores', opciones } satisfies DatosHilo });
    hilo.once('message', (resultado: ResultadoDespachadores) => {
      resolve(resultado);
      void hilo.terminate();
    });
    hilo.once('error', reject);
  });
}

/** Cash for the whole total, handed over in 10,000 bills. */
function cuerpoFactura(total: number): object {
  return {
    crear_factura_siigo: false,
    crear_venta_credito: false,
    modo_factura: 'C',
    formaPagoList: [{ id_forma_pago: 1, valor_pagado: total }],
    valor_recibido: Math.ceil(total / 10_000) * 10_000,
  };
}

async function correrDespachadores(opciones: OpcionesDespachadores): Promise<ResultadoDespachadores> {
  const base = new URL(opciones.base);
  const agente = new Agent({ keepAlive: true, maxSockets: opciones.trabajos.length + 2 });
  const llamar = (token: string, metodo: 'GET' | 'POST', ruta: string, cuerpo?: object) =>
    new Promise<{ estado: number; texto: string }>((resolve, reject) => {
      const texto = cuerpo ? JSON.stringify(cuerpo) : '';
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${ruta}`,
          method: metodo,
          agent: agente,
          headers: {
            authorization: `Bearer ${token}`,
            'x-codigo-tienda': opciones.codigoTienda,
            ...(cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) } : {}),
          },
        },
        (respuesta) => {
          const partes: Buffer[] = [];
          respuesta.on('data', (parte: Buffer) => partes.push(parte));
          respuesta.on('end', () => resolve({ estado: respuesta.statusCode ?? 0, texto: Buffer.concat(partes).toString() }));
        },
      );
      solicitud.on('error', reject);
      solicitud.end(texto);
    });

  const solicitudes: Solicitud[] = [];
  let sinVentas = 0;
  const inicio = performance.now();
  const hasta = Date.now() + opciones.duracionMs;
  await Promise.all(
    opciones.trabajos.map(async (trabajo, despachador) => {
      // Dispatchers start at different moments, as people do.
      await pausa(Math.random() * opciones.pausaMs);
      ventas: for (const venta of trabajo.ventas) {
        if (Date.now() >= hasta) return;
        const pasos: [Paso, 'GET' | 'POST', string, object | undefined][] = [
          ['facturar', 'POST', `/facturas/${venta.id}/forma-pago`, cuerpoFactura(venta.total)],
          ['llamar', 'GET', `/despachos/turnos/${venta.id}/${trabajo.userId}/venta`, undefined],
          ['despachar', 'POST', '/despachos/guardar', { venta_id: venta.id, mensajero_id: opciones.mensajeroId, observacion_despacho: 'Entregado al mensajero' }],
        ];
        for (const [paso, metodo, ruta, cuerpo] of pasos) {
          const enviado = ahora();
          const { estado, texto } = await llamar(trabajo.token, metodo, ruta, cuerpo);
          const solicitud: Solicitud = { despachador, ventaId: venta.id, paso, enviado, respondido: ahora(), estado };
          if (estado !== 200) solicitud.error = texto.slice(0, 200);
          solicitudes.push(solicitud);
          // A refused step leaves the turn where it was: this sale is given up.
          if (estado !== 200) continue ventas;
          await pausa(opciones.pausaMs * (0.5 + Math.random()));
        }
      }
      if (Date.now() < hasta) sinVentas++;
    }),
  );
  agente.destroy();
  return { solicitudes, sinVentas, segundos: (performance.now() - inicio) / 1000 };
}

if (!isMainThread && parentPort) {
  const puerto = parentPort;
  const datos = workerData as DatosHilo;
  if (datos?.rol === 'tableros') void correrTableros(datos.opciones, puerto);
  else if (datos?.rol === 'despachadores') void correrDespachadores(datos.opciones).then((resultado) => puerto.postMessage(resultado));
}
