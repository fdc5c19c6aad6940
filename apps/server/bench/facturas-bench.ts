// Benchmark of Pendiente por facturar (the list's speed goal, README "Pruebas"): in a throwaway embedded PostgreSQL, seeds two
// stores with 1,000,000 sales over two years (5 % pending, 2 % in editing, 90 % billed, 3 % annulled) and 3,000,000
// payment rows of the billed ones, 100,000 customers and 20 sellers, set-based (generate_series), then ANALYZE. Starts
// the real app on a loopback port and has 20 clients ask for the first page of the list at once (POST facturas, real
// HTTP, keep-alive) for a fixed time per scenario: the default filters (state 1, the last two months to today), the
// same with a term, an invoice looked up on its own day (Cierre de mes' 'Ir a Facturación') and the billed sales with and
// without a term, an invoice's number among them (the clients run in a thread of their own,
// bench/carga-http.ts). Prints p50/p95/p99 (goal p95 under 50 ms). Then
// times the export of 10,000 billed sales (link + download of the .xlsx; goal under 5 s), while one client keeps
// asking for the list, to show the export does not hold the event loop.
//
//   npm run bench:facturas -w @tablero/server             (defaults: 1000000 sales, 3000000 payments, 20 clients, 8 s)
//   VENTAS=200000 CLIENTES=10 SEGUNDOS=4 npm run bench:facturas -w @tablero/server
//   EXPLICAR=1 npm run bench:facturas -w @tablero/server  (also prints EXPLAIN ANALYZE of the list's queries)
//   SOLO=gomez SEGUNDOS=20 npm run bench:facturas -w @tablero/server   (the reference, then only the scenarios whose name holds 'gomez')
//   ALTERNAR_PLANTILLAS=3 SOLO=factura npm run bench:facturas -w @tablero/server   (each scenario 3 times with the
//     statements' templates and 3 times built in full on every request, alternated: db/plantillas.ts)
//
// Only loopback traffic; every loop is bounded by time and the script stops by itself.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { hoyNegocio, MESES_RANGO_FACTURACION, sumarMeses } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { PlantillasPreparadas } from '../src/db/plantillas';
import { migrarAlUltimo } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { medirCarga } from './carga-http';
import { cpuEntre, medirCpu, percentil } from './medidas';
import { crearIndiceFichasLista } from '../src/db/migrations/202612090700_fichas_lista_numeros';

const VENTAS = Number(process.env.VENTAS ?? 1_000_000);
const PAGOS = Number(process.env.PAGOS ?? 3_000_000);
const CLIENTES = Number(process.env.CLIENTES ?? 20);
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 8);
const FILAS_EXPORTAR = Number(process.env.FILAS_EXPORTAR ?? 10_000);
const EXPLICAR = process.env.EXPLICAR === '1';
/** Only the scenarios whose name holds this text (e.g. SOLO=gomez), to profile one. */
const SOLO = process.env.SOLO ?? '';
/** Each scenario this many times with the list's templates and as many built in full, alternated (db/plantillas.ts). */
const ALTERNAR_PLANTILLAS = Number(process.env.ALTERNAR_PLANTILLAS ?? 0);
const TERCEROS = 100_000;
const VENDEDORES = 20;
const CALENTAMIENTO_MS = 1500;

