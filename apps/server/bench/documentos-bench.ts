// Benchmark of the documents pool (docs/architecture.md §10: PDFs render off the event loop): how long an unrelated call (GET /api/salud: a route and a
// database round trip) takes while six large cut plans render as PDFs at once. Starts a throwaway embedded
// PostgreSQL, the real app on a loopback port, stores one large plan through POST /api/optimizar/generar and
// measures three scenarios, each printing the unrelated call's p50/p95/max and when the six PDFs arrived:
// It also prints the server's event-loop delay (p99, max) during each scenario: the loop's own stalls, apart from
// the time an answer spends waiting for a core on a busy machine.
//   1. nothing rendering (the baseline);
//   2. six plans rendering in the documents pool (what the server does);
//   3. six plans rendering on the request's thread, as before the pool (a bench-only route), for comparison.
// The unrelated calls and the PDF downloads come from a child process (keep-alive node:http), so the client's own
// work is not counted as server latency and a stalled server loop cannot hide its stall from the clock.
//
//   npm run bench:documentos -w @tablero/server                (defaults: 1000 rows ≈ 2,000 pieces, 6 plans)
//   FILAS=2500 PLANOS=6 npm run bench:documentos -w @tablero/server
//
// Only loopback traffic; every loop is bounded and the script stops by itself.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GRUPO_TAPACANTOS } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { hilosDocumentosPorDefecto } from '../src/documents/documentos.pool';
import { renderizarEnEsteHilo } from '../src/documents/renderizadores';
import { hashPassword } from '../src/lib/passwords';
import { datosPlan } from '../src/modules/corte';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { percentil } from './medidas';

const FILAS = Number(process.env.FILAS ?? 1000);
const PLANOS = Number(process.env.PLANOS ?? 6);
/** Pause between two unrelated calls, ms: one call at a time, about a hundred per second. */
const PAUSA_MS = 10;
const BASE_MS = 3000;


// The client, plain JavaScript in a child process: downloads `planos` PDFs at once (none for the baseline) and,
// meanwhile, calls the unrelated URL one call at a time until they have all arrived (or for `baseMs`).
const CODIGO_CLIENTE = `
const http = require('node:http');
process.once('message', async (w) => {
  const agente = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(w.base);
  const pedir = (ruta) => new Promise((resolve, reject) => {
    const solicitud = http.request({ host: url.hostname, port: url.port, path: ruta, agent: agente }, (respuesta) => {
      let bytes = 0;
      respuesta.on('data', (parte) => { bytes += parte.length; });
      respuesta.on('end', () => resolve({ estado: respuesta.statusCode, bytes }));
    });
    solicitud.on('error', reject);
    solicitud.end();
  });
  const inicio = performance.now();
  const pdfs = [];
  let pendientes = w.planos;
  const descargas = Array.from({ length: w.planos }, () => pedir(w.urlPlanos).then((r) => {
    pdfs.push({ ms: performance.now() - inicio, estado: r.estado, bytes: r.bytes });
    pendientes--;
  }));
  const latencias = [];
  let errores = 0;
  const hasta = inicio + w.baseMs;
  while (w.planos > 0 ? pendientes > 0 : performance.now() < hasta) {
    const t0 = performance.now();
    const r = await pedir(w.urlOtra);
    latencias.push(performance.now() - t0);
    if (r.estado !== 200) errores++;
    await new Promise((resolve) => setTimeout(resolve, w.pausaMs));
  }
  await Promise.all(descargas);
  process.send({ latencias, errores, pdfs }, () => process.exit(0));
});
`;

interface Medicion {
  latencias: number[];
  errores: number;
  pdfs: { ms: number; estado: number; bytes: number }[];
}

