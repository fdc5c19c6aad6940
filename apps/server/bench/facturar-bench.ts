// Benchmark of billing (the billing speed goal, README "Pruebas"): in a throwaway embedded PostgreSQL, seeds one store with 300
// products, a remission range and enough pending sales of ~10 lines each, starts the real app on a loopback port, and
// has 20 cashiers bill different sales at once (POST facturas/{id}/forma-pago with cash and card, real HTTP,
// keep-alive, from a thread of their own) for a fixed time. Prints p50/p95/p99 of a bill and the bills per second, then checks that stock and its
// ledger add up exactly and that the numbers handed out are consecutive, without a gap or a repeat. Goal: p95 < 200 ms.
//
//   npm run bench:facturar -w @tablero/server                    (defaults: 20 cashiers, 10 lines, 10 s)
//   CAJEROS=8 LINEAS=20 SEGUNDOS=5 PRODUCTOS=300 npm run bench:facturar -w @tablero/server
//   COMMIT_ASINCRONO=1 …   (diagnosis: how much of a bill is the commit's flush)
//   PERFIL=30 …            (bills profiled one at a time before the load; 0 skips it)
//   PLANES=2 …             (the plans of the profiled bill's slowest reads, EXPLAIN ANALYZE; 0 skips them)
//   SIN_RESERVA=1 …        (diagnosis: orders reserve for 0 days, so the bill's reservation check adds up nothing)
//   PERFIL_CPU=a.cpuprofile … (the server's thread sampled while the cashiers bill: open it in Chrome's DevTools)
//
// Before the load, PERFIL bills run one at a time: every statement the app's pg clients send is counted (BEGIN and
// COMMIT included: each is a round trip), and the CPU the app's process and the database's backends spend per bill is
// read from the kernel (/proc), so a change to the bill can be weighed in statements and CPU, not only in latency.
//
// Only loopback traffic; the loop is bounded by time and the script stops by itself.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { medirCarga } from './carga-http';
import { cpuDe, cpuEntre, medirCpu, percentil } from './medidas';
import { pagoMixto } from './pago-mixto';

const CAJEROS = Number(process.env.CAJEROS ?? 20);
const LINEAS = Number(process.env.LINEAS ?? 10);
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 10);
/** Pending sales per cashier: more than one cashier bills in the whole run. */
const VENTAS_POR_CAJERO = Number(process.env.VENTAS_POR_CAJERO ?? 400);
const PRODUCTOS = Number(process.env.PRODUCTOS ?? 300);
const STOCK_INICIAL = 1_000_000;
const CALENTAMIENTO_MS = 2000;
const PERFIL = Number(process.env.PERFIL ?? 30);

// Every statement any pg client of this process sends while `contando` (the app's pool uses pg.Client), and how long
// it took from being sent to its answer (a bill's statements run one after another, so nothing queues before them).
const sentencias: { texto: string; valores: unknown[]; ms: number }[] = [];
let contando = false;
const consultaOriginal = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const resultado = consultaOriginal.apply(this, args);
  if (contando) {
    const primera = args[0] as string | { text?: string } | undefined;
    const valores = (typeof primera === 'object' && primera !== null ? (primera as { values?: unknown[] }).values : args[1]) ?? [];
    const fila = { texto: (typeof primera === 'string' ? primera : (primera?.text ?? '?')).replace(/\s+/g, ' ').trim(), valores: valores as unknown[], ms: NaN };
    sentencias.push(fila);
    const inicio = performance.now();
    if (resultado instanceof Promise) void resultado.then(() => (fila.ms = performance.now() - inicio), () => {});
  }
  return resultado;
} as typeof pg.Client.prototype.query;

