// Benchmark of the money reports (the money reports' speed goal, docs/decisions-reportes-dinero.md): in a throwaway embedded PostgreSQL, seeds two stores
// with 1,000,000 sales over two years (their lines and about 2.6 million payments), credit sales with their charges and
// payments (some annulled), advances, expenses, income and supplier payments (bench/siembra-dinero.ts), then starts the
// real app on a loopback port and times, one request at a time over real HTTP (keep-alive), with p50/p95:
//   - the month closing screen: POST cierre-mes/ventas-plataforma without the month's sales and the first page of
//     GET cierre-mes/ventas-mes side by side (as a paging screen asks), a search, and for reference the answer with
//     every sale of the month in it (the contract's default),
//   - closing a month (POST cierre-mes/cerrar: the lock, the summary computed in its transaction, stored; each month
//     is reopened untimed afterwards),
//   - the daily cash (POST cuadre-caja/dia) of different days,
//   - the dashboard for a full year (POST dashboard/rango-fecha, 365 days),
//   - a method's sales (GET cierre-mes/ventas-forma-pago, first page) and, once each, the exports.
// Goals: closing < 1 s, daily cash < 300 ms, dashboard of a year < 1 s.
//
//   npm run bench:dinero -w @tablero/server                 (defaults: 1000000 sales, 15 repetitions)
//   VENTAS=200000 REPETICIONES=5 npm run bench:dinero -w @tablero/server
//   EXPLICAR=1 npm run bench:dinero -w @tablero/server      (also prints EXPLAIN ANALYZE of the reports' statements)
//
// Only loopback traffic; every loop is bounded and the script stops by itself.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { hoyNegocio, sumarMeses } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { percentil } from './medidas';
import { sembrarDinero } from './siembra-dinero';

const VENTAS = Number(process.env.VENTAS ?? 1_000_000);
const REPETICIONES = Number(process.env.REPETICIONES ?? 15);
const EXPLICAR = process.env.EXPLICAR === '1';