function medir(base: string, urlPlanos: string, planos: number): Promise<Medicion> {
  return new Promise((resolve, reject) => {
    const cliente = spawn(process.execPath, ['-e', CODIGO_CLIENTE], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    cliente.once('message', (mensaje: Medicion) => resolve(mensaje));
    cliente.once('error', reject);
    cliente.send({ base, urlPlanos, urlOtra: '/api/salud', planos, baseMs: BASE_MS, pausaMs: PAUSA_MS });
  });
}

const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-documentos-');
let salida = 0;
try {
  await embebido.crearBaseDatos('bench');
  const db = crearDb(embebido.url('bench'));
  await migrarAlUltimo(db);

  await db.insertInto('tienda').values({ codigo_tienda: '001', nombre_tienda: 'Principal' }).execute();
  const { id: userId } = await db
    .insertInto('usuario')
    .values({ name: 'Vendedor Bench', email: 'bench@tablero.test', password_hash: await hashPassword('bench1234'), role: 'Vendedor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('usuario_tienda').values({ user_id: userId, codigo_tienda: '001' }).execute();
  const { id: impuesto_id } = await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 }).returning('id').executeTakeFirstOrThrow();
  const { id: proveedor_id } = await db
    .insertInto('proveedor')
    .values({ nombre_proveedor: 'Cantos Bench', nit: '900000000-0', numero_telefonico: '6010000000', correo_electronico: 'bench@proveedor.test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const canto = async (referencia: string, nombre_producto: string, linea_id: number) =>
    (await db.insertInto('producto').values({ referencia, nombre_producto, precio_unitario: 3900, impuesto_id, proveedor_id, grupo_id: GRUPO_TAPACANTOS, linea_id }).returning('id').executeTakeFirstOrThrow()).id;
  const grueso = await canto('TC-BLANCO-22X3R', 'Tapacanto rígido PVC blanco 22 x 3 mm', 4);
  const flexible = await canto('TC-BLANCO-22-FLX', 'Tapacanto flexible blanco 22 mm', 5);

  const secreto = 'secreto-del-benchmark';
  const config = { ...leerConfig({}), ingresoMaxPorIp: 100_000 };
  const app = await buildApp({ db, config, tokenSecret: secreto });
  // The "before" scenario: the same PDF rendered on the request's thread, outside /api (bench only).
  app.get<{ Params: { token: string } }>('/bench/hilo-principal/:token/planos.pdf', async (request, reply) => {
    const datos = await datosPlan({ db, secreto }, request.params.token);
    return reply.type('application/pdf').send(await renderizarEnEsteHilo('planos-corte', datos));
  });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${puerto}`;
  const ingreso = await fetch(`${base}/api/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@tablero.test', password: 'bench1234' }) });
  const token = ((await ingreso.json()) as { data: { token: string } }).data.token;

  // A large plan: FILAS rows of 1 to 3 pieces of varied sizes, half of them banded on two sides.
  const piezas = Array.from({ length: FILAS }, (_, i) => ({
    cantidad: 1 + (i % 3),
    base: 150 + ((i * 137) % 900),
    altura: 120 + ((i * 251) % 700),
    rotacion: i % 3 !== 0,
    descripcion: `Pieza ${i + 1}`,
    canto_base_top: i % 2 === 0 ? grueso : null,
    canto_altura_left: flexible,
  }));
  console.log(`Optimizando un plan de ${FILAS} filas (${piezas.reduce((suma, p) => suma + p.cantidad, 0)} piezas)…`);
  const optimizado = await fetch(`${base}/api/optimizar/generar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-codigo-tienda': '001' },
    body: JSON.stringify({ nombres: 'Cliente', apellidos: 'Bench', numero_documento: '1', referencia: 'MEL-BLANCO-15', parametros: { desp_sierra: 5, desp_tapacantos: 60, base: 2440, altura: 2150, refilado_x: 20, refilado_y: 20 }, piezas }),
  });
  if (!optimizado.ok) throw new Error(`El plan no se optimizó: ${optimizado.status} ${await optimizado.text()}`);
  const { optimizacion } = ((await optimizado.json()) as { data: { optimizacion: { planilla: { url_planos: string; url_labels: string; cant_placas: number }; tableros: unknown[] } } }).data;
  const urlPlanos = optimizacion.planilla.url_planos;
  const tokenPlan = urlPlanos.split('/')[4]!;
  console.log(`Plan: ${optimizacion.planilla.cant_placas} tableros, ${optimizacion.tableros.length} patrones. Hilos de documentos: ${hilosDocumentosPorDefecto()} de ${availableParallelism()} núcleos.`);
  // Warm-up, not measured: the pool's workers start, pdfkit loads, the route is compiled.
  await (await fetch(`${base}${urlPlanos}`)).arrayBuffer();
  await (await fetch(`${base}/bench/hilo-principal/${tokenPlan}/planos.pdf`)).arrayBuffer();

  const escenarios = [
    { nombre: 'sin documentos (referencia)', url: urlPlanos, planos: 0, comparacion: false },
    { nombre: `${PLANOS} planos en el pool de documentos`, url: urlPlanos, planos: PLANOS, comparacion: false },
    // Calls may fail here (the health check gives up on a stalled loop): that is what the pool is for.
    { nombre: `${PLANOS} planos en el hilo de la solicitud (antes)`, url: `/bench/hilo-principal/${tokenPlan}/planos.pdf`, planos: PLANOS, comparacion: true },
  ];
  const resultados = [];
  for (const escenario of escenarios) {
    // The server's own event loop, watched while the scenario runs: how long it ever failed to get its turn.
    const bucle = monitorEventLoopDelay({ resolution: 5 });
    bucle.enable();
    const medicion = await medir(base, escenario.url, escenario.planos);
    bucle.disable();
    const latencias = medicion.latencias.sort((a, b) => a - b);
    const pdfs = medicion.pdfs.map((pdf) => pdf.ms).sort((a, b) => a - b);
    const fila = {
      escenario: escenario.nombre,
      comparacion: escenario.comparacion,
      llamadas: latencias.length,
      errores: medicion.errores + medicion.pdfs.filter((pdf) => pdf.estado !== 200).length,
      p50: Number(percentil(latencias, 50).toFixed(1)),
      p95: Number(percentil(latencias, 95).toFixed(1)),
      max: Number((latencias.at(-1) ?? NaN).toFixed(1)),
      primerPdfMs: pdfs.length > 0 ? Math.round(pdfs[0]!) : null,
      ultimoPdfMs: pdfs.length > 0 ? Math.round(pdfs.at(-1)!) : null,
      kbPorPdf: medicion.pdfs.length > 0 ? Math.round(medicion.pdfs[0]!.bytes / 1024) : null,
      bucleP99Ms: Number((bucle.percentile(99) / 1e6).toFixed(1)),
      bucleMaxMs: Number((bucle.max / 1e6).toFixed(1)),
    };
    resultados.push(fila);
    const documentos = fila.primerPdfMs === null ? '' : `   PDF: primero ${fila.primerPdfMs} ms, último ${fila.ultimoPdfMs} ms (${fila.kbPorPdf} KB c/u)`;
    console.log(
      `${fila.escenario.padEnd(44)} GET /api/salud ×${String(fila.llamadas).padStart(4)}   p50 ${String(fila.p50).padStart(7)} ms   p95 ${String(fila.p95).padStart(7)} ms   máx ${String(fila.max).padStart(7)} ms` +
        `   bucle del servidor: p99 ${fila.bucleP99Ms} ms, máx ${fila.bucleMaxMs} ms${documentos}   errores ${fila.errores}`,
    );
  }

  await app.close();
  await db.destroy();
  const carpetaResultados = path.join(import.meta.dirname, 'results');
  await mkdir(carpetaResultados, { recursive: true });
  const archivo = path.join(carpetaResultados, `documentos-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
  await writeFile(
    archivo,
    JSON.stringify({ filas: FILAS, planos: PLANOS, hilosDocumentos: hilosDocumentosPorDefecto(), nucleos: availableParallelism(), cargaMaquina: loadavg().map((n) => Number(n.toFixed(2))), resultados }, null, 2),
  );
  console.log(`\nResultados en ${path.relative(process.cwd(), archivo)}`);
  if (resultados.some((r) => !r.comparacion && r.errores > 0)) salida = 1;
} catch (error) {
  console.error(error);
  salida = 1;
} finally {
  await detener();
}
process.exit(salida);