const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-facturar-');
let salida = 0;
try {
  await embebido.crearBaseDatos('bench');
  // The seeding and the checks run without a statement limit (10,000 sales through the audit trigger take longer than
  // a request may); the app gets its own pool with the defaults, as it runs.
  const db = crearDb(embebido.url('bench'), { statementTimeoutMs: 0 });
  await migrarAlUltimo(db);

  const totalVentas = CAJEROS * VENTAS_POR_CAJERO;
  console.log(`Sembrando ${totalVentas.toLocaleString('en-US')} ventas pendientes de ${LINEAS} líneas, ${PRODUCTOS} productos y ${CAJEROS} cajeros…`);
  const inicioSiembra = performance.now();
  await db.insertInto('tienda').values({ codigo_tienda: '001', nombre_tienda: 'Principal' }).execute();
  const hash = await hashPassword('bench1234');
  const cajeros = await db
    .insertInto('usuario')
    .values(Array.from({ length: CAJEROS }, (_, n) => ({ name: `Cajero ${n}`, email: `cajero${n}@bench.test`, password_hash: hash, role: 'Vendedor' as const })))
    .returning('id')
    .execute();
  await db.insertInto('usuario_tienda').values(cajeros.map(({ id }) => ({ user_id: id, codigo_tienda: '001' }))).execute();
  await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 }).execute();
  await db.insertInto('proveedor').values({ nombre_proveedor: 'Proveedor Bench', nit: '900000000-0', numero_telefonico: '6010000000', correo_electronico: 'bench@proveedor.test' }).execute();
  await sql`
    insert into producto (referencia, nombre_producto, precio_unitario, impuesto_id, proveedor_id, grupo_id, linea_id)
    select 'BEN-' || lpad(i::text, 4, '0'), 'Producto de prueba ' || i, 1000 + (i % 97) * 350.5, (select min(id) from impuesto), (select min(id) from proveedor), 4, 8
      from generate_series(1, ${PRODUCTOS}) as i
  `.execute(db);
  await sql`
    insert into inventario (codigo_tienda, producto_id, cantidad, precio_unitario, costo_inventario_unitario)
    select '001', p.id, ${STOCK_INICIAL}, p.precio_unitario, round(p.precio_unitario * 0.6, 2) from producto p
  `.execute(db);
  await db
    .insertInto('rango_numeracion')
    .values({ codigo_tienda: '001', tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 1, numero_hasta: 10_000_000, siguiente_numero: 1 })
    .execute();
  const { id: clienteId } = await db
    .insertInto('tercero')
    .values({
      tipo_documento_id: 1,
      numero_documento: '1000000001',
      nombres: 'Cliente',
      apellidos: 'Bench',
      correo_electronico: 'cliente@bench.test',
      numero_celular: '3000000000',
      tipo_tercero: 'C',
      tipo_persona: 'Person',
      responsable_iva: false,
      responsabilidad_fiscal: 'R-99-PN',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Pending sales, LINEAS lines each over products shared between cashiers (bills contend on the same stock rows),
  // with the amounts calcularTotalesVenta gives (19 % tax, half-up to the centavo) and the header's exact sums.
  await sql`
    insert into venta (codigo_tienda, cliente_id, vendedor_id, estado_venta_id)
    select '001', ${clienteId}, (select min(id) from usuario), 1 from generate_series(1, ${totalVentas})
  `.execute(db);
  await sql`
    insert into venta_detalle (venta_id, item, producto_id, cantidad, precio_unitario, porcentaje_impuesto, valor_bruto, valor_descuento, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total)
    select l.venta_id, l.item, l.producto_id, l.cantidad, i.precio_unitario, 19, round(l.cantidad * i.precio_unitario, 2), 0,
           round(l.cantidad * i.precio_unitario, 2), round(round(l.cantidad * i.precio_unitario, 2) * 0.19, 2), 0,
           round(l.cantidad * i.precio_unitario, 2) + round(round(l.cantidad * i.precio_unitario, 2) * 0.19, 2)
      from (
        select v.id as venta_id, k as item, (select min(id) from producto) + (v.id * 7 + k * 31) % ${PRODUCTOS} as producto_id, 1 + (v.id + k) % 5 as cantidad
          from venta v cross join generate_series(1, ${LINEAS}) as k
      ) l
      join inventario i on i.producto_id = l.producto_id and i.codigo_tienda = '001'
  `.execute(db);
  await sql`
    update venta v set total_subtotal_venta = d.subtotal, total_impuestos_venta = d.impuesto, total_venta = d.total
      from (select venta_id, sum(valor_subtotal) as subtotal, sum(valor_impuesto) as impuesto, sum(valor_total) as total from venta_detalle group by venta_id) d
     where d.venta_id = v.id
  `.execute(db);
  if (process.env.SIN_RESERVA === '1') await sql`insert into parametro (codigo_parametro, valor_parametro) values ('DIAS_RESERVA_PEDIDO', '0') on conflict (codigo_parametro) do update set valor_parametro = '0'`.execute(db);
  await sql`vacuum analyze`.execute(db);
  // COMMIT_ASINCRONO=1 (diagnosis only): commits return before the WAL reaches the disk, to see how much of a bill's
  // time is the flush that the range row waits for. Never how Tablero runs.
  if (process.env.COMMIT_ASINCRONO === '1') {
    await sql`alter system set synchronous_commit = off`.execute(db);
    await sql`select pg_reload_conf()`.execute(db);
  }
  console.log(`Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s`);

  const ventas = await db.selectFrom('venta').select(['id', 'total_venta']).orderBy('id').execute();
  const dbApp = crearDb(embebido.url('bench'));
  const app = await buildApp({ db: dbApp, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: 'secreto-del-benchmark' });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${puerto}/api`;
  const tokens: string[] = [];
  for (let n = 0; n < CAJEROS; n++) {
    const ingreso = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `cajero${n}@bench.test`, password: 'bench1234' }) });
    tokens.push(((await ingreso.json()) as { data: { token: string } }).data.token);
  }

  // One bill at a time: its statements and its CPU, in the app and in the database.
  const perfiladas = PERFIL > 0 ? ventas.slice(-PERFIL) : [];
  if (PERFIL > 0) {
    const backends = async () =>
      (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db)).rows.map((f) => f.pid);
    const cpuBase = async () => (await Promise.all((await backends()).map(cpuDe))).reduce((a, b) => a + b, 0);
    // A first bill warms the pool and the JIT; it is not counted.
    const llamar = (venta: (typeof ventas)[number]) =>
      fetch(`${base}/facturas/${venta.id}/forma-pago`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}`, 'x-codigo-tienda': '001' },
        body: JSON.stringify(pagoMixto(venta.total_venta)),
      });
    const primera = await llamar(perfiladas[0]!);
    if (primera.status !== 200) throw new Error(`perfil: ${primera.status} ${await primera.text()}`);
    const [appAntes, dbAntes] = [process.cpuUsage(), await cpuBase()];
    contando = true;
    const inicio = performance.now();
    for (const venta of perfiladas.slice(1)) {
      const respuesta = await llamar(venta);
      if (respuesta.status !== 200) throw new Error(`perfil: ${respuesta.status} ${await respuesta.text()}`);
    }
    const ms = performance.now() - inicio;
    contando = false;
    const app = process.cpuUsage(appAntes);
    const dbCpu = (await cpuBase()) - dbAntes;
    const cuantas = perfiladas.length - 1;
    const porFactura = sentencias.length / cuantas;
    console.log(`\nUna factura sola (${cuantas} seguidas, ${LINEAS} líneas, efectivo y tarjeta, carga ${loadavg()[0]!.toFixed(1)}):`);
    console.log(
      `  ${porFactura.toFixed(1)} sentencias por factura; ${(ms / cuantas).toFixed(1)} ms cada una; CPU por factura: ` +
        `app ${((app.user + app.system) / 1000 / cuantas).toFixed(1)} ms, base de datos ${((dbCpu * 1000) / cuantas).toFixed(1)} ms`,
    );
    // The statements of one bill, in order (the last one's), their parameters left out, each with its median time
    // over the profiled bills (sent to answered).
    const porTexto = new Map<string, number[]>();
    const clave = (texto: string) => texto.replace(/set_config\('tablero\.auditoria', '.*', true\)/, 'set_config(…)').slice(0, 200);
    for (const { texto, ms } of sentencias) if (Number.isFinite(ms)) porTexto.set(clave(texto), [...(porTexto.get(clave(texto)) ?? []), ms]);
    const una = sentencias.slice(-Math.round(porFactura));
    for (const [n, { texto }] of una.entries()) {
      const mediana = percentil((porTexto.get(clave(texto)) ?? [NaN]).sort((a, b) => a - b), 50);
      console.log(`  ${String(n + 1).padStart(3)}. ${mediana.toFixed(2).padStart(6)} ms  ${texto.slice(0, 140)}`);
    }
    // The plans of the bill's slowest reads (EXPLAIN ANALYZE, BUFFERS), run again with the last bill's values: what to
    // look at first when a bill gets slower.
    const lecturas = una
      .filter(({ texto }) => /^(\/\*[^*]*\*\/ )?select /i.test(texto) && !/pg_notify|pg_advisory|set_config/.test(texto))
      .map((fila) => ({ ...fila, mediana: percentil((porTexto.get(clave(fila.texto)) ?? [0]).sort((a, b) => a - b), 50) }))
      .sort((a, b) => b.mediana - a.mediana)
      .slice(0, Number(process.env.PLANES ?? 2));
    for (const { texto, valores, mediana } of lecturas) {
      const plan = await db.connection().execute(async (conexion) => {
        await sql`begin`.execute(conexion);
        try {
          const { rows } = await conexion.executeQuery<{ 'QUERY PLAN': string }>({ sql: `explain (analyze, buffers) ${texto.replace(/ for (update|share|key share|no key update)$/i, '')}`, parameters: valores, query: { kind: 'RawNode' } as never, queryId: { queryId: 'plan' } });
          return rows.map((r) => r['QUERY PLAN']);
        } finally {
          await sql`rollback`.execute(conexion);
        }
      });
      console.log(`\n  Plan (${mediana.toFixed(2)} ms): ${texto.slice(0, 100)}…`);
      for (const linea of plan) console.log(`    ${linea}`);
    }
  }

  // The machine's pace at this hour: the cheapest authenticated route, asked by as many clients as there are cashiers
  // (bench:facturas measures the same). The same code gave 87 and 126–131 bills/s on two quiet days: figures of
  // different days compare only beside it (docs/decisions.md, "Una factura en pocas sentencias").
  const referencia = await medirCarga({ base, tokens, codigoTienda: '001', metodo: 'GET', ruta: '/listas/tipos-pagos', calentamientoMs: 1000, duracionMs: 4000 });
  console.log(`\nReferencia de la máquina: GET listas/tipos-pagos, ${CAJEROS} clientes, ${(referencia.latencias.length / referencia.segundos).toFixed(0)} resp/s (carga ${loadavg()[0]!.toFixed(1)})`);
  if (referencia.errores > 0) salida = 1;

  // Each cashier bills its own slice of the pending sales, one after another; the cashiers run in a thread of their
  // own (bench/carga-http.ts), so the server's event loop is the server's alone. Where the machine's CPU goes
  // meanwhile: PostgreSQL's processes, the server's thread (this process's main thread, which PERFIL_CPU samples), and
  // the rest (the cashiers' thread, which ends before it can be read, V8's helpers, the kernel).
  const cpuAntes = await medirCpu(db);
  const perfilCpu = process.env.PERFIL_CPU ? new Session() : undefined;
  if (perfilCpu) {
    perfilCpu.connect();
    await perfilCpu.post('Profiler.enable');
    await perfilCpu.post('Profiler.start');
  }
  const { latencias, errores, segundos: duracion, agotadas } = await medirCarga({
    base,
    tokens,
    codigoTienda: '001',
    metodo: 'POST',
    secuencias: tokens.map((_, c) =>
      ventas
        .slice(0, ventas.length - perfiladas.length)
        .slice(c * VENTAS_POR_CAJERO, (c + 1) * VENTAS_POR_CAJERO)
        .map((venta) => ({ ruta: `/facturas/${venta.id}/forma-pago`, cuerpo: pagoMixto(venta.total_venta) })),
    ),
    calentamientoMs: CALENTAMIENTO_MS,
    duracionMs: SEGUNDOS * 1000,
  });
  const cpu = cpuEntre(cpuAntes, await medirCpu(db));
  if (perfilCpu) {
    const { profile } = await perfilCpu.post('Profiler.stop');
    await writeFile(process.env.PERFIL_CPU!, JSON.stringify(profile));
    perfilCpu.disconnect();
  }

  console.log(`\nFacturar una venta de ${LINEAS} líneas (efectivo y tarjeta), ${CAJEROS} cajeros a la vez (carga ${loadavg()[0]!.toFixed(1)}):`);
  console.log(`  facturas           ${latencias.length} en ${duracion.toFixed(1)} s (${(latencias.length / duracion).toFixed(1)} por segundo), errores ${errores}${agotadas ? ' (se acabaron las ventas pendientes: suba VENTAS_POR_CAJERO)' : ''}`);
  {
    // Over the warm-up and the measured part alike: every bill of both counts.
    const facturadasEnCarga = Number((await sql<{ n: string }>`select count(*) as n from venta where estado_venta_id = 2`.execute(db)).rows[0]!.n) - perfiladas.length;
    const { postgres, servidor, total, ociosa } = cpu;
    const porFactura = (segundos: number) => `${((segundos * 1000) / facturadasEnCarga).toFixed(1)} ms por factura`;
    console.log(
      `  CPU de la máquina: PostgreSQL ${postgres.toFixed(1)} s (${porFactura(postgres)}), hilo del servidor ${servidor.toFixed(1)} s (${porFactura(servidor)}), ` +
        `resto ${(total - ociosa - postgres - servidor).toFixed(1)} s, ociosa ${ociosa.toFixed(1)} s, de ${total.toFixed(1)} s`,
    );
  }
  console.log(`  p50 ${percentil(latencias, 50).toFixed(1)} ms · p95 ${percentil(latencias, 95).toFixed(1)} ms · p99 ${percentil(latencias, 99).toFixed(1)} ms (meta p95 < 200 ms)`);

  // The checks: every billed sale took out exactly its lines; every product's ledger adds up to its balance; the
  // numbers are 1..n with no gap and no repeat, and the range's next number is n + 1.
  const [facturadas] = (
    await sql<{ n: string }>`select count(*) as n from venta where estado_venta_id = 2`.execute(db)
  ).rows;
  const n = Number(facturadas!.n);
  const descuadresVenta = await sql<{ venta_id: number }>`
    select d.venta_id from (
      select venta_id, producto_id, sum(cantidad) as cantidad from venta_detalle
       where venta_id in (select id from venta where estado_venta_id = 2) group by venta_id, producto_id
    ) d
    full join (
      select cast(substring(documento from 'Venta No. (\\d+)') as int) as venta_id, producto_id, -sum(cantidad) as cantidad
        from inventario_movimiento where tipo_movimiento = 'VENTA' group by 1, 2
    ) m on m.venta_id = d.venta_id and m.producto_id = d.producto_id
     where d.cantidad is distinct from m.cantidad
  `.execute(db);
  const descuadresSaldo = await sql<{ producto_id: number }>`
    select i.producto_id from inventario i
      left join (select producto_id, sum(cantidad) as movido from inventario_movimiento group by producto_id) m on m.producto_id = i.producto_id
      left join lateral (select saldo from inventario_movimiento u where u.producto_id = i.producto_id order by id desc limit 1) u on true
     where i.cantidad <> ${STOCK_INICIAL} + coalesce(m.movido, 0) or (u.saldo is not null and u.saldo <> i.cantidad)
  `.execute(db);
  const [numeros] = (
    await sql<{ minimo: number | null; maximo: number | null; distintos: string; siguiente: number }>`
      select min(nro_factura_dian) as minimo, max(nro_factura_dian) as maximo, count(distinct nro_factura_dian) as distintos,
             (select siguiente_numero from rango_numeracion) as siguiente
        from venta where estado_venta_id = 2
    `.execute(db)
  ).rows;
  const numeracionExacta = n === 0 || (numeros!.minimo === 1 && numeros!.maximo === n && Number(numeros!.distintos) === n && numeros!.siguiente === n + 1);
  console.log(`  comprobación: ${n} ventas facturadas; inventario por venta ${descuadresVenta.rows.length === 0 ? 'exacto' : `con ${descuadresVenta.rows.length} diferencias`}; `
    + `saldos y kárdex ${descuadresSaldo.rows.length === 0 ? 'cuadran' : `no cuadran en ${descuadresSaldo.rows.length} productos`}; `
    + `numeración REM1..REM${numeros!.maximo ?? 0} ${numeracionExacta ? 'sin huecos ni repetidos' : 'con huecos o repetidos'} (siguiente ${numeros!.siguiente})`);
  if (errores > 0 || descuadresVenta.rows.length > 0 || descuadresSaldo.rows.length > 0 || !numeracionExacta) salida = 1;
  await app.close();
  await dbApp.destroy();
  await db.destroy();
} catch (error) {
  console.error(error);
  salida = 1;
} finally {
  await detener();
}
process.exit(salida);