const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-dinero-');
let salida = 0;
try {
  await embebido.crearBaseDatos('bench');
  const url = embebido.url('bench');
  const db = crearDb(url);
  await migrarAlUltimo(db);
  // EXPLICAR: every statement the app runs while `capturando` is kept, to be explained afterwards.
  const capturadas: CompiledQuery[] = [];
  let capturando = false;
  const ejecutor = db.getExecutor();
  const ejecutar = ejecutor.executeQuery.bind(ejecutor);
  Object.assign(ejecutor, {
    executeQuery: (consulta: CompiledQuery, id: Parameters<typeof ejecutar>[1]) => {
      if (capturando) capturadas.push(consulta);
      return ejecutar(consulta, id);
    },
  });

  console.log(`Sembrando ${VENTAS.toLocaleString('en-US')} ventas de dos años en dos tiendas, con sus líneas, pagos, créditos, anticipos, egresos, ingresos y pagos a proveedores…`);
  const inicioSiembra = performance.now();
  const sembrado = await sembrarDinero(db, url, { ventas: VENTAS, terceros: 100_000, productos: 400, movimientosCajaDia: 15, pagosProveedorDia: 8 });
  console.log(`Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s:`);
  for (const [tabla, n] of Object.entries(sembrado.conteos)) console.log(`  ${tabla.padEnd(40)} ${n.toLocaleString('en-US').padStart(11)}`);

  const app = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: 'secreto-del-benchmark' });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = new URL(`http://127.0.0.1:${puerto}/api`);
  const ingreso = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: sembrado.email, password: sembrado.clave }) });
  const token = ((await ingreso.json()) as { data: { token: string } }).data.token;

  const agente = new Agent({ keepAlive: true, maxSockets: 2 });
  const llamar = (metodo: 'GET' | 'POST', ruta: string, cuerpo?: object, tienda = '001') =>
    new Promise<{ estado: number; cuerpo: Buffer; ms: number }>((resolve, reject) => {
      const texto = cuerpo ? JSON.stringify(cuerpo) : '';
      const t0 = performance.now();
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${ruta}`,
          method: metodo,
          agent: agente,
          headers: {
            authorization: `Bearer ${token}`,
            'x-codigo-tienda': tienda,
            ...(cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) } : {}),
          },
        },
        (respuesta) => {
          const partes: Buffer[] = [];
          respuesta.on('data', (parte: Buffer) => partes.push(parte));
          respuesta.on('end', () => resolve({ estado: respuesta.statusCode ?? 0, cuerpo: Buffer.concat(partes), ms: performance.now() - t0 }));
        },
      );
      solicitud.on('error', reject);
      solicitud.end(texto);
    });

  /** Runs each call once (after one untimed warm-up of the first), and prints p50/p95/max against the goal (none: a reference). */
  async function medir(nombre: string, meta: number | null, llamadas: (() => Promise<{ estado: number; cuerpo: Buffer; ms: number }>)[]) {
    const calentamiento = await llamadas[0]!();
    if (calentamiento.estado !== 200) {
      console.log(`  ${nombre}: estado ${calentamiento.estado} ${calentamiento.cuerpo.toString().slice(0, 300)}`);
      salida = 1;
      return;
    }
    const tiempos: number[] = [];
    let bytes = 0;
    for (const llamada of llamadas) {
      const r = await llamada();
      if (r.estado !== 200) {
        console.log(`  ${nombre}: estado ${r.estado} ${r.cuerpo.toString().slice(0, 300)}`);
        salida = 1;
      }
      tiempos.push(r.ms);
      bytes = Math.max(bytes, r.cuerpo.length);
    }
    tiempos.sort((a, b) => a - b);
    const p95 = percentil(tiempos, 95);
    console.log(
      `  ${nombre.padEnd(58)} n ${String(tiempos.length).padStart(2)} · p50 ${percentil(tiempos, 50).toFixed(0).padStart(5)} ms · p95 ${p95.toFixed(0).padStart(5)} ms · ` +
        `máx ${tiempos.at(-1)!.toFixed(0).padStart(5)} ms · ${(bytes / 1024).toFixed(0)} KB · ${meta === null ? 'referencia' : `meta < ${meta} ms ${p95 < meta ? 'sí' : 'NO'}`} (carga ${loadavg()[0]!.toFixed(1)})`,
    );
    if (meta !== null && p95 >= meta) salida = 1;
  }

  const hoy = hoyNegocio();
  const mesPasado = sumarMeses(`${hoy.slice(0, 7)}-01`, -1);
  const periodo = (fecha: string) => ({ anio: Number(fecha.slice(0, 4)), mes: fecha.slice(5, 7) });
  const repetir = <T>(n: number, hacer: (i: number) => T) => Array.from({ length: n }, (_, i) => hacer(i));
  const diaAtras = (n: number) => new Date(Date.parse(`${hoy}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const unAnio = { fecha_inicial: diaAtras(364), fecha_final: hoy };

  const plataforma = JSON.parse((await llamar('POST', '/cierre-mes/ventas-plataforma', { ...periodo(mesPasado), codigo_tienda: '001' })).cuerpo.toString()) as {
    data: { cantidad_ventas: number; lista_abonos_credito: unknown[]; lista_pagos_proveedores: unknown[] };
  };
  console.log(
    `\nEl mes ${mesPasado.slice(0, 7)} de la tienda 001: ${plataforma.data.cantidad_ventas.toLocaleString('en-US')} ventas facturadas, ` +
      `${plataforma.data.lista_abonos_credito.length} líneas de abonos, ${plataforma.data.lista_pagos_proveedores.length} pagos a proveedores.`,
  );
  console.log(`\nUna solicitud a la vez, HTTP real, ${REPETICIONES} repeticiones (tras una de calentamiento):`);

  // The screen as it pages the month's sales: the figures without the list, and the list's first page.
  await medir(
    'cierre de mes: pantalla (ventas-plataforma + ventas-mes página 1)',
    1000,
    repetir(REPETICIONES, () => async () => {
      const t0 = performance.now();
      const [cifras, pagina] = await Promise.all([
        llamar('POST', '/cierre-mes/ventas-plataforma', { ...periodo(mesPasado), codigo_tienda: '001', incluir_ventas_mes: false }),
        llamar('GET', `/cierre-mes/ventas-mes?anio=${periodo(mesPasado).anio}&mes=${periodo(mesPasado).mes}&page=1&per_page=10`),
      ]);
      return { estado: Math.max(cifras.estado, pagina.estado), cuerpo: cifras.cuerpo, ms: performance.now() - t0 };
    }),
  );
  await medir('  ventas-mes: búsqueda por cliente (página 1)', 1000, repetir(REPETICIONES, () => () => llamar('GET', `/cierre-mes/ventas-mes?anio=${periodo(mesPasado).anio}&mes=${periodo(mesPasado).mes}&query=gomez`)));
  // For reference: the contract's default answer, every sale of the month in it (why the screen pages).
  await medir('  ventas-plataforma con todas las ventas del mes (contrato)', null, repetir(Math.min(REPETICIONES, 5), () => () => llamar('POST', '/cierre-mes/ventas-plataforma', { ...periodo(mesPasado), codigo_tienda: '001' })));
  // Each close is a different month (the last REPETICIONES that have ended, alternating stores), reopened untimed after.
  const meses = repetir(REPETICIONES + 1, (i) => ({ mes: sumarMeses(mesPasado, -Math.floor(i / 2)), tienda: i % 2 === 0 ? '001' : '002' }));
  await medir(
    'cierre de mes: cerrar (bloqueo, resumen en la transacción)',
    1000,
    meses.map(({ mes, tienda }) => async () => {
      const r = await llamar('POST', '/cierre-mes/cerrar', periodo(mes), tienda);
      await llamar('POST', '/cierre-mes/reabrir', { ...periodo(mes), motivo: 'Benchmark' }, tienda);
      return r;
    }),
  );
  await medir('cuadre de caja (cuadre-caja/dia, días distintos)', 300, repetir(REPETICIONES, (i) => () => llamar('POST', '/cuadre-caja/dia', { fecha_dia: diaAtras(i + 1) })));
  await medir(`dashboard de un año (${unAnio.fecha_inicial} a ${unAnio.fecha_final})`, 1000, repetir(REPETICIONES, () => () => llamar('POST', '/dashboard/rango-fecha', unAnio)));
  await medir('ventas de una forma de pago (primera página)', 300, repetir(REPETICIONES, () => () => llamar('GET', `/cierre-mes/ventas-forma-pago?anio=${periodo(mesPasado).anio}&mes=${periodo(mesPasado).mes}&forma_pago_id=1`)));

  console.log('\nExportaciones (una vez cada una):');
  for (const seccion of ['ventas', 'formas-pago', 'abonos-credito', 'pagos-proveedores']) {
    const r = await llamar('POST', '/cierre-mes/exportar', { ...periodo(mesPasado), codigo_tienda: '001', seccion });
    console.log(`  cierre-mes/exportar ${seccion.padEnd(20)} ${r.ms.toFixed(0).padStart(6)} ms · ${(r.cuerpo.length / 1024).toFixed(0)} KB · estado ${r.estado}`);
    if (r.estado !== 200) salida = 1;
  }
  const productos = await llamar('POST', '/dashboard/productos/exportar', unAnio);
  console.log(`  dashboard/productos/exportar         ${productos.ms.toFixed(0).padStart(6)} ms · ${(productos.cuerpo.length / 1024).toFixed(0)} KB · estado ${productos.estado}`);

  if (EXPLICAR) {
    const cliente = new pg.Client({ connectionString: url });
    await cliente.connect();
    const explicar = async (nombre: string, hacer: () => Promise<unknown>) => {
      capturadas.length = 0;
      capturando = true;
      await hacer();
      capturando = false;
      console.log(`\nEXPLAIN ANALYZE, ${nombre}:`);
      for (const consulta of capturadas.filter((c) => !/from "conexion"|from conexion|"usuario_tienda"/.test(c.sql))) {
        const plan = await cliente.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${consulta.sql}`, [...consulta.parameters]);
        console.log(`  -- ${consulta.sql.replace(/\s+/g, ' ').slice(0, 110)}…`);
        console.log(plan.rows.map((fila) => `    ${fila['QUERY PLAN']}`).join('\n'));
      }
    };
    await explicar('dashboard de un año', () => llamar('POST', '/dashboard/rango-fecha', unAnio));
    await explicar('cuadre de caja', () => llamar('POST', '/cuadre-caja/dia', { fecha_dia: diaAtras(1) }));
    await explicar('pantalla del cierre de mes', () => llamar('POST', '/cierre-mes/ventas-plataforma', { ...periodo(mesPasado), codigo_tienda: '001', incluir_ventas_mes: false }));
    await explicar('ventas del mes, página 1', () => llamar('GET', `/cierre-mes/ventas-mes?anio=${periodo(mesPasado).anio}&mes=${periodo(mesPasado).mes}&page=1`));
    await cliente.end();
  }

  agente.destroy();
  await app.close();
  await db.destroy();
} catch (error) {
  console.error(error);
  salida = 1;
} finally {
  await detener();
}
process.exit(salida);