const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-facturas-');
let salida = 0;
try {
  await embebido.crearBaseDatos('bench');
  const db = crearDb(embebido.url('bench'));
  await migrarAlUltimo(db);
  // EXPLICAR: every statement the app runs while `capturando` is kept, to be explained afterwards. Patched on the
  // executors' class, so the statements of a transaction (its executor is another instance) are kept too.
  const capturadas: CompiledQuery[] = [];
  let capturando = false;
  const claseEjecutor = Object.getPrototypeOf(db.getExecutor()) as { executeQuery: (consulta: CompiledQuery, ...resto: unknown[]) => unknown };
  const ejecutar = claseEjecutor.executeQuery;
  claseEjecutor.executeQuery = function (this: unknown, consulta: CompiledQuery, ...resto: unknown[]) {
    if (capturando) capturadas.push(consulta);
    return ejecutar.call(this, consulta, ...resto);
  };

  console.log(`Sembrando ${VENTAS.toLocaleString('en-US')} ventas y ~${PAGOS.toLocaleString('en-US')} formas de pago en dos tiendas…`);
  const inicioSiembra = performance.now();
  // The load runs on one connection of its own, without the app's statement timeout and without firing the foreign
  // keys' row-by-row checks (session_replication_role): the rows are consistent by construction, and a million
  // sales load in seconds instead of minutes.
  const carga = crearDb(embebido.url('bench'), { maxConexiones: 1, statementTimeoutMs: 0 });
  await sql`set session_replication_role = replica`.execute(carga);
  // The billing list's word index is built once after the load (migration 202612090500), not kept sale by sale.
  await sql`drop index venta_fichas_lista_idx`.execute(carga);
  await db.insertInto('tienda').values([{ codigo_tienda: '001', nombre_tienda: 'Principal' }, { codigo_tienda: '002', nombre_tienda: 'Norte' }]).execute();
  const hash = await hashPassword('bench1234');
  const vendedores = await db
    .insertInto('usuario')
    .values(Array.from({ length: VENDEDORES }, (_, n) => ({ name: `${['Carlos', 'Diana', 'Jorge', 'Lucía', 'Andrés'][n % 5]} Vendedor ${n}`, email: `vendedor${n}@bench.test`, password_hash: hash, role: 'Vendedor' as const })))
    .returning('id')
    .execute();
  await db.insertInto('usuario_tienda').values(vendedores.flatMap(({ id }) => [{ user_id: id, codigo_tienda: '001' }, { user_id: id, codigo_tienda: '002' }])).execute();
  const primerVendedor = vendedores[0]!.id;
  // Customers with real-looking names, accents included: 1 in 12 has the surname Gómez (the term searched below).
  await sql`
    insert into tercero (tipo_documento_id, numero_documento, nombres, apellidos, correo_electronico, numero_celular, tipo_tercero, tipo_persona, responsable_iva, responsabilidad_fiscal)
    select 1, (10000000 + i)::text,
           (array['Ana María', 'José', 'Lucía', 'Andrés', 'Martín', 'Sofía', 'Camilo', 'Valentina', 'Óscar', 'Julián'])[1 + i % 10],
           (array['Gómez', 'Rodríguez', 'Pérez', 'Martínez', 'López', 'García', 'Hernández', 'Díaz', 'Muñoz', 'Ramírez', 'Castaño', 'Zapata'])[1 + (i / 10) % 12]
             || ' ' || (array['Ruiz', 'Ortiz', 'Vargas', 'Rojas', 'Moreno', 'Jiménez', 'Suárez'])[1 + i % 7],
           'cliente' || i || '@bench.test', '300' || lpad(i::text, 7, '0'), 'C', 'Person', false, 'R-99-PN'
      from generate_series(1, ${TERCEROS}) as i
  `.execute(carga);
  const rangos = await db
    .insertInto('rango_numeracion')
    .values([
      { codigo_tienda: '001', tipo_documento: 'REMISION', prefijo: 'RA', numero_desde: 1, numero_hasta: 9_000_000, siguiente_numero: VENTAS + 1 },
      { codigo_tienda: '002', tipo_documento: 'REMISION', prefijo: 'RB', numero_desde: 1, numero_hasta: 9_000_000, siguiente_numero: VENTAS + 1 },
    ])
    .returning(['id', 'codigo_tienda'])
    .execute();
  const rango = (tienda: string) => rangos.find((r) => r.codigo_tienda === tienda)!.id;
  // Two years of sales, a sale every ~1 min per store, spread over the day; states by i modulo 100.
  await sql`
    insert into venta (codigo_tienda, cliente_id, vendedor_id, fecha_venta, estado_venta_id, total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta,
                       tipo_documento, rango_numeracion_id, prefijo_factura_dian, nro_factura_dian, fecha_factura, facturador_id, modo_factura, valor_venta_cambio_favor,
                       cliente_texto_busqueda)
    select s.tienda, s.cliente_id, ${primerVendedor}::int + s.i % ${VENDEDORES}, s.fecha, s.estado,
           s.subtotal, round(s.subtotal * 0.05, 2), round(s.subtotal * 0.19, 2), s.subtotal - round(s.subtotal * 0.05, 2) + round(s.subtotal * 0.19, 2),
           case when s.estado in (2, 3) then 'REMISION' end,
           case when s.estado in (2, 3) then (case s.tienda when '001' then ${rango('001')}::int else ${rango('002')}::int end) end,
           case when s.estado in (2, 3) then (case s.tienda when '001' then 'RA' else 'RB' end) end,
           case when s.estado in (2, 3) then s.i end,
           case when s.estado in (2, 3) then s.fecha + interval '10 minutes' end,
           case when s.estado in (2, 3) then ${primerVendedor}::int end,
           case when s.estado in (2, 3) then 'C' end,
           0,
           -- What the sale's trigger copies from its customer (triggers are off while seeding).
           (select t.texto_busqueda from tercero t where t.id = s.cliente_id)
      from (
        select i, case when i % 2 = 0 then '001' else '002' end as tienda,
               (select min(id) from tercero) + ((i::bigint * 7919) % ${TERCEROS})::int as cliente_id,
               now() - (i::double precision / ${VENTAS}) * interval '730 days' as fecha,
               case when i % 100 < 5 then 1 when i % 100 < 7 then 4 when i % 100 < 10 then 3 else 2 end as estado,
               (10000 + (i * 37) % 2000000)::numeric(18,2) as subtotal
          from generate_series(1, ${VENTAS}) as i
      ) as s
  `.execute(carga);
  // The payments of the billed and annulled sales: 3 each, a fourth for some, so they add up to about PAGOS.
  const facturadas = Number((await db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).where('nro_factura_dian', 'is not', null).executeTakeFirstOrThrow()).n);
  const extraCada = Math.max(1, Math.round(facturadas / Math.max(1, PAGOS - 3 * facturadas)));
  await sql`
    insert into venta_forma_pago (venta_id, forma_pago_id, valor_pagado, codigo_comprobante_pago, user_id)
    select v.id, (array[1, 2, 3, 4])[k], round(v.total_venta / 3, 2), case when k in (2, 3) then 'V-' || v.id || '-' || k end, v.facturador_id
      from venta v cross join generate_series(1, 4) as k
     where v.nro_factura_dian is not null and (k <= 3 or v.id % ${extraCada} = 0)
  `.execute(carga);
  // The invoice prefixes the list's search asks about (venta_prefijo), which a trigger keeps from here on.
  await sql`select venta_prefijos_reconstruir()`.execute(carga);
  // Pendiente por facturar's footer of the billed and annulled sales (resumen_lista_facturas), also kept by triggers.
  await sql`select resumen_lista_reconstruir()`.execute(carga);
  await crearIndiceFichasLista(carga);
  await sql`vacuum analyze`.execute(carga);
  await carga.destroy();
  const pagos = Number((await db.selectFrom('venta_forma_pago').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  console.log(`Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s: ${VENTAS.toLocaleString('en-US')} ventas, ${pagos.toLocaleString('en-US')} formas de pago`);

  const app = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: 'secreto-del-benchmark' });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const base = new URL(`http://127.0.0.1:${puerto}/api`);
  const tokens: string[] = [];
  for (let n = 0; n < CLIENTES; n++) {
    const ingreso = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `vendedor${n % VENDEDORES}@bench.test`, password: 'bench1234' }) });
    tokens.push(((await ingreso.json()) as { data: { token: string } }).data.token);
  }

  const agente = new Agent({ keepAlive: true, maxSockets: CLIENTES + 2 });
  const llamar = (metodo: 'GET' | 'POST', ruta: string, token: string | null, cuerpo?: object) =>
    new Promise<{ estado: number; cuerpo: Buffer }>((resolve, reject) => {
      const texto = cuerpo ? JSON.stringify(cuerpo) : '';
      const solicitud = request(
        {
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${ruta}`,
          method: metodo,
          agent: agente,
          headers: {
            ...(token ? { authorization: `Bearer ${token}`, 'x-codigo-tienda': '001' } : {}),
            ...(cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) } : {}),
          },
        },
        (respuesta) => {
          const partes: Buffer[] = [];
          respuesta.on('data', (parte: Buffer) => partes.push(parte));
          respuesta.on('end', () => resolve({ estado: respuesta.statusCode ?? 0, cuerpo: Buffer.concat(partes) }));
        },
      );
      solicitud.on('error', reject);
      solicitud.end(texto);
    });

  const hoy = hoyNegocio();
  const porDefecto = { fecha_inicial: sumarMeses(hoy, -MESES_RANGO_FACTURACION), fecha_final: hoy, query_params: '', estado_venta_id: 1 };
  // A selective term, as a cashier types it most: the document of a customer with a pending sale this month.
  const { rows: [conPendiente] } = await sql<{ numero_documento: string }>`
    select t.numero_documento from venta v join tercero t on t.id = v.cliente_id
     where v.codigo_tienda = '001' and v.estado_venta_id = 1 and v.fecha_venta > now() - interval '30 days' order by v.id limit 1
  `.execute(db);
  // An invoice by its prefix and number (docs/decisions.md, "Un documento exacto primero"): the store's newest, on its
  // own day as 'Ir a Facturación' of Cierre de mes opens it, and over the list's two months as a cashier types it.
  const { rows: [facturada] } = await sql<{ documento: string; dia: string }>`
    select v.prefijo_factura_dian || v.nro_factura_dian as documento, to_char(v.fecha_venta at time zone 'America/Bogota', 'YYYY-MM-DD') as dia
      from venta v where v.codigo_tienda = '001' and v.estado_venta_id = 2 and v.nro_factura_dian is not null and v.fecha_venta > now() - interval '30 days'
     order by v.id desc limit 1
  `.execute(db);
  const escenarios: [string, object][] = [
    ['filtros por defecto (estado 1, dos meses)', porDefecto],
    [`con el documento de un cliente '${conPendiente!.numero_documento}'`, { ...porDefecto, query_params: conPendiente!.numero_documento }],
    [`la factura '${facturada!.documento}' en su día (Ir a Facturación)`, { fecha_inicial: facturada!.dia, fecha_final: facturada!.dia, estado_venta_id: 2, query_params: facturada!.documento }],
    ["con término 'gomez' (1 de cada 12 clientes)", { ...porDefecto, query_params: 'gomez' }],
    ["con término 'ana gomez'", { ...porDefecto, query_params: 'ana gomez' }],
    ['facturadas (estado 2, dos meses)', { ...porDefecto, estado_venta_id: 2 }],
    ["facturadas con término 'gomez'", { ...porDefecto, estado_venta_id: 2, query_params: 'gomez' }],
    [`facturadas con la factura '${facturada!.documento}' (dos meses)`, { ...porDefecto, estado_venta_id: 2, query_params: facturada!.documento }],
  ];

  console.log(`\nPrimera página de Pendiente por facturar, ${CLIENTES} clientes a la vez (en un hilo propio), ${SEGUNDOS} s por escenario (meta p95 < 50 ms):`);
  // The reference always runs: it is the machine's pace at that moment, without which a figure cannot be compared.
  const elegidos = escenarios.filter(([nombre]) => nombre.includes(SOLO));
  const medidos: [string, object | null, boolean][] = [
    ['referencia: GET listas/tipos-pagos', null, false],
    ...(ALTERNAR_PLANTILLAS > 0
      ? elegidos.flatMap(([nombre, cuerpo]) =>
          Array.from({ length: ALTERNAR_PLANTILLAS }, () => [
            [`${nombre} (plantilla)`, cuerpo, false] as [string, object, boolean],
            [`${nombre} (completa)`, cuerpo, true] as [string, object, boolean],
          ]).flat(),
        )
      : elegidos.map(([nombre, cuerpo]) => [nombre, cuerpo, false] as [string, object, boolean])),
  ];
  for (const [nombre, cuerpo, completa] of medidos) {
    PlantillasPreparadas.construirSiempre = completa;
    const muestra = cuerpo
      ? (JSON.parse((await llamar('POST', '/facturas?page=1&per_page=10', tokens[0]!, cuerpo)).cuerpo.toString()) as { data: { totales: { ventas: number } } })
      : { data: { totales: { ventas: 0 } } };
    // Where the machine's CPU goes meanwhile (warm-up included): which of PostgreSQL and the server's thread sets the
    // pace of a scenario (docs/decisions.md, "Lo que limita la lista es el hilo del servidor").
    const cpuAntes = await medirCpu(db);
    const inicioCpu = performance.now();
    // Without a body: the reference, the cheapest authenticated route (what the machine gives any request).
    const { latencias, errores, segundos } = await medirCarga({
      base: base.href,
      tokens,
      codigoTienda: '001',
      ...(cuerpo ? { metodo: 'POST' as const, ruta: '/facturas?page=1&per_page=10', cuerpo } : { metodo: 'GET' as const, ruta: '/listas/tipos-pagos' }),
      calentamientoMs: CALENTAMIENTO_MS,
      duracionMs: SEGUNDOS * 1000,
    });
    console.log(
      `  ${nombre.padEnd(48)} ${String(muestra.data.totales.ventas).padStart(6)} ventas filtradas · ${(latencias.length / segundos).toFixed(0).padStart(4)} resp/s · ` +
        `p50 ${percentil(latencias, 50).toFixed(1)} ms · p95 ${percentil(latencias, 95).toFixed(1)} ms · p99 ${percentil(latencias, 99).toFixed(1)} ms · errores ${errores} (carga ${loadavg()[0]!.toFixed(1)})`,
    );
    const cpu = cpuEntre(cpuAntes, await medirCpu(db));
    const transcurridos = (performance.now() - inicioCpu) / 1000;
    console.log(
      `    CPU: PostgreSQL ${(cpu.postgres / transcurridos).toFixed(2)} núcleos, hilo del servidor ${((100 * cpu.servidor) / transcurridos).toFixed(0)} % ocupado, ` +
        `máquina ${((100 * cpu.ociosa) / cpu.total).toFixed(0)} % ociosa`,
    );
    if (errores > 0) salida = 1;
  }
  PlantillasPreparadas.construirSiempre = false;

  // The export: the newest FILAS_EXPORTAR billed sales of store 001 are the range from the day of the last of them.
  const limite = await sql<{ dia: string }>`
    select to_char((fecha_venta at time zone 'America/Bogota')::date, 'YYYY-MM-DD') as dia from venta
     where codigo_tienda = '001' and estado_venta_id = 2 order by fecha_venta desc offset ${FILAS_EXPORTAR - 1} limit 1
  `.execute(db);
  const desde = limite.rows[0]!.dia;
  const filtrosExportar = { fecha_inicial: desde, fecha_final: hoy, query_params: '', estado_venta_id: 2 };
  // Meanwhile one client keeps asking for the first page: its worst latency shows whether the export held the loop.
  let exportando = true;
  const durante: number[] = [];
  const sondeo = (async () => {
    while (exportando) {
      const t0 = performance.now();
      await llamar('POST', '/facturas?page=1&per_page=10', tokens[0]!, porDefecto);
      durante.push(performance.now() - t0);
    }
  })();
  const t0 = performance.now();
  const enlace = await llamar('POST', '/facturas/exportar/enlace', tokens[1]!, filtrosExportar);
  const { url } = (JSON.parse(enlace.cuerpo.toString()) as { data: { url: string } }).data;
  const archivo = await llamar('GET', url.replace(/^\/api/, ''), null);
  const segundos = (performance.now() - t0) / 1000;
  exportando = false;
  await sondeo;
  durante.sort((a, b) => a - b);
  const filasExportadas = Number((JSON.parse((await llamar('POST', '/facturas?page=1&per_page=10', tokens[0]!, filtrosExportar)).cuerpo.toString()) as { data: { totales: { ventas: number } } }).data.totales.ventas);
  console.log(
    `\nExportar ${filasExportadas.toLocaleString('en-US')} ventas facturadas (${desde} a ${hoy}): ${segundos.toFixed(2)} s, ${(archivo.cuerpo.length / 1024).toFixed(0)} KB, estado ${archivo.estado} (meta < 5 s)` +
      `\n  la lista mientras tanto: ${durante.length} respuestas, p50 ${percentil(durante, 50).toFixed(1)} ms, máx ${(durante.at(-1) ?? 0).toFixed(1)} ms`,
  );
  if (archivo.estado !== 200) salida = 1;

  if (EXPLICAR) {
    // The list's real statements, captured from the app's own database object during one request of each scenario
    // (the session's checks left out), each run again with EXPLAIN ANALYZE and its parameters.
    const cliente = new pg.Client({ connectionString: embebido.url('bench') });
    // The database stops under it when the script ends early: that is said by the failure itself, not by this client.
    cliente.on('error', () => {});
    await cliente.connect();
    for (const [nombre, cuerpo] of escenarios) {
      capturadas.length = 0;
      capturando = true;
      await llamar('POST', '/facturas?page=1&per_page=10', tokens[0]!, cuerpo);
      capturando = false;
      console.log(`\nEXPLAIN ANALYZE, ${nombre}:`);
      for (const consulta of capturadas.filter((c) => /from "venta"|from \(select "venta"|with f as/.test(c.sql) || c.sql.includes('"venta_forma_pago"'))) {
        let plan;
        // A prepared search whose every word a trigram index narrows (its shape has no 'c', facturas.repository.ts
        // formaDeBusqueda) runs its generic plan from its sixth call on: it is explained with that plan, as the app runs
        // it, prepared and then executed with its values.
        if (/preparada: facturas_busqueda(?:_todos|_anulado)?(?:_f\d)?_[dt]+(?:_exacta_(?:venta|factura))?_\d+ /.test(consulta.sql)) {
          const literal = (texto: string) => `'${texto.replace(/'/g, "''")}'`;
          const valores = consulta.parameters.map((valor) =>
            typeof valor === 'number' ? String(valor) : Array.isArray(valor) ? `${literal(`{${valor.join(',')}}`)}` : literal(String(valor)),
          );
          await cliente.query('begin');
          await cliente.query('set local plan_cache_mode = force_generic_plan');
          await cliente.query(`prepare explicada as ${consulta.sql}`);
          plan = await cliente.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) execute explicada(${valores.join(', ')})`);
          await cliente.query('rollback');
          // A prepared statement outlives its transaction.
          await cliente.query('deallocate explicada');
          console.log('    (plan genérico, como lo corre la app)');
        } else {
          plan = await cliente.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${consulta.sql}`, [...consulta.parameters]);
        }
        console.log(plan.rows.map((fila) => `    ${fila['QUERY PLAN']}`).join('\n'));
      }
    }
    await cliente.end();
    // Whether the app's prepared statements run a generic plan (planned once) or are planned again on each call.
    const planes = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
      select name, generic_plans, custom_plans from pg_prepared_statements where name like 'facturas%' order by name
    `.execute(db);
    const indices = await sql<{ indice: string; tamano: string }>`
      select indexrelname as indice, pg_size_pretty(pg_relation_size(indexrelid)) as tamano from pg_stat_user_indexes
       where relname = 'venta' and indexrelname in ('venta_lista_facturas_idx', 'venta_pie_facturas_idx') order by 1
    `.execute(db);
    console.log(`\nÍndices de la lista: ${indices.rows.map((fila) => `${fila.indice} ${fila.tamano}`).join(', ')}`);
    console.log('\nSentencias preparadas de una conexión de la app (planes genéricos / a la medida):');
    for (const fila of planes.rows) console.log(`    ${fila.name}: ${fila.generic_plans} / ${fila.custom_plans}`);
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
