// Benchmark of the sales report (docs/decisions-informe-ventas.md, "Rendimiento"): a year of a ten-store chain
// (bench/siembra-cadena.ts: 1,000,000 sales by default, 3 lines each, 2,000 products), to which it adds what the report
// reads beyond it: 12 categories over the products, a weighted average cost for 4 in 5 products in every store,
// commission rates for half the sellers and two categories, and a partial return of 1 in 100 billed sales. Then it
// starts the real app on a loopback port and times, one request at a time over real HTTP (keep-alive), p50/p95 of
// POST informe-ventas for each grouping: a year of every store, a year of one store, a month of one store; and once
// each the .xlsx of every grouping for the year. Goal: < 1 s (p95) for every grouping of a year of the chain.
//
//   npm run bench:informe-ventas -w @tablero/server                 (defaults: 1000000 sales, 10 repetitions)
//   VENTAS=200000 REPETICIONES=5 npm run bench:informe-ventas -w @tablero/server
//   DATOS=/tmp/cadena-informe npm run bench:informe-ventas -w @tablero/server   (keeps the seeded folder for the next run)
//   EXPLICAR=1 …                                                    (also prints EXPLAIN ANALYZE of the year's product grouping)
//
// Only loopback traffic; every loop is bounded and the script stops by itself.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { AGRUPACIONES_INFORME_VENTAS, hoyNegocio, ZONA_NEGOCIO } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { puertoLibre } from '../test/puertos';
import { percentil } from './medidas';
import { abrirCadena, describirCadena, opcionesDelEntorno } from './siembra-cadena';

const REPETICIONES = Number(process.env.REPETICIONES ?? 10);
const EXPLICAR = process.env.EXPLICAR === '1';
const MARCA_INFORME = 'informe-ventas';

