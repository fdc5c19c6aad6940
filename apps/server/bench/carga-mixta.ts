// Mixed load at a year of data (docs/decisions-operacion.md): a ten-store chain with a year of sales
// (bench/siembra-cadena.ts: ~1,000,000 sales with their lines, payments, credits, production orders and dispatch
// turns) in an embedded PostgreSQL; the real server as its own process (`node --import tsx apps/server/src/main.ts`,
// as `npm start` runs it, NODE_ENV=production, its jobs on) on a loopback port; and for MINUTOS, all at once:
//   - sellers saving orders (POST facturas/guardar, LINEAS_PEDIDO lines), two per store;
//   - cashiers billing the store's pending sales, newest first (POST facturas/{id}/forma-pago, cash and card), two per
//     store: each bill makes a dispatch turn, told live to the store's boards;
//   - the billing list (POST facturas, first page: default filters, a customer's document, the term 'gomez', billed),
//     one per store;
//   - product search (GET productos?query=…), one per store;
//   - the month closing screen (POST cierre-mes/ventas-plataforma without the sales + GET cierre-mes/ventas-mes page 1,
//     at once, as one operation; and the month's search), the manager on two stores;
//   - Socket.IO panels (bench/tableros-despachos.ts, in threads of their own): public dispatch boards and the staff's
//     Despachos screen of TIENDAS_PANELES stores, counting the events received against the turns the run created.
// The HTTP clients run in a worker thread (bench/carga-mixta-clientes.ts) with think times (PAUSA scales them); every
// MUESTREO_S seconds the server's /api/metricas gives its RSS, heap and event-loop lag. At the end: a table per
// operation (count, per second, p50/p95/p99 after the warm-up, errors), the database size before and after, the
// memory one line per minute and whether it stayed flat after the warm-up, the events received against expected, and
// the checks of what the run wrote (each store's numbers without gap or repeat, every stock row equal to its ledger).
// Exit code 1 on any error, missing event, failed check or server error log.
//
// A figure under load means something only beside the same operation's figure without it, on a machine doing nothing
// else. So the run first checks the machine is quiet (1-minute load average at most CARGA_MAXIMA, 1.5; after seeding it
// waits for the load to settle, at most ESPERA_CALMA_S), and refuses to report otherwise (exit 2; CARGA_FORZAR=1 runs
// anyway and marks every figure as not comparable). Then each operation runs alone, one client at a time, for BASE_S
// seconds: its baseline. Then the mix, and the report gives each operation's p95 under the mix as a ratio to its
// baseline, with the load average beside it.
//
//   npm run bench:carga -w @tablero/server                          (1,000,000 sales seeded now into a throwaway folder, 10 min)
//   DATOS=/tmp/cadena npm run bench:carga -w @tablero/server        (seeds /tmp/cadena the first time, reuses it after)
//   VENTAS=50000 MINUTOS=1 npm run bench:carga -w @tablero/server
//   PAUSA=0.5 …  (half the think time: twice the load)      MUESTREO_S=5 CALENTAMIENTO_S=60 TIENDAS_PANELES=2 PUBLICOS=10 STAFF=2
//   MUESTRAS=/tmp/muestras.csv …  (also writes every memory sample)
//   BASE_S=30 (each operation's baseline)   CARGA_MAXIMA=1.5   ESPERA_CALMA_S=300   CARGA_FORZAR=1 (a smoke run on a busy machine)
//
// Only loopback traffic; every loop is bounded by time and the script stops by itself.
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { calcularTotalesVenta, hoyNegocio, MESES_RANGO_FACTURACION, sumarMeses } from '@tablero/domain';
import { crearDb } from '../src/db/database';
import { carpetaTemporal } from '../test/postgres-temporal';
import { detenerServidorReal, iniciarServidorReal, type ServidorReal } from '../test/servidor-real';
import { correrClientes, type Actor, type Peticion, type ResultadoOperacion } from './carga-mixta-clientes';
import { percentil } from './medidas';
import { pagoMixto } from './pago-mixto';
import { abrirCadena, describirCadena, opcionesDelEntorno } from './siembra-cadena';
import { abrirTableros, type ClienteTablero, type ResultadoTableros, type Tableros } from './tableros-despachos';

