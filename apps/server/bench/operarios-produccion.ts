// The production benchmark's operators: each tablet (an Operario session) works its own prepared OPs, stage after
// stage in their order, through the real routes, as the stage screen does: iniciar-etapa on its machine of the
// stage's service, parar-finalizar-etapa with a reason (Parar), iniciar-etapa again (Continuar), parar-finalizar-etapa
// without one (Finalizar etapa); a pause between changes. Every request is noted with when it was sent and answered,
// on the clock every thread shares (performance.timeOrigin + performance.now()), for the panels' delays. Runs in a
// worker thread of its own, off the server's event loop (bench/carga-http.ts says why).
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface TrabajoOperario {
  token: string;
  /** The operator (third party of type OP) the stages are started for. */
  operarioId: number;
  /** Its machine of each service. */
  maquinas: Record<number, number>;
  /** Its OPs, prepared: their stages in order. */
  ordenes: { id: number; etapas: { id: number; grupo: number }[] }[];
}

export interface OpcionesOperarios {
  /** The API's base address, e.g. http://127.0.0.1:3000/api. */
  base: string;
  codigoTienda: string;
  trabajos: TrabajoOperario[];
  /** No new stage is started after this long; a stage started is carried to its end (its machine is left free). */
  duracionMs: number;
  /** Pause after each change, ms: each operator waits between 0.5 and 1.5 times this (they do not tap in step). */
  pausaMs: number;
  /** At most this many changes per operator. */
  maxCambiosPorOperario: number;
}

export type Paso = 'iniciar' | 'parar' | 'continuar' | 'finalizar';

/** One change: what was asked, the action its event carries, and when. */
export interface Cambio {
  operario: number;
  ordenId: number;
  etapaId: number;
  paso: Paso;
  /** The `accion` of the event it causes (Continuar is an iniciar-etapa: 'iniciar'). */
  accion: 'iniciar' | 'parar' | 'finalizar';
  enviado: number;
  respondido: number;
  estado: number;
  /** The start of the answer when it was not a 200. */
  error?: string;
}

export interface ResultadoOperarios {
  cambios: Cambio[];
  /** Operators who ran out of OPs before the time was over. */
  sinOrdenes: number;
  segundos: number;
}

const ahora = () => performance.timeOrigin + performance.now();
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CICLO: { paso: Paso; accion: Cambio['accion'] }[] = [
  { paso: 'iniciar', accion: 'iniciar' },
  { paso: 'parar', accion: 'parar' },
  { paso: 'continuar', accion: 'iniciar' },
  { paso: 'finalizar', accion: 'finalizar' },
];

/** Runs the operators in a worker thread and answers their changes. */
export function operar(opciones: OpcionesOperarios): Promise<ResultadoOperarios> {
  return new Promise((resolve, reject) => {
    const hilo = new Worker(new URL(import.meta.url), { workerData: opciones });
    hilo.once('message', (resultado: ResultadoOperarios) => {
      resolve(resultado);
      void hilo.terminate();
    });
    hilo.once('error', reject);
  });
}

async function correr(opciones: OpcionesOperarios): Promise<ResultadoOperarios> {
  const base = new URL(opciones.base);
  const agente = new Agent({ keepAlive: true, maxSockets: opciones.trabajos.length + 2 });
  const llamar = (token: string, ruta: string, cuerpo: object) =>
    new Promise<{ estado: number; texto: string }>((resolve, reject) => {
      const texto = JSON.stringify(cuerpo);
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${ruta}`,
          method: 'POST',
          agent: agente,
          headers: {
            authorization: `Bearer ${token}`,
            'x-codigo-tienda': opciones.codigoTienda,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(texto),
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

  const cambios: Cambio[] = [];
  let sinOrdenes = 0;
  const inicio = performance.now();
  const hasta = Date.now() + opciones.duracionMs;
  await Promise.all(
    opciones.trabajos.map(async (trabajo, operario) => {
      let hechos = 0;
      // Operators start at different moments, as people do.
      await pausa(Math.random() * opciones.pausaMs);
      ordenes: for (const orden of trabajo.ordenes) {
        for (const etapa of orden.etapas) {
          if (Date.now() >= hasta || hechos + CICLO.length > opciones.maxCambiosPorOperario) return;
          for (const [n, { paso, accion }] of CICLO.entries()) {
            const [ruta, cuerpo] =
              paso === 'iniciar' || paso === 'continuar'
                ? ['/produccion/iniciar-etapa', { orden_etapa_id: etapa.id, maquina_id: trabajo.maquinas[etapa.grupo], operario_id: trabajo.operarioId }]
                : paso === 'parar'
                  ? ['/produccion/parar-finalizar-etapa', { produccion_etapa_id: etapa.id, motivo_suspension_id: 1 + ((orden.id + n) % 6) }]
                  : ['/produccion/parar-finalizar-etapa', { produccion_etapa_id: etapa.id }];
            const enviado = ahora();
            const { estado, texto } = await llamar(trabajo.token, ruta as string, cuerpo as object);
            const cambio: Cambio = { operario, ordenId: orden.id, etapaId: etapa.id, paso, accion, enviado, respondido: ahora(), estado };
            if (estado !== 200) cambio.error = texto.slice(0, 200);
            cambios.push(cambio);
            hechos++;
            // A refused change leaves the stage where it was: this OP is given up.
            if (estado !== 200) continue ordenes;
            await pausa(opciones.pausaMs * (0.5 + Math.random()));
          }
        }
      }
      if (Date.now() < hasta) sinOrdenes++;
    }),
  );
  agente.destroy();
  return { cambios, sinOrdenes, segundos: (performance.now() - inicio) / 1000 };
}

if (!isMainThread && parentPort) {
  const puerto = parentPort;
  void correr(workerData as OpcionesOperarios).then((resultado) => puerto.postMessage(resultado));
}
