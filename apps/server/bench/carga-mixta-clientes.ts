// The mixed load's HTTP clients (bench/carga-mixta.ts), in a worker thread of their own: real users are browsers on
// other machines, and building their requests or reading their answers on the server's machine thread would take
// turns with what is measured (here the server is another process, but the main thread samples it on time).
// Each actor is one person at a screen: it sends its next turn (one request, or a screen's requests at once, timed
// together as one operation), waits for the answers, pauses, and again, until the end. A cashier goes through its
// own queue of pending sales once; the rest cycle through their requests.
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface Peticion {
  metodo: 'GET' | 'POST';
  /** Path under the API base, with its query. */
  ruta: string;
  cuerpo?: object;
}

export interface Actor {
  /** The row of the report it counts in. */
  operacion: string;
  token: string;
  tienda: string;
  /** Between an answer and the next turn (a person reading, typing), ms; each pause varies ±50 %. */
  pausaMs: number;
  /** Turns repeated in order… */
  ciclo?: Peticion[][];
  /** …or taken once each, in order (the cashier's pending sales); the actor stops when they run out. */
  cola?: Peticion[][];
}

export interface OpcionesClientes {
  base: string;
  actores: Actor[];
  /** Operations finished before this (ms from the start) are not in the percentiles; their errors still count. */
  calentamientoMs: number;
  duracionMs: number;
}

export interface ResultadoOperacion {
  operacion: string;
  actores: number;
  /** Measured (after warm-up) operations' milliseconds, sorted. */
  latencias: number[];
  /** Every operation finished, warm-up included. */
  total: number;
  errores: number;
  /** The first few errors: status and the start of the body (or the connection's error). */
  ejemplos: string[];
  /** Operations finished in each minute of the run. */
  porMinuto: number[];
  /** Actors whose queue ran out before the end. */
  agotados: number;
}

/** Runs the actors in a worker thread until `duracionMs` has passed; resolves with each operation's figures. */
export function correrClientes(opciones: OpcionesClientes): Promise<ResultadoOperacion[]> {
  return new Promise((resolve, reject) => {
    const hilo = new Worker(new URL(import.meta.url), { workerData: opciones });
    hilo.once('message', (resultado: ResultadoOperacion[]) => {
      resolve(resultado);
      void hilo.terminate();
    });
    hilo.once('error', reject);
  });
}

async function correr(o: OpcionesClientes): Promise<ResultadoOperacion[]> {
  const base = new URL(o.base);
  const agente = new Agent({ keepAlive: true, maxSockets: o.actores.length * 2 + 4 });
  const llamar = (actor: Actor, p: Peticion) =>
    new Promise<{ estado: number; detalle: string }>((resolve) => {
      const texto = p.cuerpo ? JSON.stringify(p.cuerpo) : '';
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${p.ruta}`,
          method: p.metodo,
          agent: agente,
          timeout: 60_000,
          headers: {
            authorization: `Bearer ${actor.token}`,
            'x-codigo-tienda': actor.tienda,
            ...(p.cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) } : {}),
          },
        },
        (respuesta) => {
          const estado = respuesta.statusCode ?? 0;
          const partes: Buffer[] = [];
          // Only an error's body is kept (for the report); a good answer is read and dropped.
          respuesta.on('data', (parte: Buffer) => {
            if (estado !== 200) partes.push(parte);
          });
          respuesta.on('end', () => resolve({ estado, detalle: estado === 200 ? '' : `${p.metodo} ${p.ruta.split('?')[0]} → ${estado} ${Buffer.concat(partes).toString().slice(0, 240)}` }));
          respuesta.on('error', (error) => resolve({ estado: 0, detalle: `${p.metodo} ${p.ruta} → ${error.message}` }));
        },
      );
      solicitud.on('timeout', () => solicitud.destroy(new Error('sin respuesta en 60 s')));
      solicitud.on('error', (error) => resolve({ estado: 0, detalle: `${p.metodo} ${p.ruta.split('?')[0]} → ${error.message}` }));
      solicitud.end(texto);
    });

  const minutos = Math.ceil(o.duracionMs / 60_000);
  const porOperacion = new Map<string, ResultadoOperacion>();
  for (const actor of o.actores) {
    const fila = porOperacion.get(actor.operacion) ?? { operacion: actor.operacion, actores: 0, latencias: [], total: 0, errores: 0, ejemplos: [], porMinuto: Array<number>(minutos).fill(0), agotados: 0 };
    fila.actores++;
    porOperacion.set(actor.operacion, fila);
  }
  const inicio = performance.now();
  const fin = inicio + o.duracionMs;
  const dormir = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, fin - performance.now()))));

  await Promise.all(
    o.actores.map(async (actor, n) => {
      const fila = porOperacion.get(actor.operacion)!;
      // Actors start spread over their first pause, not all in the same millisecond.
      await dormir((actor.pausaMs * n) / o.actores.length);
      let siguiente = 0;
      while (performance.now() < fin) {
        const turno = actor.cola ? actor.cola[siguiente++] : actor.ciclo![siguiente++ % actor.ciclo!.length];
        if (!turno) {
          fila.agotados++;
          return;
        }
        const t0 = performance.now();
        const respuestas = await Promise.all(turno.map((p) => llamar(actor, p)));
        const t1 = performance.now();
        fila.total++;
        fila.porMinuto[Math.min(minutos - 1, Math.floor((t1 - inicio) / 60_000))]!++;
        if (t1 - inicio >= o.calentamientoMs) fila.latencias.push(t1 - t0);
        const fallas = respuestas.filter((r) => r.estado !== 200);
        if (fallas.length > 0) {
          fila.errores++;
          if (fila.ejemplos.length < 5) fila.ejemplos.push(fallas[0]!.detalle);
        }
        await dormir(actor.pausaMs * (0.5 + Math.random()));
      }
    }),
  );
  agente.destroy();
  return [...porOperacion.values()].map((fila) => ({ ...fila, latencias: fila.latencias.sort((a, b) => a - b) }));
}

if (!isMainThread && parentPort) {
  const puerto = parentPort;
  void correr(workerData as OpcionesClientes).then((resultado) => puerto.postMessage(resultado));
}