const MINUTOS = Number(process.env.MINUTOS ?? 10);
const PAUSA = Number(process.env.PAUSA ?? 1);
const MUESTREO_S = Number(process.env.MUESTREO_S ?? 5);
const CALENTAMIENTO_S = Number(process.env.CALENTAMIENTO_S ?? Math.min(60, MINUTOS * 12));
const LINEAS_PEDIDO = Number(process.env.LINEAS_PEDIDO ?? 20);
const TIENDAS_PANELES = Number(process.env.TIENDAS_PANELES ?? 2);
const PUBLICOS = Number(process.env.PUBLICOS ?? 10);
const STAFF = Number(process.env.STAFF ?? 2);
const BASE_S = Number(process.env.BASE_S ?? 30);
const CARGA_MAXIMA = Number(process.env.CARGA_MAXIMA ?? 1.5);
const ESPERA_CALMA_S = Number(process.env.ESPERA_CALMA_S ?? 300);
const FORZAR = process.env.CARGA_FORZAR === '1';
/** A baseline client's pause: the operation's own time is what is measured, not a person's reading. */
const PAUSA_BASE_MS = 200;
/** Pending sales of the first store kept for the cashiers' baseline, apart from the mix's queues. */
const PENDIENTES_BASE = 400;
/** Growth after the warm-up still called flat: 10 % or 15 MB, whichever is larger. */
const CRECIMIENTO_PLANO = 0.1;
const MB_PLANO = 15;

const mb = (bytes: number) => bytes / 1024 / 1024;
const fallas: string[] = [];
const fallar = (motivo: string) => fallas.push(motivo);

const cargaInicial = loadavg()[0]!;
if (cargaInicial > CARGA_MAXIMA && !FORZAR) {
  console.log(
    `La carga de la máquina es ${cargaInicial.toFixed(2)} (más de ${CARGA_MAXIMA}): otra cosa está corriendo y las cifras no dirían nada. ` +
      'Corra la carga sola en una máquina quieta (o CARGA_FORZAR=1 para probar el script, sin cifras comparables).',
  );
  process.exit(2);
}

