// Benchmark of production (docs/decisions-produccion.md, Speed and scale): in a throwaway embedded PostgreSQL, seeds store 001 with
// DIAS_HISTORIA earlier days of OPS_HOY production orders each (finished) and OPS_HOY orders of today in every state
// (bench/siembra-produccion.ts: today's through the production service itself), starts the real app on a loopback
// port and measures:
//   1. the control panel of today (POST produccion/panel-control {fecha_inicial: today, fecha_final: today}, as a
//      SuperAdministrador of the store): one request at a time (p50/p95 over REPETICIONES), then CLIENTES_CARGA clients
//      asking it again and again for CARGA_S seconds (bench/carga-http.ts);
//   2. the live channel: PANELES Socket.IO clients of SuperAdministrador users of the store
//      (bench/paneles-produccion.ts, a worker thread) listen to notification-orden-produccion-001 while OPERARIOS
//      operators (bench/operarios-produccion.ts, another worker thread; each an Operario session with its own machine
//      of every service) run the stage life cycle through the routes for DURACION_S seconds, on prepared OPs of
//      today: iniciar-etapa, parar-finalizar-etapa with a reason (Parar), iniciar-etapa (Continuar),
//      parar-finalizar-etapa without one (Finalizar etapa), a pause of about PAUSA_MS after each change (a person at a
//      tablet; PAUSA_MS=0 is the stress case). For every change and every panel: the delay from the request being sent
//      to that panel receiving the change's event, and from the response to the event (negative: the event came
//      first), p50/p95/p99/max over all (panel, change) pairs; events expected and received (a missed, unexpected or
//      out-of-order event, a lost connection or a refused change fails the run); the operators' request times;
//   3. the same with two server instances on one database (DOS_INSTANCIAS=0 skips it): this process's app and the real
//      server started as a child process (npm start's main.ts), half of the panels on each, the operators on the
//      first; events reach the second through the PostgreSQL adapter.
// Goals: the panel of a day of 500 OPs loads in < 500 ms (p95, one at a time); every panel receives each change in
// < 1 s (p95, send → receive). The figures under load are for reference.
//
//   npm run bench:produccion -w @tablero/server          (defaults: 500 OPs today, 60 days of history, 200 panels, 20 operators, 60 s)
//   OPS_HOY=500 DIAS_HISTORIA=60 PANELES=200 OPERARIOS=20 DURACION_S=60 PAUSA_MS=1000 npm run bench:produccion -w @tablero/server
//   PAUSA_MS=0 DURACION_S=30 npm run bench:produccion -w @tablero/server   (operators as fast as the server answers)
//   EXPLICAR=1 npm run bench:produccion -w @tablero/server    (also prints EXPLAIN ANALYZE of the panel's statements)
//   Also: REPETICIONES (30), CLIENTES_CARGA (20), CARGA_S (15), MAX_CAMBIOS (per operator), DOS_INSTANCIAS (1).
//
// Only loopback traffic; every loop is bounded and the script stops by itself, non-zero when a goal is missed or
// anything failed.
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay, performance as rendimiento } from 'node:perf_hooks';
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { eventoOrdenProduccion, hoyNegocio, ZONA_NEGOCIO } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { detenerServidorReal, iniciarServidorReal, type ServidorReal } from '../test/servidor-real';
import { esperarAdaptadores } from '../test/tiempo-real';
import { medirCarga } from './carga-http';
import { percentil } from './medidas';
import { operar, type Cambio } from './operarios-produccion';
import { abrirPaneles, ACCIONES, ahora } from './paneles-produccion';
import { ordenNotificada } from '../src/modules/produccion';
import { prepararOrdenes, sembrarProduccion, TIENDA, type OrdenPreparada } from './siembra-produccion';

