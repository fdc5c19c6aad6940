// Benchmark of the product list and search (the catalog's search goal, docs/decisions-productos.md): seeds 100,000 products in two stores in a
// database of its own (a throwaway embedded PostgreSQL), starts the real app on a loopback port and measures
// p50/p95/p99 and requests per second with 20 concurrent clients (keep-alive HTTP, in a process of their own),
// and the CPU time each request cost the server, PostgreSQL and the clients (which, unlike latency, hardly
// depends on what else the machine is doing).
//
//   npm run bench:productos -w @tablero/server            (defaults: 100000 products, 20 clients, 8 s per scenario)
//   PRODUCTOS=20000 CLIENTES=10 SEGUNDOS=5 ESCENARIOS=lista,blanco npm run bench:productos -w @tablero/server
//
// Only loopback traffic; every loop is bounded by time and the script stops by itself.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { percentil } from './medidas';

const PRODUCTOS = Number(process.env.PRODUCTOS ?? 100_000);
const CLIENTES = Number(process.env.CLIENTES ?? 20);
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 8);
const CALENTAMIENTO_MS = 1500;


// The 20 clients run in a child process of their own, so that the server's CPU time can be told apart from
// theirs, and they use node:http with keep-alive sockets (one per client) rather than fetch, whose own work
// per request is several times larger and would be counted as server latency. Plain JavaScript. Warm-up
// first (plans, connection pool), not measured.
const CODIGO_CLIENTES = `
const http = require('node:http');
process.once('message', async (w) => {
  const agente = new http.Agent({ keepAlive: true, maxSockets: w.clientes });
  const url = new URL(w.base);
  const pedir = (ruta) => new Promise((resolve, reject) => {
    const solicitud = http.request({ host: url.hostname, port: url.port, path: url.pathname + ruta, agent: agente, headers: w.cabeceras }, (respuesta) => {
      respuesta.on('data', () => {});
      respuesta.on('end', () => resolve(respuesta.statusCode));
    });
    solicitud.on('error', reject);
    solicitud.end();
  });
  async function vuelta(hasta, resultado) {
    await Promise.all(Array.from({ length: w.clientes }, async (_, c) => {
      let n = c;
      while (Date.now() < hasta) {
        const t0 = performance.now();
        const estado = await pedir(w.urls[n++ % w.urls.length]);
        if (resultado) { resultado.latencias.push(performance.now() - t0); if (estado !== 200) resultado.errores++; }
      }
    }));
  }
  await vuelta(Date.now() + w.calentamientoMs, null);
  process.send({ fase: 'inicio' });
  const resultado = { latencias: [], errores: 0, duracion: 0, cpuMs: 0 };
  const cpu0 = process.cpuUsage();
  const inicio = performance.now();
  await vuelta(Date.now() + w.segundos * 1000, resultado);
  resultado.duracion = (performance.now() - inicio) / 1000;
  const cpu = process.cpuUsage(cpu0);
  resultado.cpuMs = (cpu.user + cpu.system) / 1000;
  process.send(resultado, () => process.exit(0));
});
`;

interface Medicion {
  latencias: number[];
  errores: number;
  duracion: number;
  /** CPU time spent during the measured part, ms: by the clients' process, the server's, PostgreSQL's. */
  cpuMs: number;
  cpuServidorMs: number;
  cpuPostgresMs: number;
}

/**
 * CPU time (ms) of the PostgreSQL server and its backends, read from /proc (Linux; 0 elsewhere). Synchronous on
 * purpose: the counters must be read at the moment the measurement starts or ends, not when the I/O threads of a
 * loaded process get to it.
 */
function cpuPostgresMs(directorioDatos: string): number {
  try {
    const postmaster = Number(readFileSync(path.join(directorioDatos, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entrada of readdirSync('/proc')) {
      if (!/^\d+$/.test(entrada)) continue;
      let stat = '';
      try {
        stat = readFileSync(`/proc/${entrada}/stat`, 'utf8');
      } catch {
        continue; // the process ended meanwhile
      }
      // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15) cutime(16)
      // cstime(17). Backends that ended are counted in the postmaster's cutime and cstime.
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entrada) === postmaster) ticks += Number(campos[11]) + Number(campos[12]) + Number(campos[13]) + Number(campos[14]);
      else if (Number(campos[1]) === postmaster) ticks += Number(campos[11]) + Number(campos[12]);
    }
    return ticks * 10;
  } catch {
    return 0;
  }
}

