import { monitorEventLoopDelay } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuariosPorRol, headers, crearCantosPrueba, cuerpoOptimizar, piezasGrandes } from '../../../test/factories';

/**
 * Why documents render off the request thread (docs/decisions-corte.md): a large plan PDF rendered there held the event
 * loop for seconds, and unrelated calls waited behind it. The documents now render on worker threads. Asserted as
 * behaviour, not timings that depend on the machine: while four large plans render, unrelated calls keep being answered
 * (several before the first PDF is done), and the slowest of them, like the loop's worst stall, stays far below the
 * time one plan takes to render. On the request's thread each stall would be a whole render long.
 */
// A short search keeps the optimizer's routes quick (the budget is the config's CORTE_PRESUPUESTO_MS).
const entorno = usarEntorno({ presupuestoCorteMs: 50 });

let urlPlanos: string;

beforeAll(async () => {
  const tienda = await crearTienda(entorno.db);
  const { porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  const cantos = await crearCantosPrueba(entorno.db);
  const respuesta = await entorno.app.inject({
    method: 'POST',
    url: '/api/optimizar/generar',
    headers: headers(porRol.Vendedor.token, tienda.codigo_tienda),
    payload: cuerpoOptimizar(cantos, { piezas: piezasGrandes(cantos, 600) }),
  });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  const { optimizacion } = respuesta.json().data;
  expect(optimizacion.tableros.length).toBeGreaterThan(30);
  urlPlanos = optimizacion.planilla.url_planos;
  // Warm the pool (its worker starts and loads pdfkit), so that what follows measures rendering, not start-up.
  const etiquetas = await entorno.app.inject({ method: 'GET', url: optimizacion.planilla.url_labels });
  expect(etiquetas.statusCode).toBe(200);
}, 60_000);

describe('documents render off the event loop', () => {
  it('keeps answering unrelated calls while four large plans render', async () => {
    const inicio = performance.now();
    const terminados: number[] = [];
    const planos = Array.from({ length: 4 }, () =>
      entorno.app.inject({ method: 'GET', url: urlPlanos }).then((respuesta) => {
        terminados.push(performance.now() - inicio);
        return respuesta;
      }),
    );
    const todos = Promise.all(planos);
    let enCurso = true;
    void todos.finally(() => (enCurso = false));

    const retraso = monitorEventLoopDelay({ resolution: 10 });
    retraso.enable();
    // An unrelated call (the health check: a route and a database round trip), one after another, while they render.
    const otras: Array<{ latencia: number; fin: number }> = [];
    while (enCurso) {
      const t0 = performance.now();
      const salud = await entorno.app.inject({ method: 'GET', url: '/api/salud' });
      expect(salud.statusCode).toBe(200);
      otras.push({ latencia: performance.now() - t0, fin: performance.now() - inicio });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    retraso.disable();

    const respuestas = await todos;
    for (const respuesta of respuestas) {
      expect(respuesta.statusCode).toBe(200);
      expect(respuesta.headers['content-type']).toBe('application/pdf');
      expect(respuesta.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      expect(respuesta.rawPayload.length).toBeGreaterThan(200_000);
    }
    const primerPdf = Math.min(...terminados);
    const peorLatencia = Math.max(...otras.map((otra) => otra.latencia));
    const peorRetrasoMs = retraso.max / 1e6;
    const resumen = JSON.stringify({ primerPdf, ultimoPdf: Math.max(...terminados), llamadas: otras.length, peorLatencia, peorRetrasoMs });
    // Answered while the renders were in flight, not queued behind them.
    expect(otras.filter((otra) => otra.fin < primerPdf).length, resumen).toBeGreaterThanOrEqual(3);
    // Neither a call nor the loop ever waited anything like a render.
    expect(peorLatencia, resumen).toBeLessThan(primerPdf / 2);
    expect(peorRetrasoMs, resumen).toBeLessThan(primerPdf / 2);
    // Four renders of 30-odd boards share two cores with the other test files: a minute was not always enough.
  }, 120_000);
});