const numero = (nombre: string, porDefecto: number) => Number(process.env[nombre] ?? porDefecto);
const OPS_HOY = numero('OPS_HOY', 500);
const DIAS_HISTORIA = numero('DIAS_HISTORIA', 60);
const PANELES = numero('PANELES', 200);
const OPERARIOS = numero('OPERARIOS', 20);
const DURACION_S = numero('DURACION_S', 60);
const PAUSA_MS = numero('PAUSA_MS', 1000);
const REPETICIONES = numero('REPETICIONES', 30);
const CLIENTES_CARGA = Math.min(numero('CLIENTES_CARGA', 20), PANELES);
const CARGA_S = numero('CARGA_S', 15);
const DOS_INSTANCIAS = process.env.DOS_INSTANCIAS !== '0';
const EXPLICAR = process.env.EXPLICAR === '1';
/** Changes per operator: what the time allows at the pause (with ~100 ms per request), unless told. */
const MAX_CAMBIOS = numero('MAX_CAMBIOS', Math.ceil((DURACION_S * 1000) / (PAUSA_MS + 100)) + 4);
/** OPs per operator per live run: a stage is 4 changes and OPs have 1 to 4 stages (2.65 on average); 2 is on the safe side. */
const ORDENES_POR_OPERARIO = Math.ceil(MAX_CAMBIOS / 4 / 2);
const META_PANEL_MS = 500;
const META_VIVO_MS = 1000;
/** Longest wait for the last events once the operators stopped. */
const ESPERA_EVENTOS_MS = 10_000;
const RESOLUCION_BUCLE_MS = 10;

const escenarios = DOS_INSTANCIAS ? 2 : 1;
const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-produccion-');
let salida = 0;
const fallar = (motivo: string) => {
  console.log(`  FALLA: ${motivo}`);
  salida = 1;
};
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (valor: number) => `${valor.toFixed(0).padStart(5)} ms`;
/** p50/p95/p99/max of sorted values. */
const resumen = (ordenados: number[]) =>
  ordenados.length === 0 ? 'sin datos' : `p50 ${ms(percentil(ordenados, 50))} · p95 ${ms(percentil(ordenados, 95))} · p99 ${ms(percentil(ordenados, 99))} · máx ${ms(ordenados.at(-1)!)}`;