function medir(datos: { base: string; cabeceras: Record<string, string>; urls: string[]; directorioDatos: string }): Promise<Medicion> {
  return new Promise((resolve, reject) => {
    const clientes = spawn(process.execPath, ['-e', CODIGO_CLIENTES], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let antes: { servidor: NodeJS.CpuUsage; postgres: number } | null = null;
    // The clients say when the warm-up ends; the CPU counters are read then (to the nearest 10 ms tick).
    clientes.on('message', (mensaje: { fase: 'inicio' } | Omit<Medicion, 'cpuServidorMs' | 'cpuPostgresMs'>) => {
      if ('fase' in mensaje) {
        antes = { servidor: process.cpuUsage(), postgres: cpuPostgresMs(datos.directorioDatos) };
        return;
      }
      const servidor = antes ? process.cpuUsage(antes.servidor) : { user: 0, system: 0 };
      const postgres = antes ? cpuPostgresMs(datos.directorioDatos) - antes.postgres : 0;
      resolve({ ...mensaje, cpuServidorMs: (servidor.user + servidor.system) / 1000, cpuPostgresMs: postgres });
    });
    clientes.once('error', reject);
    clientes.send({ base: datos.base, cabeceras: datos.cabeceras, urls: datos.urls, clientes: CLIENTES, segundos: SEGUNDOS, calentamientoMs: CALENTAMIENTO_MS });
  });
}

const { embebido, directorioDatos, detener } = await iniciarPostgresTemporal('tablero-bench-');
let salida = 0;
try {
  await embebido.crearBaseDatos('bench');
  const db = crearDb(embebido.url('bench'));
  await migrarAlUltimo(db);

  console.log(`Sembrando ${PRODUCTOS.toLocaleString('en-US')} productos en dos tiendas…`);
  const inicioSiembra = performance.now();
  await db.insertInto('tienda').values([
    { codigo_tienda: '001', nombre_tienda: 'Principal' },
    { codigo_tienda: '002', nombre_tienda: 'Norte' },
  ]).execute();
  const { id: userId } = await db
    .insertInto('usuario')
    .values({ name: 'Bodega Bench', email: 'bench@tablero.test', password_hash: await hashPassword('bench1234'), role: 'Bodega' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('usuario_tienda').values([{ user_id: userId, codigo_tienda: '001' }, { user_id: userId, codigo_tienda: '002' }]).execute();
  await db.insertInto('parametro').values({ codigo_parametro: 'LISTA_GRUPOS_TABLEROS', valor_parametro: '1,3' }).execute();
  await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 }).execute();
  await db.insertInto('proveedor').values({ nombre_proveedor: 'Proveedor Bench', nit: '900000000-0', numero_telefonico: '6010000000', correo_electronico: 'bench@proveedor.test' }).execute();
  // Names mix kinds, colours (some with accents) and thicknesses: "blanco" matches 1 in 10 products,
  // "tablero melamina blanco 18" about 1 in 350.
  await sql`
    insert into producto (referencia, nombre_producto, precio_unitario, impuesto_id, proveedor_id, grupo_id, linea_id, medida_largo, medida_ancho)
    select (array['MEL','MDF','TC','BIS','COR','MAN','TOR'])[1 + i % 7] || '-' || lpad(i::text, 6, '0'),
           (array['Tablero Melamína','Tablero MDF','Tapacanto rígido','Bisagra','Corredera','Manija','Tornillo'])[1 + i % 7] || ' ' ||
           (array['Blanco','Negro','Gris Grafito','Roble Santana','Nogal Cádiz','Wengué','Lino Cenizo','Cerezo','Ártico','Almendra'])[1 + (i / 7) % 10] || ' ' ||
           (array['9','12','15','18','25'])[1 + (i / 70) % 5] || ' mm',
           1000 + (i % 500) * 400,
           (select min(id) from impuesto), (select min(id) from proveedor),
           (array[1,3,2,4,4,4,4])[1 + i % 7], (array[1,6,4,8,9,11,10])[1 + i % 7],
           case when i % 7 in (0, 1) then 2440 end, case when i % 7 in (0, 1) then 2150 end
      from generate_series(1, ${PRODUCTOS}) as i
  `.execute(db);
  await sql`
    insert into inventario (codigo_tienda, producto_id, cantidad, precio_unitario, costo_inventario_unitario)
    select t.codigo_tienda, p.id, (p.id * 7 + length(t.codigo_tienda)) % 40, p.precio_unitario, round(p.precio_unitario * 0.6, 2)
      from producto p cross join tienda t
  `.execute(db);
  await sql`vacuum analyze`.execute(db);
  console.log(`Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s`);

  const app = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: 'secreto-del-benchmark' });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${puerto}/api`;
  const ingreso = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@tablero.test', password: 'bench1234' }) });
  const token = ((await ingreso.json()) as { data: { token: string } }).data.token;
  const cabeceras = { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001' };

  const escenarios: { nombre: string; urls: string[] }[] = [
    { nombre: 'productos: lista, página 1', urls: ['/productos?page=1'] },
    { nombre: 'productos: lista, páginas 1–500 al azar', urls: Array.from({ length: 50 }, (_, i) => `/productos?page=${1 + ((i * 37) % 500)}`) },
    { nombre: 'productos: "tablero melamina blanco 18"', urls: ['/productos?query=tablero%20melamina%20blanco%2018'] },
    { nombre: 'productos: palabra común "blanco"', urls: ['/productos?query=blanco'] },
    { nombre: 'productos: referencia "MEL-0012"', urls: ['/productos?query=MEL-0012'] },
    { nombre: 'productos: búsquedas variadas', urls: ['nogal cadiz 15', 'ARTICO', 'tornillo gris', 'MDF-0450', 'roble santana', 'corredera almendra 25', 'wengue', 'bisagra lino'].map((q) => `/productos?query=${encodeURIComponent(q)}`) },
    { nombre: 'productos: tapacantos (grupo_id=2)', urls: ['/productos?grupo_id=2&page=3'] },
    { nombre: 'inventarios: lista, página 1', urls: ['/inventarios?page=1'] },
    { nombre: 'inventarios: "melamina negro"', urls: ['/inventarios?query=melamina%20negro'] },
  ];

  // ESCENARIOS=lista,blanco keeps the scenarios whose name contains one of the words.
  const filtro = process.env.ESCENARIOS?.split(',').map((palabra) => palabra.trim()).filter(Boolean) ?? [];
  const elegidos = filtro.length > 0 ? escenarios.filter((e) => filtro.some((palabra) => e.nombre.includes(palabra))) : escenarios;

  const resultados: { escenario: string; solicitudes: number; errores: number; rps: number; p50: number; p95: number; p99: number; cpuMsPorSolicitud: { servidor: number; postgres: number; clientes: number } }[] = [];
  for (const escenario of elegidos) {
    const medicion = await medir({ base, cabeceras, urls: escenario.urls, directorioDatos });
    const latencias = medicion.latencias.sort((a, b) => a - b);
    const porSolicitud = (ms: number) => Number((ms / Math.max(1, latencias.length)).toFixed(2));
    const fila = {
      escenario: escenario.nombre,
      solicitudes: latencias.length,
      errores: medicion.errores,
      rps: Math.round(latencias.length / medicion.duracion),
      p50: Number(percentil(latencias, 50).toFixed(1)),
      p95: Number(percentil(latencias, 95).toFixed(1)),
      p99: Number(percentil(latencias, 99).toFixed(1)),
      cpuMsPorSolicitud: { servidor: porSolicitud(medicion.cpuServidorMs), postgres: porSolicitud(medicion.cpuPostgresMs), clientes: porSolicitud(medicion.cpuMs) },
    };
    resultados.push(fila);
    const cpu = fila.cpuMsPorSolicitud;
    console.log(
      `${fila.escenario.padEnd(46)} ${String(fila.rps).padStart(5)} sol/s   p50 ${String(fila.p50).padStart(6)} ms   p95 ${String(fila.p95).padStart(6)} ms   p99 ${String(fila.p99).padStart(6)} ms` +
        `   CPU/sol: servidor ${cpu.servidor.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, clientes ${cpu.clientes.toFixed(2)} ms   errores ${fila.errores}`,
    );
  }

  await app.close();
  await db.destroy();
  const carpetaResultados = path.join(import.meta.dirname, 'results');
  await mkdir(carpetaResultados, { recursive: true });
  const archivo = path.join(carpetaResultados, `productos-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
  await writeFile(archivo, JSON.stringify({ productos: PRODUCTOS, tiendas: 2, clientes: CLIENTES, segundos: SEGUNDOS, cargaMaquina: loadavg().map((n) => Number(n.toFixed(2))), resultados }, null, 2));
  console.log(`\nResultados en ${path.relative(process.cwd(), archivo)}`);
  if (resultados.some((r) => r.errores > 0)) salida = 1;
} catch (error) {
  console.error(error);
  salida = 1;
} finally {
  await detener();
}
process.exit(salida);