const opciones = opcionesDelEntorno();
console.log(`Un año de ${opciones.tiendas} tiendas: ${opciones.ventas.toLocaleString('en-US')} ventas de ${opciones.lineas} líneas, ${opciones.productos} productos…`);
const datos = await abrirCadena(process.env.DATOS, { ...opciones, alAvanzar: (paso, s) => console.log(`  ${s.toFixed(1).padStart(6)} s  ${paso}`) });
console.log(`${datos.sembrada ? 'Siembra lista' : 'Ya estaba sembrada'}:\n${describirCadena(datos.cadena)}`);
let salida = 0;
// The setup's own connection, without the app's statement timeout (migrating and summarizing a year take minutes).
const carga = crearDb(datos.url, { statementTimeoutMs: 0, maxConexiones: 1 });
const db = crearDb(datos.url);
try {
  // A data folder seeded before this report's migrations gets them now.
  await migrarAlUltimo(carga);
  // What the report reads beyond the chain's seed, once per data folder (a parameter row marks it).
  const hecho = await carga.selectFrom('parametro').select('valor_parametro').where('codigo_parametro', '=', 'BENCH_INFORME_VENTAS').executeTakeFirst();
  if (!hecho) {
    const inicio = performance.now();
    await sql`set session_replication_role = replica`.execute(carga);
    await sql`insert into categoria_producto (nombre_categoria_producto) select 'Categoría ' || n from generate_series(1, 12) n`.execute(carga);
    await sql`
      update producto p set categoria_producto_id = c.id
        from (select id, row_number() over (order by id) - 1 as n from categoria_producto) c
       where c.n = p.id % 12
    `.execute(carga);
    await sql`update inventario set costo_inventario_unitario = round(precio_unitario * 0.6, 2) where producto_id % 5 <> 0`.execute(carga);
    await sql`
      insert into comision_venta (vendedor_id, porcentaje)
      select id, 2.5 from usuario where role = 'Vendedor' and id % 2 = 0
    `.execute(carga);
    await sql`insert into comision_venta (categoria_producto_id, porcentaje) select id, 1.5 from categoria_producto order by id limit 2`.execute(carga);
    await sql`
      with elegidas as (
        select v.id, v.codigo_tienda, v.fecha_factura from venta v where v.estado_venta_id in (2, 6) and v.id % 100 = 7
      ), devoluciones as (
        insert into devolucion_venta (venta_id, codigo_tienda, motivo, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total, valor_dinero, created_at)
        select e.id, e.codigo_tienda, 'Benchmark', d.valor_subtotal, d.valor_impuesto, d.valor_otros_impuestos, d.valor_total, d.valor_total, e.fecha_factura + interval '3 days'
          from elegidas e
          join lateral (select * from venta_detalle where venta_id = e.id order by id limit 1) d on true
        returning id, venta_id
      )
      insert into devolucion_venta_detalle (devolucion_venta_id, venta_detalle_id, producto_id, cantidad, valor_bruto, valor_descuento, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total)
      select r.id, d.id, d.producto_id, d.cantidad, d.valor_bruto, d.valor_descuento, d.valor_subtotal, d.valor_impuesto, d.valor_otros_impuestos, d.valor_total
        from devoluciones r
        join lateral (select * from venta_detalle where venta_id = r.venta_id order by id limit 1) d on true
    `.execute(carga);
    await sql`set session_replication_role = origin`.execute(carga);
    await carga.insertInto('parametro').values({ codigo_parametro: 'BENCH_INFORME_VENTAS', valor_parametro: MARCA_INFORME }).execute();
    await sql`analyze`.execute(carga);
    console.log(`Categorías, costos, comisiones y devoluciones en ${((performance.now() - inicio) / 1000).toFixed(1)} s.`);
  }
  // The closed days' summary rebuilt from the sales once the extras are in (a bulk load with past dates bypasses it),
  // untimed; a folder already summarized keeps its summary (the report adds the days since).
  const resumido = await carga.selectFrom('parametro').select('valor_parametro').where('codigo_parametro', '=', 'BENCH_INFORME_VENTAS_RESUMEN').executeTakeFirst();
  if (!resumido) {
    const inicioResumen = performance.now();
    await sql`select informe_ventas_reconstruir()`.execute(carga);
    await sql`analyze informe_venta_dia, informe_venta_vendedor_dia, informe_producto_dia, informe_producto_mes`.execute(carga);
    await carga.insertInto('parametro').values({ codigo_parametro: 'BENCH_INFORME_VENTAS_RESUMEN', valor_parametro: MARCA_INFORME }).execute();
    console.log(`Resumen de los días cerrados reconstruido en ${((performance.now() - inicioResumen) / 1000).toFixed(1)} s.`);
  }
  const devoluciones = await db.selectFrom('devolucion_venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  console.log(`  devolucion_venta ${Number(devoluciones.n).toLocaleString('en-US')}`);

  const app = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: 'secreto-del-benchmark' });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = new URL(`http://127.0.0.1:${puerto}/api`);
  const ingreso = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: datos.cadena.gerente.email, password: datos.cadena.clave }) });
  const token = ((await ingreso.json()) as { data: { token: string } }).data.token;

  const agente = new Agent({ keepAlive: true, maxSockets: 2 });
  const llamar = (ruta: string, cuerpo: object) =>
    new Promise<{ estado: number; cuerpo: Buffer; ms: number }>((resolve, reject) => {
      const texto = JSON.stringify(cuerpo);
      const t0 = performance.now();
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${ruta}`,
          method: 'POST',
          agent: agente,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) },
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

  /** One warm-up, then REPETICIONES timed calls; p50/p95/max against the goal (none: a reference). */
  async function medir(nombre: string, meta: number | null, cuerpo: object) {
    const calentamiento = await llamar('/informe-ventas', cuerpo);
    if (calentamiento.estado !== 200) {
      console.log(`  ${nombre}: estado ${calentamiento.estado} ${calentamiento.cuerpo.toString().slice(0, 300)}`);
      salida = 1;
      return;
    }
    const filas = (JSON.parse(calentamiento.cuerpo.toString()) as { data: { filas: unknown[] } }).data.filas.length;
    const tiempos: number[] = [];
    for (let i = 0; i < REPETICIONES; i++) tiempos.push((await llamar('/informe-ventas', cuerpo)).ms);
    tiempos.sort((a, b) => a - b);
    const p95 = percentil(tiempos, 95);
    console.log(
      `  ${nombre.padEnd(34)} ${String(filas).padStart(5)} filas · p50 ${percentil(tiempos, 50).toFixed(0).padStart(5)} ms · p95 ${p95.toFixed(0).padStart(5)} ms · ` +
        `máx ${tiempos.at(-1)!.toFixed(0).padStart(5)} ms · ${meta === null ? 'referencia' : `meta < ${meta} ms ${p95 < meta ? 'sí' : 'NO'}`} (carga ${loadavg()[0]!.toFixed(1)})`,
    );
    if (meta !== null && p95 >= meta) salida = 1;
  }

  const hoy = hoyNegocio(new Date(), ZONA_NEGOCIO);
  const diaAtras = (n: number) => new Date(Date.parse(`${hoy}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const anio = { fecha_inicial: diaAtras(364), fecha_final: hoy };
  const mes = { fecha_inicial: diaAtras(30), fecha_final: diaAtras(1) };
  console.log(`\nUna solicitud a la vez, HTTP real, ${REPETICIONES} repeticiones (tras una de calentamiento):`);
  for (const agrupar_por of AGRUPACIONES_INFORME_VENTAS) {
    await medir(`un año, todas las tiendas, ${agrupar_por}`, 1000, { ...anio, agrupar_por });
    await medir(`un año, tienda 001, ${agrupar_por}`, 1000, { ...anio, agrupar_por, codigo_tienda: '001' });
    await medir(`un mes, tienda 001, ${agrupar_por}`, 300, { ...mes, agrupar_por, codigo_tienda: '001' });
  }
  console.log('\nExportaciones de un año, todas las tiendas (una vez cada una):');
  for (const agrupar_por of AGRUPACIONES_INFORME_VENTAS) {
    const r = await llamar('/informe-ventas/exportar', { ...anio, agrupar_por });
    console.log(`  ${agrupar_por.padEnd(10)} ${r.ms.toFixed(0).padStart(6)} ms · ${(r.cuerpo.length / 1024).toFixed(0)} KB · estado ${r.estado}`);
    if (r.estado !== 200) salida = 1;
  }
  await app.close();

  if (EXPLICAR) {
    const cliente = new pg.Client({ connectionString: datos.url });
    await cliente.connect();
    const capturadas: { sql: string; parameters: readonly unknown[] }[] = [];
    const ejecutor = db.getExecutor();
    const ejecutar = ejecutor.executeQuery.bind(ejecutor);
    Object.assign(ejecutor, {
      executeQuery: (consulta: { sql: string; parameters: readonly unknown[] }, id: Parameters<typeof ejecutar>[1]) => {
        capturadas.push(consulta);
        return ejecutar(consulta as never, id);
      },
    });
    const { informeVentas } = await import('../src/modules/informe-ventas');
    for (const agrupar_por of ['producto', 'vendedor'] as const) {
      capturadas.length = 0;
      await informeVentas(db, { ...anio, agrupar_por, codigo_tienda: null });
      for (const consulta of capturadas) {
        const plan = await cliente.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${consulta.sql}`, [...consulta.parameters]);
        console.log(`\nEXPLAIN ANALYZE, un año por ${agrupar_por}:\n${plan.rows.map((fila) => `    ${fila['QUERY PLAN']}`).join('\n')}`);
      }
    }
    await cliente.end();
  }
} finally {
  await carga.destroy();
  await db.destroy();
  await datos.detener();
}
process.exit(salida);
