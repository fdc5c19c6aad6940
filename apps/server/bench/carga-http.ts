// The benchmarks' load generator: N clients, one per token, each asking the same request again and again (or going
// through its own list of requests) over keep-alive HTTP, run in a worker thread of its own. Real clients are browsers on other machines: run on the
// server's event loop, the 20 clients' request building and response parsing would take turns with the server's
// own work and inflate the latencies it measures. The thread still shares the machine's cores with the server and
// PostgreSQL, so the figures stay on the safe side.
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface OpcionesCarga {
  /** The API's base address, e.g. http://127.0.0.1:3000/api. */
  base: string;
  /** One client per token. */
  tokens: string[];
  codigoTienda: string;
  metodo: 'GET' | 'POST';
  /** Path under `base`, with its query: every client asks it again and again… */
  ruta?: string;
  cuerpo?: object | undefined;
  /** …or each client (by token) goes through its own list of requests once, in order (e.g. bills of different sales). */
  secuencias?: { ruta: string; cuerpo?: object }[][];
  /** Requests before measuring (connections opened, statements prepared, JIT warmed). */
  calentamientoMs: number;
  duracionMs: number;
}

export interface ResultadoCarga {
  /** Milliseconds per response, sorted. */
  latencias: number[];
  /** Responses other than 200. */
  errores: number;
  /** How long the measured part lasted. */
  segundos: number;
  /** A client ran out of its `secuencias` before the time was over. */
  agotadas: boolean;
}

/** Runs the load in a worker thread and answers its latencies. */
export function medirCarga(opciones: OpcionesCarga): Promise<ResultadoCarga> {
  return new Promise((resolve, reject) => {
    const hilo = new Worker(new URL(import.meta.url), { workerData: opciones });
    hilo.once('message', (resultado: ResultadoCarga) => {
      resolve(resultado);
      void hilo.terminate();
    });
    hilo.once('error', reject);
  });
}

async function generarCarga(opciones: OpcionesCarga): Promise<ResultadoCarga> {
  const base = new URL(opciones.base);
  const agente = new Agent({ keepAlive: true, maxSockets: opciones.tokens.length + 2 });
  const llamar = (token: string, ruta: string, cuerpo: object | undefined) =>
    new Promise<number>((resolve, reject) => {
      const texto = cuerpo ? JSON.stringify(cuerpo) : '';
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${ruta}`,
          method: opciones.metodo,
          agent: agente,
          headers: {
            authorization: `Bearer ${token}`,
            'x-codigo-tienda': opciones.codigoTienda,
            ...(cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) } : {}),
          },
        },
        (respuesta) => {
          respuesta.resume();
          respuesta.on('end', () => resolve(respuesta.statusCode ?? 0));
        },
      );
      solicitud.on('error', reject);
      solicitud.end(texto);
    });
  const siguientes = opciones.tokens.map(() => 0);
  let agotadas = false;
  const vuelta = async (hasta: number, latencias: number[] | null) => {
    let errores = 0;
    await Promise.all(
      opciones.tokens.map(async (token, cliente) => {
        while (Date.now() < hasta) {
          const secuencia = opciones.secuencias?.[cliente];
          const pedido = secuencia ? secuencia[siguientes[cliente]!++] : { ruta: opciones.ruta ?? '/', cuerpo: opciones.cuerpo };
          if (!pedido) {
            agotadas = true;
            return;
          }
          const t0 = performance.now();
          const estado = await llamar(token, pedido.ruta, pedido.cuerpo);
          latencias?.push(performance.now() - t0);
          if (estado !== 200) errores++;
        }
      }),
    );
    return errores;
  };
  await vuelta(Date.now() + opciones.calentamientoMs, null);
  const latencias: number[] = [];
  const inicio = performance.now();
  const errores = await vuelta(Date.now() + opciones.duracionMs, latencias);
  const segundos = (performance.now() - inicio) / 1000;
  agente.destroy();
  return { latencias: latencias.sort((a, b) => a - b), errores, segundos, agotadas };
}

if (!isMainThread && parentPort) {
  const puerto = parentPort;
  void generarCarga(workerData as OpcionesCarga).then((resultado) => puerto.postMessage(resultado));
}