let servidorB: ServidorReal | null = null;
let carpetaB: string | null = null;
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

  const reservaPorEscenario = Math.max(0, OPERARIOS * ORDENES_POR_OPERARIO - Math.floor((OPS_HOY * 0.4) / escenarios));
  console.log(
    `Sembrando la tienda ${TIENDA}: ${DIAS_HISTORIA} días de ${OPS_HOY} órdenes de producción terminadas, ${OPS_HOY} de hoy en todos los estados (por el servicio), ` +
      `${PANELES} usuarios de panel, ${OPERARIOS} operarios con sus máquinas…`,
  );
  const inicioSiembra = performance.now();
  const sembrado = await sembrarProduccion(db, url, {
    opsHoy: OPS_HOY,
    diasHistoria: DIAS_HISTORIA,
    opsPorDia: OPS_HOY,
    paneles: PANELES,
    operarios: OPERARIOS,
    ventasReserva: reservaPorEscenario * escenarios,
    alAvanzar: (paso, segundos) => console.log(`  ${paso}: ${segundos.toFixed(1)} s`),
  });
  console.log(`Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s:`);
  for (const [tabla, n] of Object.entries(sembrado.conteos)) console.log(`  ${tabla.padEnd(40)} ${n.toLocaleString('en-US').padStart(11)}`);
  console.log(`  Órdenes de hoy: ${Object.entries(sembrado.estadosHoy).map(([estado, n]) => `${n} ${estado}`).join(', ')}`);

  const secreto = 'secreto-del-benchmark';
  const config = { ...leerConfig({}), ingresoMaxPorIp: 100_000 };
  const app = await buildApp({ db, config, tokenSecret: secreto });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const urlA = `http://127.0.0.1:${puerto}`;
  const base = new URL(`${urlA}/api`);

  // Sessions: the seeding manager, one per panel, one per tablet (real logins, a few at a time).
  const ingresar = async (email: string) => {
    const respuesta = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: sembrado.clave }) });
    if (!respuesta.ok) throw new Error(`Ingreso de ${email}: ${respuesta.status} ${await respuesta.text()}`);
    return ((await respuesta.json()) as { data: { token: string } }).data.token;
  };
  const correos = [sembrado.emailAdministrador, ...sembrado.emailsPaneles, ...sembrado.operarios.map((o) => o.email)];
  const tokens: string[] = [];
  for (let desde = 0; desde < correos.length; desde += 8) tokens.push(...(await Promise.all(correos.slice(desde, desde + 8).map(ingresar))));
  const [tokenAdministrador, ...resto] = tokens;
  const tokensPaneles = resto.slice(0, PANELES);
  const tokensTabletas = resto.slice(PANELES);

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
          headers: { authorization: `Bearer ${tokenAdministrador}`, 'x-codigo-tienda': TIENDA, 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) },
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

  // 1. The panel of today: the business day today's OPs were made on (a run that crosses midnight in Bogotá would
  // otherwise ask for a day without them).
  const { rows: dias } = await sql<{ dia: string }>`
    select distinct to_char(fecha_inserta at time zone ${ZONA_NEGOCIO}, 'YYYY-MM-DD') as dia
      from produccion_venta where id > (select max(id) from produccion_venta) - ${OPS_HOY}::int
  `.execute(db);
  if (dias.length !== 1) fallar(`las OP de hoy quedaron en ${dias.length} días (la siembra cruzó la medianoche)`);
  const hoy = dias[0]?.dia ?? hoyNegocio();
  if (hoy !== hoyNegocio()) console.log(`  (ya es ${hoyNegocio()} en Bogotá: se pide el día de la siembra)`);
  const filtroHoy = { fecha_inicial: hoy, fecha_final: hoy };
  console.log(`\n1. Panel control producción de hoy (${hoy}), POST produccion/panel-control, HTTP real:`);
  const primera = await llamar('/produccion/panel-control', filtroHoy);
  if (primera.estado !== 200) throw new Error(`panel-control: ${primera.estado} ${primera.cuerpo.toString().slice(0, 300)}`);
  const panel = JSON.parse(primera.cuerpo.toString()) as { data: { ordenes_produccion: unknown[]; productos_ventas: unknown[]; ordenes_produccion_etapas: unknown[]; totales: Record<string, number> } };
  console.log(
    `  ${panel.data.ordenes_produccion.length} OP, ${panel.data.productos_ventas.length} líneas, ${panel.data.ordenes_produccion_etapas.length} etapas, ` +
      `${(primera.cuerpo.length / 1024).toFixed(0)} KB; totales ${JSON.stringify(panel.data.totales)}`,
  );
  if (panel.data.ordenes_produccion.length !== OPS_HOY) fallar(`el panel trae ${panel.data.ordenes_produccion.length} OP, no ${OPS_HOY}`);
  const tiempos: number[] = [];
  for (let n = 0; n < REPETICIONES; n++) {
    const r = await llamar('/produccion/panel-control', filtroHoy);
    if (r.estado !== 200) fallar(`panel-control respondió ${r.estado}`);
    tiempos.push(r.ms);
  }
  tiempos.sort((a, b) => a - b);
  const p95Panel = percentil(tiempos, 95);
  console.log(
    `  una solicitud a la vez          n ${String(tiempos.length).padStart(3)} · p50 ${ms(percentil(tiempos, 50))} · p95 ${ms(p95Panel)} · máx ${ms(tiempos.at(-1)!)} · ` +
      `meta < ${META_PANEL_MS} ms ${p95Panel < META_PANEL_MS ? 'sí' : 'NO'} (carga ${loadavg()[0]!.toFixed(1)})`,
  );
  if (p95Panel >= META_PANEL_MS) salida = 1;
  const carga = await medirCarga({
    base: base.toString(),
    tokens: tokensPaneles.slice(0, CLIENTES_CARGA),
    codigoTienda: TIENDA,
    metodo: 'POST',
    ruta: '/produccion/panel-control',
    cuerpo: filtroHoy,
    calentamientoMs: 2_000,
    duracionMs: CARGA_S * 1000,
  });
  console.log(
    `  ${String(CLIENTES_CARGA).padStart(2)} clientes a la vez, ${CARGA_S} s    n ${String(carga.latencias.length).padStart(3)} · p50 ${ms(percentil(carga.latencias, 50))} · ` +
      `p95 ${ms(percentil(carga.latencias, 95))} · máx ${ms(carga.latencias.at(-1) ?? NaN)} · ${(carga.latencias.length / carga.segundos).toFixed(1)} paneles/s · referencia` +
      ` (carga ${loadavg()[0]!.toFixed(1)})`,
  );
  if (carga.errores > 0) fallar(`${carga.errores} respuestas del panel bajo carga no fueron 200`);

  if (EXPLICAR) {
    const cliente = new pg.Client({ connectionString: url });
    await cliente.connect();
    capturadas.length = 0;
    capturando = true;
    await llamar('/produccion/panel-control', filtroHoy);
    capturando = false;
    console.log('\nEXPLAIN ANALYZE del panel de hoy:');
    for (const consulta of capturadas.filter((c) => !/from "conexion"|from conexion|"usuario_tienda"/.test(c.sql))) {
      const plan = await cliente.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${consulta.sql}`, [...consulta.parameters]);
      console.log(`  -- ${consulta.sql.replace(/\s+/g, ' ').slice(0, 110)}…`);
      console.log(plan.rows.map((fila) => `    ${fila['QUERY PLAN']}`).join('\n'));
    }
    await cliente.end();
  }

  // 2 and 3. The live channel. Each run works its share of today's prepared OPs, topped up with OPs made now from the
  // reserve sales (so no operator runs out of work before the time is over).
  const porEscenario = Math.floor(sembrado.preparadas.length / escenarios);
  let reservaUsada = 0;
  const ordenesDelEscenario = async (n: number): Promise<OrdenPreparada[]> => {
    const propias = sembrado.preparadas.slice(n * porEscenario, (n + 1) * porEscenario);
    const faltan = Math.max(0, OPERARIOS * ORDENES_POR_OPERARIO - propias.length);
    const ventas = sembrado.ventasReserva.slice(reservaUsada, reservaUsada + faltan);
    reservaUsada += ventas.length;
    return [...propias, ...(await prepararOrdenes(db, ventas, sembrado.actores))];
  };

  /** One live run: the panels connect (to `urlsPaneles`, round robin), the operators work, the deliveries are matched. */
  async function vivo(titulo: string, urlsPaneles: string[], ordenes: OrdenPreparada[]) {
    console.log(`\n${titulo}`);
    const paneles = await abrirPaneles({
      clientes: tokensPaneles.map((token, n) => ({ url: urlsPaneles[n % urlsPaneles.length]!, token })),
      evento: eventoOrdenProduccion(TIENDA),
      lote: 20,
    });
    console.log(`  ${paneles.conectados} paneles conectados en ${(paneles.msConexion / 1000).toFixed(1)} s${paneles.fallidos.length ? `; fallaron ${paneles.fallidos.length}: ${paneles.fallidos[0]}` : ''}`);
    if (paneles.conectados < PANELES) fallar(`solo ${paneles.conectados} de ${PANELES} paneles conectados`);
    // The two threads' clocks: the panels' clock read between two readings of this one.
    const antes = ahora();
    const suyo = await paneles.reloj();
    const despues = ahora();
    const desfase = suyo - (antes + despues) / 2;

    const trabajos = sembrado.operarios.map((operario, n) => ({
      token: tokensTabletas[n]!,
      operarioId: operario.terceroId,
      maquinas: operario.maquinas,
      ordenes: ordenes.filter((_, k) => k % OPERARIOS === n),
    }));
    // The server's event loop (this thread; the panels and the operators have their own): how late its timers ran, and
    // the share of the time it was busy.
    const bucle = monitorEventLoopDelay({ resolution: RESOLUCION_BUCLE_MS });
    bucle.enable();
    const uso = rendimiento.eventLoopUtilization();
    const resultado = await operar({ base: base.toString(), codigoTienda: TIENDA, trabajos, duracionMs: DURACION_S * 1000, pausaMs: PAUSA_MS, maxCambiosPorOperario: MAX_CAMBIOS });
    const ocupado = rendimiento.eventLoopUtilization(uso).utilization;
    bucle.disable();
    const tarde = (ns: number) => Math.max(0, ns / 1e6 - RESOLUCION_BUCLE_MS).toFixed(0);

    const correctos = resultado.cambios.filter((c) => c.estado === 200);
    const esperados = correctos.length * PANELES;
    const limite = Date.now() + ESPERA_EVENTOS_MS;
    let llegados = await paneles.conteo();
    while (llegados < esperados && Date.now() < limite) {
      await pausa(100);
      llegados = await paneles.conteo();
    }
    const { recibidos, desconexiones } = await paneles.cerrar();

    // A panel's k-th event of an OP is that OP's k-th change: each OP is one operator's, who sends its next change
    // only after the previous one answered, and the event is emitted before the answer.
    const porOrden = new Map<number, { cambio: Cambio; indice: number }[]>();
    correctos.sort((a, b) => a.enviado - b.enviado);
    correctos.forEach((cambio, indice) => porOrden.set(cambio.ordenId, [...(porOrden.get(cambio.ordenId) ?? []), { cambio, indice }]));
    const desdeEnvio: number[] = [];
    const desdeRespuesta: number[] = [];
    /** send → receive by the instance the panel is connected to (when there are several). */
    const porInstancia = urlsPaneles.map(() => [] as number[]);
    const ultimoPanel = new Array<number>(correctos.length).fill(-Infinity);
    let emparejados = 0;
    let inesperados = 0;
    for (const [panel, filas] of recibidos.entries()) {
      const vistos = new Map<number, number>();
      for (let i = 0; i < filas.length; i += 3) {
        const ordenId = filas[i]!;
        const k = vistos.get(ordenId) ?? 0;
        vistos.set(ordenId, k + 1);
        const esperado = porOrden.get(ordenId)?.[k];
        if (!esperado || ACCIONES[filas[i + 1]!] !== esperado.cambio.accion) {
          inesperados++;
          continue;
        }
        const llegada = filas[i + 2]!;
        desdeEnvio.push(llegada - esperado.cambio.enviado);
        porInstancia[panel % urlsPaneles.length]!.push(llegada - esperado.cambio.enviado);
        desdeRespuesta.push(llegada - esperado.cambio.respondido);
        ultimoPanel[esperado.indice] = Math.max(ultimoPanel[esperado.indice]!, llegada - esperado.cambio.enviado);
        emparejados++;
      }
    }
    const faltantes = esperados - emparejados;
    desdeEnvio.sort((a, b) => a - b);
    desdeRespuesta.sort((a, b) => a - b);
    const ultimos = ultimoPanel.filter((v) => v > -Infinity).sort((a, b) => a - b);

    const porPaso = (paso: Cambio['paso']) => resultado.cambios.filter((c) => c.paso === paso);
    const errores = resultado.cambios.filter((c) => c.estado !== 200);
    console.log(
      `  ${resultado.cambios.length} cambios en ${resultado.segundos.toFixed(1)} s (${(resultado.cambios.length / resultado.segundos).toFixed(1)}/s; ` +
        `${(['iniciar', 'parar', 'continuar', 'finalizar'] as const).map((p) => `${porPaso(p).length} ${p}`).join(', ')}), ${errores.length} rechazados` +
        `${resultado.sinOrdenes ? `; ${resultado.sinOrdenes} operarios se quedaron sin OP` : ''}`,
    );
    const latencias = resultado.cambios.map((c) => c.respondido - c.enviado).sort((a, b) => a - b);
    console.log(`  solicitudes de los operarios        ${resumen(latencias)}`);
    console.log(
      `  eventos: esperados ${esperados.toLocaleString('en-US')} (${correctos.length} × ${PANELES}), recibidos ${recibidos.reduce((s, f) => s + f.length / 3, 0).toLocaleString('en-US')}, ` +
        `emparejados ${emparejados.toLocaleString('en-US')}, faltantes ${faltantes}, inesperados ${inesperados}, conexiones perdidas ${desconexiones}`,
    );
    const p95 = percentil(desdeEnvio, 95);
    console.log(`  envío → recepción (panel × cambio)  ${resumen(desdeEnvio)} · meta p95 < ${META_VIVO_MS} ms ${p95 < META_VIVO_MS ? 'sí' : 'NO'}`);
    if (urlsPaneles.length > 1) {
      for (const [n, valores] of porInstancia.entries()) {
        console.log(`    en la instancia ${n + 1}${n === 0 ? ' (operarios)' : ''}`.padEnd(38) + resumen(valores.sort((x, y) => x - y)));
      }
    }
    console.log(`  respuesta → recepción               ${resumen(desdeRespuesta)}`);
    console.log(`  envío → el último de los paneles    ${resumen(ultimos)}`);
    console.log(
      `  servidor: bucle de eventos ocupado ${(ocupado * 100).toFixed(0)} %, retraso p50 ${tarde(bucle.percentile(50))} ms · p99 ${tarde(bucle.percentile(99))} ms · máx ${tarde(bucle.max)} ms; ` +
        `reloj de los paneles ${desfase >= 0 ? '+' : ''}${desfase.toFixed(2)} ms ` +
        `(± ${((despues - antes) / 2).toFixed(2)}) (carga ${loadavg()[0]!.toFixed(1)})`,
    );
    for (const error of errores.slice(0, 3)) console.log(`    rechazado: ${error.paso} etapa ${error.etapaId}: ${error.estado} ${error.error}`);
    if (errores.length > 0) fallar(`${errores.length} cambios rechazados`);
    if (faltantes > 0) fallar(`${faltantes} eventos no llegaron`);
    if (inesperados > 0) fallar(`${inesperados} eventos inesperados o fuera de orden`);
    if (desconexiones > 0) fallar(`${desconexiones} paneles perdieron la conexión`);
    if (correctos.length === 0) fallar('no hubo cambios');
    if (!(p95 < META_VIVO_MS)) salida = 1;
  }

  // What every panel receives per change: one OP with its lines and stages, as JSON.
  const muestra = sembrado.preparadas[0] ? await ordenNotificada(db, sembrado.preparadas[0].id, TIENDA, 'iniciar') : null;
  if (muestra) {
    console.log(`\nEl evento de una OP (${muestra.productos_ventas.length} líneas, ${muestra.ordenes_produccion_etapas.length} etapas) pesa ${(JSON.stringify(muestra).length / 1024).toFixed(1)} KB en JSON.`);
  }
  await vivo(
    `2. Tiempo real, una instancia: ${PANELES} paneles, ${OPERARIOS} operarios, ${DURACION_S} s, pausa ~${PAUSA_MS} ms entre cambios:`,
    [urlA],
    await ordenesDelEscenario(0),
  );

  if (DOS_INSTANCIAS) {
    carpetaB = await mkdtemp(path.join(tmpdir(), 'tablero-bench-produccion-b-'));
    servidorB = await iniciarServidorReal({ DATABASE_URL: url, TOKEN_SECRET: secreto, TRABAJOS_ACTIVOS: '0', TABLERO_DATA_DIR: carpetaB, INGRESO_MAX_POR_IP: '100000' });
    await esperarAdaptadores(db, 2);
    await vivo(
      `3. Tiempo real, dos instancias en una base de datos (la segunda, el servidor real en otro proceso): ${PANELES / 2} paneles en cada una, los operarios en la primera:`,
      [urlA, servidorB.url],
      await ordenesDelEscenario(1),
    );
  }

  agente.destroy();
  await app.close();
  await db.destroy();
} catch (error) {
  console.error(error);
  salida = 1;
} finally {
  if (servidorB) await detenerServidorReal(servidorB);
  if (carpetaB) await rm(carpetaB, { recursive: true, force: true });
  await detener();
}
process.exit(salida);