/** Waits, checking every 5 s, for the 1-minute load to fall to CARGA_MAXIMA (seeding leaves it high for a while). */
async function esperarCalma(): Promise<number> {
  const limite = Date.now() + ESPERA_CALMA_S * 1000;
  while (loadavg()[0]! > CARGA_MAXIMA && Date.now() < limite) {
    console.log(`  esperando a que la carga baje a ${CARGA_MAXIMA}: ${loadavg()[0]!.toFixed(2)}`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  return loadavg()[0]!;
}

const opciones = opcionesDelEntorno();
console.log(
  `Carga mixta: ${MINUTOS} min sobre un año de una cadena; ${process.env.DATOS ? `datos en ${process.env.DATOS} (se siembran si aún no lo están)` : 'datos en una carpeta desechable'}: ` +
    `${opciones.tiendas} tiendas, ${opciones.ventas.toLocaleString('en-US')} ventas (carga de la máquina ${loadavg().map((c) => c.toFixed(1)).join(' ')})`,
);
const datos = await abrirCadena(process.env.DATOS, { ...opciones, alAvanzar: (paso, s) => console.log(`  ${s.toFixed(1).padStart(6)} s  ${paso}`) });
let servidor: ServidorReal | null = null;
const db = crearDb(datos.url, { maxConexiones: 2, statementTimeoutMs: 0 });
try {
  const { cadena } = datos;
  console.log(`${datos.sembrada ? 'Sembrada ahora' : 'Reutilizada (sembrada antes)'}:\n${describirCadena(cadena)}`);
  const tamano = async () => Number((await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0]!.n);
  const tamanoAntes = await tamano();

  // The real server, as production starts it.
  const carpetaServidor = await carpetaTemporal('tablero-carga-mixta-');
  servidor = await iniciarServidorReal(
    {
      NODE_ENV: 'production',
      DATABASE_URL: datos.url,
      TOKEN_SECRET: 'secreto-de-la-carga-mixta-0123456789abcdef',
      TABLERO_DATA_DIR: carpetaServidor,
      INGRESO_MAX_POR_IP: '100000',
      LOG_LEVEL: 'warn',
    },
    120_000,
  );
  const base = `${servidor.url}/api`;
  const pid = servidor.proceso.pid!;
  const tokenDe = new Map<string, string>();
  for (const email of [cadena.gerente.email, ...cadena.vendedores.map((u) => u.email), ...cadena.cajeros.map((u) => u.email)]) {
    const r = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: cadena.clave }) });
    if (r.status !== 200) throw new Error(`ingreso de ${email}: ${r.status} ${await r.text()}`);
    tokenDe.set(email, ((await r.json()) as { data: { token: string } }).data.token);
  }
  const token = (email: string) => tokenDe.get(email)!;

  // --- The actors' work.
  const productos = await db.selectFrom('inventario').innerJoin('producto', 'producto.id', 'inventario.producto_id')
    .select(['producto.id', 'inventario.precio_unitario']).where('inventario.codigo_tienda', '=', cadena.tiendas[0]!).where('producto.grupo_servicio_id', 'is', null).orderBy('producto.id').execute();
  const clientes = (await db.selectFrom('tercero').select('id').where('tipo_tercero', '=', 'C').orderBy('id').limit(2000).execute()).map((f) => f.id);
  /** A new order of LINEAS_PEDIDO lines with the store's prices and the totals the form sends. */
  const pedido = (semilla: number): Peticion => {
    const lineas = Array.from({ length: LINEAS_PEDIDO }, (_, k) => {
      const p = productos[(semilla * 31 + k * 7) % productos.length]!;
      return { producto_id: p.id, cantidad_solicitada: 1 + ((semilla + k) % 9), precio_unitario: Number(p.precio_unitario), porcentaje_descuento: 0 };
    });
    const { totales } = calcularTotalesVenta({
      porcentaje_impuesto_adicional: 0,
      lineas: lineas.map((l) => ({ cantidad: l.cantidad_solicitada, precio_unitario: l.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: 19 })),
    });
    return {
      metodo: 'POST',
      ruta: '/facturas/guardar',
      cuerpo: {
        venta_id: null, tercero_id: clientes[(semilla * 7919) % clientes.length], tipo_pago_id: 1, estado_venta_id: 1, impuesto_adicional_id: null, observacion_venta: null,
        productoList: lineas, tareasList: [], ...totales,
      },
    };
  };
  const factura = (ventaId: number, total: string): Peticion => ({ metodo: 'POST', ruta: `/facturas/${ventaId}/forma-pago`, cuerpo: pagoMixto(total) });
  const hoy = hoyNegocio();
  const filtros = { fecha_inicial: sumarMeses(hoy, -MESES_RANGO_FACTURACION), fecha_final: hoy, query_params: '', estado_venta_id: 1 };
  const mesPasado = sumarMeses(`${hoy.slice(0, 7)}-01`, -1);
  const anio = Number(mesPasado.slice(0, 4));
  const mes = mesPasado.slice(5, 7);

  const actores: Actor[] = [];
  let colaBase: Peticion[][] = [];
  for (const [s, tienda] of cadena.tiendas.entries()) {
    for (const [j, vendedor] of cadena.vendedores.filter((u) => u.tienda === tienda).entries()) {
      actores.push({ operacion: 'vendedores: guardar pedido', token: token(vendedor.email), tienda, pausaMs: 3000 * PAUSA, ciclo: Array.from({ length: 40 }, (_, n) => [pedido(s * 97 + j * 41 + n)]) });
    }
    // The store's pending sales, newest first, dealt between its two cashiers.
    let pendientes = await db.selectFrom('venta').select(['id', 'total_venta']).where('codigo_tienda', '=', tienda).where('estado_venta_id', '=', 1).orderBy('id', 'desc').limit(5000).execute();
    if (s === 0) {
      // The baseline's cashier bills the oldest of these, so the mix's cashiers never meet a sale it billed.
      colaBase = pendientes.slice(-PENDIENTES_BASE).map((v) => [factura(v.id, v.total_venta)]);
      pendientes = pendientes.slice(0, -PENDIENTES_BASE);
    }
    for (const [j, cajero] of cadena.cajeros.filter((u) => u.tienda === tienda).entries()) {
      actores.push({ operacion: 'cajeros: facturar', token: token(cajero.email), tienda, pausaMs: 3000 * PAUSA, cola: pendientes.filter((_, n) => n % 2 === j).map((v) => [factura(v.id, v.total_venta)]) });
    }
    const documento = (await db.selectFrom('venta').innerJoin('tercero', 'tercero.id', 'venta.cliente_id').select('tercero.numero_documento')
      .where('venta.codigo_tienda', '=', tienda).where('venta.estado_venta_id', '=', 1).orderBy('venta.id', 'desc').limit(1).executeTakeFirst())?.numero_documento ?? '10000001';
    const lista = (cuerpo: object): Peticion[] => [{ metodo: 'POST', ruta: '/facturas?page=1&per_page=10', cuerpo }];
    actores.push({
      operacion: 'lista de facturación',
      token: token(cadena.cajeros.find((u) => u.tienda === tienda)!.email),
      tienda,
      pausaMs: 4000 * PAUSA,
      ciclo: [lista(filtros), lista({ ...filtros, query_params: documento }), lista(filtros), lista({ ...filtros, query_params: 'gomez' }), lista({ ...filtros, estado_venta_id: 2 })],
    });
    const busquedas = ['melamina blanco', 'nogal', 'MEL-00', 'bisagra 35', 'canto wengue', 'tablero mdf gris 18', 'corredera', 'roble santana 15', 'tornillo', 'artico'];
    actores.push({
      operacion: 'búsqueda de productos',
      token: token(cadena.vendedores.find((u) => u.tienda === tienda)!.email),
      tienda,
      pausaMs: 1500 * PAUSA,
      ciclo: busquedas.map((_, n) => [{ metodo: 'GET' as const, ruta: `/productos?query=${encodeURIComponent(busquedas[(n + s) % busquedas.length]!)}` }]),
    });
  }
  for (const tienda of cadena.tiendas.slice(0, 2)) {
    actores.push({
      operacion: 'cierre de mes: pantalla',
      token: token(cadena.gerente.email),
      tienda,
      pausaMs: 8000 * PAUSA,
      ciclo: [
        [
          { metodo: 'POST', ruta: '/cierre-mes/ventas-plataforma', cuerpo: { anio, mes, codigo_tienda: tienda, incluir_ventas_mes: false } },
          { metodo: 'GET', ruta: `/cierre-mes/ventas-mes?anio=${anio}&mes=${mes}&page=1&per_page=10` },
        ],
      ],
    });
    actores.push({
      operacion: 'cierre de mes: búsqueda',
      token: token(cadena.gerente.email),
      tienda,
      pausaMs: 8000 * PAUSA,
      ciclo: [[{ metodo: 'GET', ruta: `/cierre-mes/ventas-mes?anio=${anio}&mes=${mes}&query=gomez` }]],
    });
  }

  // --- Each operation alone: one client, one operation at a time, on a quiet machine (the baseline of the ratios).
  const cargaAntesBase = datos.sembrada && !FORZAR ? await esperarCalma() : loadavg()[0]!;
  if (cargaAntesBase > CARGA_MAXIMA && !FORZAR) {
    throw new Error(`la carga no bajó de ${CARGA_MAXIMA} en ${ESPERA_CALMA_S} s (${cargaAntesBase.toFixed(2)}): no se informa`);
  }
  const operaciones = [...new Set(actores.map((a) => a.operacion))];
  const base95 = new Map<string, number>();
  console.log(`\nLínea base: cada operación sola, un cliente, ${BASE_S} s (carga de la máquina ${cargaAntesBase.toFixed(2)})`);
  for (const operacion of operaciones) {
    const modelo = actores.find((a) => a.operacion === operacion)!;
    const solo: Actor = modelo.cola ? { ...modelo, pausaMs: PAUSA_BASE_MS, cola: colaBase } : { ...modelo, pausaMs: PAUSA_BASE_MS };
    const [r] = await correrClientes({ base, actores: [solo], calentamientoMs: Math.min(5, BASE_S / 5) * 1000, duracionMs: BASE_S * 1000 });
    if (modelo.cola) colaBase = colaBase.slice(r!.total);
    base95.set(operacion, percentil(r!.latencias, 95));
    console.log(
      `  ${operacion.padEnd(28)} ${String(r!.total).padStart(5)} operaciones, p50 ${percentil(r!.latencias, 50).toFixed(0)} ms, p95 ${percentil(r!.latencias, 95).toFixed(0)} ms` +
        `${r!.errores ? `, ${r!.errores} errores` : ''}`,
    );
    if (r!.errores > 0) {
      fallar(`línea base de ${operacion}: ${r!.errores} errores`);
      for (const e of r!.ejemplos) console.log(`    ${e}`);
    }
  }

  // --- The panels: public boards and staff screens of the first stores, connected before the load starts.
  const tiendasPaneles = cadena.tiendas.slice(0, TIENDAS_PANELES);
  const paneles: Tableros[] = [];
  for (const tienda of tiendasPaneles) {
    const clientesSockets: ClienteTablero[] = [
      ...Array.from({ length: PUBLICOS }, () => ({ url: servidor!.url, tipo: 'publico' as const })),
      ...Array.from({ length: STAFF }, () => ({ url: servidor!.url, tipo: 'staff' as const, token: token(cadena.gerente.email) })),
    ];
    const t = await abrirTableros({ clientes: clientesSockets, tienda, lote: 10 });
    if (t.conectados < clientesSockets.length) fallar(`paneles de ${tienda}: ${t.conectados} de ${clientesSockets.length} conectados (${t.fallidos[0] ?? ''})`);
    paneles.push(t);
  }
  const ultimoTurno = Number((await sql<{ n: string | null }>`select coalesce(max(id), 0) as n from despacho_turno`.execute(db)).rows[0]!.n);
  const ultimaVenta = Number((await sql<{ n: string | null }>`select coalesce(max(id), 0) as n from venta`.execute(db)).rows[0]!.n);

  // --- The sampler: the server's own figures (its /api/metricas, loopback only) every MUESTREO_S seconds.
  interface Muestra { s: number; rss: number; heap: number; lagP99: number; lagMax: number; carga: number }
  const muestras: Muestra[] = [];
  const leerMetricas = async (): Promise<Omit<Muestra, 's' | 'carga'>> => {
    const texto = await (await fetch(`${base}/metricas`)).text();
    const valor = (nombre: string) => Number(new RegExp(`^${nombre}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(texto)?.[1] ?? NaN);
    // The kernel's count is the cross-check of prom-client's.
    const vmRss = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''))?.[1];
    return {
      rss: vmRss ? Number(vmRss) * 1024 : valor('process_resident_memory_bytes'),
      heap: valor('nodejs_heap_size_used_bytes'),
      lagP99: valor('nodejs_eventloop_lag_p99_seconds') * 1000,
      lagMax: valor('nodejs_eventloop_lag_max_seconds') * 1000,
    };
  };
  await leerMetricas(); // the lag histogram starts from here
  const cargaInicioMezcla = loadavg()[0]!;
  const inicio = performance.now();
  let muestreando = true;
  const muestreo = (async () => {
    while (muestreando) {
      await new Promise((resolve) => setTimeout(resolve, MUESTREO_S * 1000));
      try {
        muestras.push({ s: (performance.now() - inicio) / 1000, ...(await leerMetricas()), carga: loadavg()[0]! });
      } catch (error) {
        fallar(`muestreo: ${(error as Error).message}`);
      }
    }
  })();

  console.log(
    `\nServidor pid ${pid} en ${servidor.url}; ${actores.length} clientes HTTP, ${paneles.length * (PUBLICOS + STAFF)} sockets en ${tiendasPaneles.join(', ')}; ` +
      `${MINUTOS} min (calentamiento ${CALENTAMIENTO_S} s), muestras cada ${MUESTREO_S} s…`,
  );
  const resultados = await correrClientes({ base, actores, calentamientoMs: CALENTAMIENTO_S * 1000, duracionMs: MINUTOS * 60_000 });
  const segundos = (performance.now() - inicio) / 1000;
  muestreando = false;
  await muestreo;

  // --- Events: each board and staff screen of a store should have one per turn the run created there.
  const creados = await sql<{ codigo_tienda: string; n: string }>`
    select codigo_tienda, count(*) as n from despacho_turno where id > ${ultimoTurno} group by codigo_tienda
  `.execute(db);
  const esperadosPor = new Map(creados.rows.map((f) => [f.codigo_tienda, Number(f.n)]));
  const esperadosTotal = tiendasPaneles.reduce((suma, t) => suma + (esperadosPor.get(t) ?? 0) * (PUBLICOS + STAFF), 0);
  const limite = Date.now() + 15_000;
  let llegados = 0;
  do {
    llegados = (await Promise.all(paneles.map((p) => p.conteo()))).reduce((a, b) => a + b, 0);
    if (llegados >= esperadosTotal) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < limite);
  const cierres: ResultadoTableros[] = [];
  for (const p of paneles) cierres.push(await p.cerrar());

  // --- The report.
  const carga = loadavg();
  console.log(`\nResultados (${segundos.toFixed(0)} s; percentiles sin los primeros ${CALENTAMIENTO_S} s; carga de la máquina al final ${carga.map((c) => c.toFixed(1)).join(' ')}, 2 núcleos compartidos):`);
  console.log(
    `  ${'operación'.padEnd(28)} ${'clientes'.padStart(8)} ${'total'.padStart(7)} ${'por s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ` +
      `${'máx ms'.padStart(8)} ${'errores'.padStart(8)} ${'p95 solo'.padStart(9)} ${'razón'.padStart(7)}`,
  );
  const razon = (r: ResultadoOperacion) => percentil(r.latencias, 95) / (base95.get(r.operacion) ?? NaN);
  const fila = (r: ResultadoOperacion) =>
    `  ${r.operacion.padEnd(28)} ${String(r.actores).padStart(8)} ${String(r.total).padStart(7)} ${(r.total / segundos).toFixed(2).padStart(7)} ` +
    `${percentil(r.latencias, 50).toFixed(0).padStart(8)} ${percentil(r.latencias, 95).toFixed(0).padStart(8)} ${percentil(r.latencias, 99).toFixed(0).padStart(8)} ` +
    `${(r.latencias.at(-1) ?? NaN).toFixed(0).padStart(8)} ${String(r.errores).padStart(8)} ${(base95.get(r.operacion) ?? NaN).toFixed(0).padStart(9)} ` +
    `${razon(r).toFixed(2).padStart(7)}${r.agotados ? ` (${r.agotados} sin ventas pendientes)` : ''}`;
  for (const r of resultados) console.log(fila(r));
  const total = resultados.reduce((a, r) => a + r.total, 0);
  const errores = resultados.reduce((a, r) => a + r.errores, 0);
  console.log(`  ${'todas'.padEnd(28)} ${String(actores.length).padStart(8)} ${String(total).padStart(7)} ${(total / segundos).toFixed(2).padStart(7)} ${''.padStart(35)} ${String(errores).padStart(8)}`);
  for (const r of resultados) {
    if (r.errores > 0) {
      fallar(`${r.operacion}: ${r.errores} errores`);
      for (const e of r.ejemplos) console.log(`    ${r.operacion}: ${e}`);
    }
  }
  console.log(
    `  carga de la máquina: ${cargaInicial.toFixed(2)} al empezar, ${cargaAntesBase.toFixed(2)} antes de la línea base, ${cargaInicioMezcla.toFixed(2)} al empezar la mezcla, ` +
      `${carga[0]!.toFixed(2)} al final${FORZAR && Math.max(cargaInicial, cargaAntesBase) > CARGA_MAXIMA ? ' — CARGA_FORZAR: máquina ocupada, cifras no comparables' : ''}`,
  );
  // The same table for a note: each operation's p95 alone, under the mix, and their ratio.
  console.log('\n| operación | p95 sola (ms) | p95 en la mezcla (ms) | razón | errores |\n| --- | ---: | ---: | ---: | ---: |');
  for (const r of resultados) {
    console.log(`| ${r.operacion} | ${(base95.get(r.operacion) ?? NaN).toFixed(0)} | ${percentil(r.latencias, 95).toFixed(0)} | ${razon(r).toFixed(2)} | ${r.errores} |`);
  }
  console.log('  operaciones por minuto:');
  for (const r of resultados) console.log(`    ${r.operacion.padEnd(28)} ${r.porMinuto.map((n) => String(n).padStart(5)).join(' ')}`);

  const recibidosPorCliente = cierres.flatMap((c) => c.recibidos.map((r) => r.length / 3));
  const recibidos = recibidosPorCliente.reduce((a, b) => a + b, 0);
  const desconexiones = cierres.reduce((a, c) => a + c.desconexiones, 0);
  const ajenos = cierres.reduce((a, c) => a + c.ajenos, 0);
  console.log(
    `\nTiempo real (${tiendasPaneles.length} tiendas × ${PUBLICOS} tableros públicos + ${STAFF} pantallas de despachos): ` +
      `turnos creados ${tiendasPaneles.map((t) => `${t} ${esperadosPor.get(t) ?? 0}`).join(', ')}; eventos esperados ${esperadosTotal}, recibidos ${recibidos}` +
      `${ajenos ? `, ajenos ${ajenos}` : ''}; desconexiones ${desconexiones}`,
  );
  if (recibidos !== esperadosTotal) fallar(`eventos: esperados ${esperadosTotal}, recibidos ${recibidos}`);
  if (desconexiones > 0 || ajenos > 0) fallar(`tiempo real: ${desconexiones} desconexiones, ${ajenos} eventos ajenos`);
  if (esperadosTotal === 0) fallar('tiempo real: la carga no creó turnos en las tiendas con paneles');

  // --- What the run wrote: each store's numbers, the stock against its ledger.
  const numeracion = await sql<{ codigo_tienda: string; facturadas: string; distintos: string; minimo: number; maximo: number; siguiente: number }>`
    select v.codigo_tienda, count(*) as facturadas, count(distinct v.nro_factura_dian) as distintos, min(v.nro_factura_dian) as minimo, max(v.nro_factura_dian) as maximo,
           (select r.siguiente_numero from rango_numeracion r where r.codigo_tienda = v.codigo_tienda) as siguiente
      from venta v where v.nro_factura_dian is not null group by v.codigo_tienda order by v.codigo_tienda
  `.execute(db);
  const malNumeradas = numeracion.rows.filter((f) => Number(f.facturadas) !== Number(f.distintos) || f.minimo !== 1 || f.maximo !== Number(f.facturadas) || f.siguiente !== f.maximo + 1);
  const descuadres = await sql<{ n: string }>`
    select count(*) as n from inventario i
      left join (select codigo_tienda, producto_id, sum(cantidad) as movido from inventario_movimiento group by 1, 2) m on m.codigo_tienda = i.codigo_tienda and m.producto_id = i.producto_id
      left join lateral (select saldo from inventario_movimiento u where u.codigo_tienda = i.codigo_tienda and u.producto_id = i.producto_id order by id desc limit 1) u on true
     where i.cantidad <> coalesce(m.movido, 0) or u.saldo is distinct from i.cantidad
  `.execute(db);
  const nuevas = await sql<{ estado: number; n: string }>`select estado_venta_id as estado, count(*) as n from venta where id > ${ultimaVenta} group by 1 order by 1`.execute(db);
  const facturadasAhora = Number((await sql<{ n: string }>`select count(*) as n from venta where fecha_factura >= now() - make_interval(secs => ${segundos + 30}) and estado_venta_id = 2`.execute(db)).rows[0]!.n);
  console.log(
    `\nComprobación: ${nuevas.rows.map((f) => `${f.n} ventas nuevas en estado ${f.estado}`).join(', ') || 'ninguna venta nueva'}; ${facturadasAhora} facturadas en la corrida; ` +
      `numeración ${malNumeradas.length === 0 ? `sin huecos ni repetidos en las ${numeracion.rows.length} tiendas` : `con huecos o repetidos en ${malNumeradas.map((f) => f.codigo_tienda).join(', ')}`}; ` +
      `inventario ${Number(descuadres.rows[0]!.n) === 0 ? 'igual a su kárdex en todas las filas' : `distinto de su kárdex en ${descuadres.rows[0]!.n} filas`}`,
  );
  // Over the whole database (the seed's year and the run's writes): each sale's header is the sum of its lines, each
  // billed sale's payments add up to its total less its cash rounding (docs/decisions-redondeo-envios.md), each credit account's total is its ledger's sum and last balance.
  const [cuadres] = (
    await sql<{ encabezados: string; pagos: string; creditos: string }>`
      select
        (select count(*) from venta v join (select venta_id, sum(valor_total) as total from venta_detalle group by venta_id) d on d.venta_id = v.id
          where d.total <> v.total_venta) as encabezados,
        (select count(*) from venta v join (select venta_id, sum(valor_pagado) as pagado from venta_forma_pago group by venta_id) p on p.venta_id = v.id
          where v.estado_venta_id = 2 and p.pagado <> v.total_venta + v.ajuste_redondeo) as pagos,
        (select count(*) from cuenta_credito c
           left join (select cuenta_credito_id, sum(case when tipo_movimiento_credito_id in (1, 3) then valor_movimiento else -valor_movimiento end) as suma
                        from cuenta_credito_movimiento group by 1) m on m.cuenta_credito_id = c.id
           left join lateral (select saldo_credito from cuenta_credito_movimiento u where u.cuenta_credito_id = c.id order by id desc limit 1) u on true
          where coalesce(m.suma, 0) <> c.total_credito or u.saldo_credito is distinct from c.total_credito) as creditos
    `.execute(db)
  ).rows;
  console.log(
    `  en toda la base: ${cuadres!.encabezados} ventas cuyo total no es la suma de sus líneas, ${cuadres!.pagos} facturadas cuyos pagos no suman su total, ` +
      `${cuadres!.creditos} cuentas de crédito cuyo total no es su libro`,
  );
  if (Number(cuadres!.encabezados) + Number(cuadres!.pagos) + Number(cuadres!.creditos) > 0) fallar('totales, pagos o créditos que no cuadran');
  if (malNumeradas.length > 0) fallar('numeración con huecos o repetidos');
  if (Number(descuadres.rows[0]!.n) > 0) fallar('inventario distinto de su kárdex');

  const tamanoDespues = await tamano();
  console.log(`\nTamaño de la base (pg_database_size): antes ${mb(tamanoAntes).toFixed(0)} MB, después ${mb(tamanoDespues).toFixed(0)} MB (+${mb(tamanoDespues - tamanoAntes).toFixed(1)} MB)`);

  // --- Memory: one line per minute (the minute's samples: RSS and heap lowest–highest; the lag's worst).
  console.log(`\nMemoria del servidor y retraso del bucle de eventos (muestras cada ${MUESTREO_S} s; por minuto, la menor y la mayor):`);
  console.log(`  ${'minuto'.padEnd(7)} ${'RSS MB'.padStart(11)} ${'heap MB'.padStart(11)} ${'lag p99 ms'.padStart(11)} ${'lag máx ms'.padStart(11)} ${'carga'.padStart(6)}`);
  const rango = (xs: number[]) => `${mb(Math.min(...xs)).toFixed(0)}–${mb(Math.max(...xs)).toFixed(0)}`;
  for (let m = 1; m <= Math.ceil(segundos / 60); m++) {
    const delMinuto = muestras.filter((x) => x.s > (m - 1) * 60 && x.s <= m * 60);
    if (delMinuto.length === 0) continue;
    console.log(
      `  ${String(m).padEnd(7)} ${rango(delMinuto.map((x) => x.rss)).padStart(11)} ${rango(delMinuto.map((x) => x.heap)).padStart(11)} ` +
        `${Math.max(...delMinuto.map((x) => x.lagP99)).toFixed(1).padStart(11)} ${Math.max(...delMinuto.map((x) => x.lagMax)).toFixed(1).padStart(11)} ${delMinuto.at(-1)!.carga.toFixed(1).padStart(6)}`,
    );
  }
  if (process.env.MUESTRAS) {
    await writeFile(process.env.MUESTRAS, ['s,rss_mb,heap_mb,lag_p99_ms,lag_max_ms,carga', ...muestras.map((x) => [x.s.toFixed(1), mb(x.rss).toFixed(1), mb(x.heap).toFixed(1), x.lagP99.toFixed(1), x.lagMax.toFixed(1), x.carga.toFixed(2)].join(','))].join('\n') + '\n');
    console.log(`  (todas las muestras en ${process.env.MUESTRAS})`);
  }
  // Flat after the warm-up: the samples after it split in two halves by time; a leak lifts both the floor (what stays
  // after the collector ran) and the peak of the second half over the first's. RSS and heap swing with the collector
  // and the allocator, so one sample against another says little; the halves' extremes do.
  const tras = muestras.filter((x) => x.s > CALENTAMIENTO_S);
  if (tras.length < 4) fallar('memoria: muy pocas muestras tras el calentamiento');
  const corta = tras.length < 4 || tras.at(-1)!.s - tras[0]!.s < 180;
  const mitad = tras.length >= 4 ? (tras[0]!.s + tras.at(-1)!.s) / 2 : 0;
  const antes = tras.filter((x) => x.s <= mitad);
  const despues = tras.filter((x) => x.s > mitad);
  for (const campo of tras.length >= 4 ? (['rss', 'heap'] as const) : []) {
    const [piso1, techo1] = [Math.min(...antes.map((x) => x[campo])), Math.max(...antes.map((x) => x[campo]))];
    const [piso2, techo2] = [Math.min(...despues.map((x) => x[campo])), Math.max(...despues.map((x) => x[campo]))];
    const tolera = (base: number) => Math.max(base * CRECIMIENTO_PLANO, MB_PLANO * 1024 * 1024);
    const plana = piso2 - piso1 <= tolera(piso1) || techo2 - techo1 <= tolera(techo1);
    console.log(
      `  ${campo === 'rss' ? 'RSS ' : 'heap'} tras el calentamiento, primera mitad → segunda: menor ${mb(piso1).toFixed(0)} → ${mb(piso2).toFixed(0)} MB, ` +
        `mayor ${mb(techo1).toFixed(0)} → ${mb(techo2).toFixed(0)} MB: ${plana ? 'plana' : 'CRECE'}${corta ? ' (corrida corta: no se juzga)' : ''}`,
    );
    if (!plana && !corta) fallar(`memoria (${campo}) crece tras el calentamiento`);
  }

  const erroresServidor = servidor.salida().split('\n').filter((linea) => /"level":(50|60)/.test(linea));
  if (erroresServidor.length > 0) {
    fallar(`${erroresServidor.length} errores en el registro del servidor`);
    console.log(`\nRegistro del servidor (errores, los primeros 5 de ${erroresServidor.length}):`);
    for (const linea of erroresServidor.slice(0, 5)) console.log(`  ${linea.slice(0, 400)}`);
  }
} catch (error) {
  console.error(error);
  fallar(`excepción: ${(error as Error).message}`);
} finally {
  if (servidor) await detenerServidorReal(servidor);
  await db.destroy();
  await datos.detener();
}
console.log(fallas.length === 0 ? '\nSin errores.' : `\nFALLAS:\n${fallas.map((f) => `  - ${f}`).join('\n')}`);
process.exit(fallas.length === 0 ? 0 : 1);
