// Benchmark of dispatch (the goal "within a second, from any server instance", docs/decisions-despachos.md, Speed): in a throwaway embedded
// PostgreSQL, seeds store 001 with products, customers, dispatchers (Vendedor and Operario users, alternating), staff
// screens (Vendedor users), a messenger and pending sales; bills EN_COLA + EN_PROCESO of them through the billing
// route (each gets its turn of the day) and calls EN_PROCESO of those turns; starts the real app on a loopback port
// and measures:
//   1. the public board's list (GET /api/public/despachos/turnos?codigo_tienda=001, no token) with those turns of the
//      day: one request at a time (p50/p95 over REPETICIONES), then CLIENTES_CARGA clients asking it again and again
//      for CARGA_S seconds (bench/carga-http.ts);
//   2. the live channels with two server instances on one database: this process's app and the real server started as
//      a child process (npm start's main.ts). TABLEROS public boards (namespace /publico, auth { tienda }, no token)
//      and STAFF Despachos screens (Vendedor sessions, notification-despacho-001), half on each instance
//      (bench/tableros-despachos.ts, a worker thread). DESPACHADORES dispatchers (another worker thread) work for
//      DURACION_S seconds, all their requests to the first instance: each bills its next pending sale (the turn is
//      created: new_dispatch), calls it (assign_dispatch), dispatches it with the messenger (remove_dispatch), a pause
//      of about PAUSA_MS after each step. The boards on the second instance get the events through the PostgreSQL
//      adapter. For every event and every client: the delay from the request being sent to the client receiving it,
//      p50/p95/p99/max per event kind, overall and per instance; events expected and received (a missed, unexpected,
//      repeated or out-of-order event, a lost connection or a refused request fails the run); request times per route.
// Goals: every board receives each change in < 1 s (p95, send → receive, per kind and overall); the public list
// answers in < 100 ms (p95, one at a time). The figures under load are for reference.
//
//   npm run bench:despachos -w @tablero/server          (defaults: 200 boards, 4 screens, 5 dispatchers, 60 s, 300 + 100 turns)
//   TABLEROS=200 STAFF=4 DESPACHADORES=5 DURACION_S=60 PAUSA_MS=1000 npm run bench:despachos -w @tablero/server
//   PAUSA_MS=0 DURACION_S=30 npm run bench:despachos -w @tablero/server   (dispatchers as fast as the server answers)
//   Also: EN_COLA (300), EN_PROCESO (100), LINEAS (3 per sale), REPETICIONES (50), CLIENTES_CARGA (20), CARGA_S (15),
//   DOS_INSTANCIAS (1; 0: every client on the first instance).
//
// Only loopback traffic; every loop is bounded and the script stops by itself, non-zero when a goal is missed or
// anything failed.
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance as rendimiento } from 'node:perf_hooks';
import { sql } from 'kysely';
import { redondearCentavosEfectivo, TURNOS_POR_PAGINA_PUBLICA, UNIDAD_REDONDEO_POR_DEFECTO, type TableroPublicoDespachos } from '@tablero/domain';
import { buildApp } from '../src/app';
import { leerConfig } from '../src/config';
import { crearDb } from '../src/db/database';
import { migrarAlUltimo } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { iniciarPostgresTemporal } from '../test/postgres-temporal';
import { puertoLibre } from '../test/puertos';
import { detenerServidorReal, iniciarServidorReal, type ServidorReal } from '../test/servidor-real';
import { esperarAdaptadores } from '../test/tiempo-real';
import { medirCarga } from './carga-http';
import { percentil } from './medidas';
import { abrirTableros, ahora, CLASE_DE_PASO, CLASES, despachar, type ClienteTablero, type Paso, type Solicitud } from './tableros-despachos';

const numero = (nombre: string, porDefecto: number) => Number(process.env[nombre] ?? porDefecto);
const TABLEROS = numero('TABLEROS', 200);
const STAFF = numero('STAFF', 4);
const DESPACHADORES = numero('DESPACHADORES', 5);
const DURACION_S = numero('DURACION_S', 60);
const PAUSA_MS = numero('PAUSA_MS', 1000);
const EN_COLA = numero('EN_COLA', 300);
const EN_PROCESO = numero('EN_PROCESO', 100);
const LINEAS = numero('LINEAS', 3);
const REPETICIONES = numero('REPETICIONES', 50);
const CLIENTES_CARGA = numero('CLIENTES_CARGA', 20);
const CARGA_S = numero('CARGA_S', 15);
const DOS_INSTANCIAS = process.env.DOS_INSTANCIAS !== '0';
/** Sales per dispatcher for the live run: what the time allows at the pause (3 steps, ~40 ms each), and a margin. */
const VENTAS_POR_DESPACHADOR = Math.ceil((DURACION_S * 1000) / (3 * (PAUSA_MS + 40))) + 5;
const PRODUCTOS = 100;
const TIENDA = '001';
const CLAVE = 'bench1234';
const META_VIVO_MS = 1000;
const META_LISTA_MS = 100;
/** Longest wait for the last events once the dispatchers stopped. */
const ESPERA_EVENTOS_MS = 10_000;

const NOMBRES = ['Ana Lucía', 'Carlos', 'María', 'Juan Pablo', 'Luisa', 'Andrés', 'Diana', 'Jorge', 'Paola', 'Felipe'];
const APELLIDOS = ['Gómez Ruiz', 'Rodríguez', 'Martínez', 'López', 'Hernández', 'García'];
const DESPACHADORES_NOMBRES = ['Valentina Ríos', 'Andrés Cardona', 'Camila Ospina', 'Santiago Mejía', 'Laura Restrepo', 'Mateo Zuluaga', 'Sofía Arango', 'Tomás Vélez'];

const { embebido, detener } = await iniciarPostgresTemporal('tablero-bench-despachos-');
let salida = 0;
const fallar = (motivo: string) => {
  console.log(`  FALLA: ${motivo}`);
  salida = 1;
};
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cifra = (valor: number) => (Number.isNaN(valor) ? '—' : valor < 100 ? valor.toFixed(1) : valor.toFixed(0));
const COLUMNAS = ['n', 'p50 ms', 'p95 ms', 'p99 ms', 'máx ms'];
const ANCHO_ETIQUETA = 48;
/** A table row: the label, then n and p50/p95/p99/max of sorted values, then a note. */
const fila = (etiqueta: string, ordenados: number[], nota = '') =>
  `  ${etiqueta.padEnd(ANCHO_ETIQUETA)}${String(ordenados.length).padStart(7)}` +
  [50, 95, 99].map((p) => cifra(percentil(ordenados, p)).padStart(9)).join('') +
  cifra(ordenados.at(-1) ?? NaN).padStart(9) +
  (nota ? `   ${nota}` : '');
const cabecera = (titulo: string) => `  ${titulo.padEnd(ANCHO_ETIQUETA)}${COLUMNAS[0]!.padStart(7)}${COLUMNAS.slice(1).map((c) => c.padStart(9)).join('')}`;
const meta = (p95: number, limite: number) => `meta p95 < ${limite} ms: ${p95 < limite ? 'sí' : 'NO'}`;
const ordenar = (valores: number[]) => valores.sort((a, b) => a - b);

let servidorB: ServidorReal | null = null;
let carpetaB: string | null = null;
try {
  await embebido.crearBaseDatos('bench');
  const url = embebido.url('bench');
  const db = crearDb(url);
  await migrarAlUltimo(db);

  // The seed: the store, its people, products with stock, a remission range, customers, a messenger, pending sales.
  const ventasLista = EN_COLA + EN_PROCESO;
  const ventasVivo = DESPACHADORES * VENTAS_POR_DESPACHADOR;
  console.log(
    `Sembrando la tienda ${TIENDA}: ${DESPACHADORES} despachadores, ${STAFF} pantallas de despachos, ${PRODUCTOS} productos, ` +
      `${(ventasLista + ventasVivo).toLocaleString('en-US')} ventas pendientes de ${LINEAS} líneas…`,
  );
  const inicioSiembra = performance.now();
  await db.insertInto('tienda').values({ codigo_tienda: TIENDA, nombre_tienda: 'Principal' }).execute();
  const hash = await hashPassword(CLAVE);
  const despachadores = await db
    .insertInto('usuario')
    .values(
      Array.from({ length: DESPACHADORES }, (_, n) => ({
        name: `${DESPACHADORES_NOMBRES[n % DESPACHADORES_NOMBRES.length]}${n >= DESPACHADORES_NOMBRES.length ? ` ${n}` : ''}`,
        email: `despachador${n}@bench.test`,
        password_hash: hash,
        role: n % 2 === 0 ? ('Vendedor' as const) : ('Operario' as const),
      })),
    )
    .returning(['id', 'email', 'role'])
    .execute();
  const pantallas = STAFF
    ? await db
        .insertInto('usuario')
        .values(Array.from({ length: STAFF }, (_, n) => ({ name: `Pantalla ${n + 1}`, email: `pantalla${n}@bench.test`, password_hash: hash, role: 'Vendedor' as const })))
        .returning(['id', 'email'])
        .execute()
    : [];
  await db.insertInto('usuario_tienda').values([...despachadores, ...pantallas].map(({ id }) => ({ user_id: id, codigo_tienda: TIENDA }))).execute();
  await db.insertInto('impuesto').values({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 }).execute();
  await db.insertInto('proveedor').values({ nombre_proveedor: 'Proveedor Bench', nit: '900000000-0', numero_telefonico: '6010000000', correo_electronico: 'bench@proveedor.test' }).execute();
  await sql`
    insert into producto (referencia, nombre_producto, precio_unitario, impuesto_id, proveedor_id, grupo_id, linea_id)
    select 'DES-' || lpad(i::text, 4, '0'), 'Tablero de prueba ' || i, 20000 + (i % 37) * 1250.5, (select min(id) from impuesto), (select min(id) from proveedor), 4, 8
      from generate_series(1, ${PRODUCTOS}) as i
  `.execute(db);
  await sql`
    insert into inventario (codigo_tienda, producto_id, cantidad, precio_unitario, costo_inventario_unitario)
    select ${TIENDA}, p.id, 1000000, p.precio_unitario, round(p.precio_unitario * 0.6, 2) from producto p
  `.execute(db);
  await db
    .insertInto('rango_numeracion')
    .values({ codigo_tienda: TIENDA, tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 1, numero_hasta: 10_000_000, siguiente_numero: 1 })
    .execute();
  const tercero = (n: number, nombres: string, apellidos: string, tipo: 'C' | 'MSJ') => ({
    tipo_documento_id: 1,
    numero_documento: String(1_000_000_000 + n),
    nombres,
    apellidos,
    correo_electronico: `tercero${n}@bench.test`,
    numero_celular: '3000000000',
    tipo_tercero: tipo,
    tipo_persona: 'Person' as const,
    responsable_iva: false,
    responsabilidad_fiscal: 'R-99-PN' as const,
  });
  const clientes = await db
    .insertInto('tercero')
    .values(NOMBRES.flatMap((nombres, i) => APELLIDOS.map((apellidos, j) => tercero(i * APELLIDOS.length + j, nombres, apellidos, 'C'))))
    .returning('id')
    .execute();
  const { id: mensajeroId } = await db.insertInto('tercero').values(tercero(9_999, 'Camilo', 'Rendón', 'MSJ')).returning('id').executeTakeFirstOrThrow();
  // Pending sales, LINEAS lines each, with the amounts calcularTotalesVenta gives (19 % tax, half-up to the centavo)
  // and the header's exact sums (as bench/facturar-bench.ts); customers and sellers in turn.
  await sql`
    insert into venta (codigo_tienda, cliente_id, vendedor_id, estado_venta_id)
    select ${TIENDA}, (${clientes.map((c) => c.id)}::int[])[1 + i % ${clientes.length}], (${despachadores.map((d) => d.id)}::int[])[1 + i % ${despachadores.length}], 1
      from generate_series(1, ${ventasLista + ventasVivo}) as i
  `.execute(db);
  await sql`
    insert into venta_detalle (venta_id, item, producto_id, cantidad, precio_unitario, porcentaje_impuesto, valor_bruto, valor_descuento, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total)
    select l.venta_id, l.item, l.producto_id, l.cantidad, i.precio_unitario, 19, round(l.cantidad * i.precio_unitario, 2), 0,
           round(l.cantidad * i.precio_unitario, 2), round(round(l.cantidad * i.precio_unitario, 2) * 0.19, 2), 0,
           round(l.cantidad * i.precio_unitario, 2) + round(round(l.cantidad * i.precio_unitario, 2) * 0.19, 2)
      from (
        select v.id as venta_id, k as item, (select min(id) from producto) + (v.id * 7 + k * 31) % ${PRODUCTOS} as producto_id, 1 + (v.id + k) % 4 as cantidad
          from venta v cross join generate_series(1, ${LINEAS}) as k
      ) l
      join inventario i on i.producto_id = l.producto_id and i.codigo_tienda = ${TIENDA}
  `.execute(db);
  await sql`
    update venta v set total_subtotal_venta = d.subtotal, total_impuestos_venta = d.impuesto, total_venta = d.total
      from (select venta_id, sum(valor_subtotal) as subtotal, sum(valor_impuesto) as impuesto, sum(valor_total) as total from venta_detalle group by venta_id) d
     where d.venta_id = v.id
  `.execute(db);
  await sql`vacuum analyze`.execute(db);
  const ventas = (await db.selectFrom('venta').select(['id', 'total_venta']).orderBy('id').execute()).map((v) => ({ id: v.id, total: Number(v.total_venta) }));

  const secreto = 'secreto-del-benchmark';
  const app = await buildApp({ db, config: { ...leerConfig({}), ingresoMaxPorIp: 100_000 }, tokenSecret: secreto });
  const puerto = await puertoLibre();
  await app.listen({ port: puerto, host: '127.0.0.1' });
  const urlA = `http://127.0.0.1:${puerto}`;
  const base = `${urlA}/api`;
  const ingresar = async (email: string) => {
    const respuesta = await fetch(`${base}/ingreso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: CLAVE }) });
    if (!respuesta.ok) throw new Error(`Ingreso de ${email}: ${respuesta.status} ${await respuesta.text()}`);
    return ((await respuesta.json()) as { data: { token: string } }).data.token;
  };
  const tokensDespachadores = await Promise.all(despachadores.map((d) => ingresar(d.email)));
  const tokensPantallas = await Promise.all(pantallas.map((p) => ingresar(p.email)));
  const llamarApi = async (token: string, metodo: 'GET' | 'POST', ruta: string, cuerpo?: object) => {
    const respuesta = await fetch(`${base}${ruta}`, {
      method: metodo,
      headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': TIENDA, ...(cuerpo ? { 'content-type': 'application/json' } : {}) },
      ...(cuerpo ? { body: JSON.stringify(cuerpo) } : {}),
    });
    if (respuesta.status !== 200) throw new Error(`${metodo} ${ruta}: ${respuesta.status} ${(await respuesta.text()).slice(0, 300)}`);
  };

  // The turns of the day for the list: the first sales billed through the route by the dispatchers (each its share,
  // one after another), the first EN_PROCESO of them called by them.
  const deLaLista = ventas.slice(0, ventasLista);
  await Promise.all(
    tokensDespachadores.map(async (token, d) => {
      for (const venta of deLaLista.filter((_, k) => k % DESPACHADORES === d)) {
        await llamarApi(token, 'POST', `/facturas/${venta.id}/forma-pago`, {
          crear_factura_siigo: false,
          crear_venta_credito: false,
          modo_factura: 'C',
          // In cash, rounded down to the unit as the bill rounds it (docs/decisions-redondeo-envios.md).
          formaPagoList: [{ id_forma_pago: 1, valor_pagado: redondearCentavosEfectivo(Math.round(venta.total * 100), UNIDAD_REDONDEO_POR_DEFECTO) / 100 }],
          valor_recibido: Math.ceil(venta.total / 10_000) * 10_000,
        });
      }
    }),
  );
  const llamadas = deLaLista.slice(0, EN_PROCESO);
  await Promise.all(
    tokensDespachadores.map(async (token, d) => {
      for (const venta of llamadas.filter((_, k) => k % DESPACHADORES === d)) await llamarApi(token, 'GET', `/despachos/turnos/${venta.id}/${despachadores[d]!.id}/venta`);
    }),
  );
  const estados = await db.selectFrom('despacho_turno').select(['estado', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('estado').execute();
  const porEstado = Object.fromEntries(estados.map((e) => [e.estado, Number(e.n)]));
  console.log(
    `Siembra lista en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s: turnos de hoy ${porEstado.en_cola ?? 0} en cola, ${porEstado.en_proceso ?? 0} en proceso ` +
      `(facturados y llamados por las rutas); ${ventasVivo} ventas pendientes para ${DESPACHADORES} despachadores (${VENTAS_POR_DESPACHADOR} cada uno).`,
  );
  if ((porEstado.en_cola ?? 0) !== EN_COLA || (porEstado.en_proceso ?? 0) !== EN_PROCESO) fallar(`se esperaban ${EN_COLA} turnos en cola y ${EN_PROCESO} en proceso`);

  // 1. The public list, one request at a time, then under load.
  const rutaLista = `/public/despachos/turnos?codigo_tienda=${TIENDA}`;
  const agente = new Agent({ keepAlive: true, maxSockets: 1 });
  const pedirLista = () =>
    new Promise<{ estado: number; cuerpo: Buffer; ms: number }>((resolve, reject) => {
      const t0 = performance.now();
      const solicitud = request({ host: '127.0.0.1', port: puerto, path: `/api${rutaLista}`, method: 'GET', agent: agente }, (respuesta) => {
        const partes: Buffer[] = [];
        respuesta.on('data', (parte: Buffer) => partes.push(parte));
        respuesta.on('end', () => resolve({ estado: respuesta.statusCode ?? 0, cuerpo: Buffer.concat(partes), ms: performance.now() - t0 }));
      });
      solicitud.on('error', reject);
      solicitud.end();
    });
  const primera = await pedirLista();
  if (primera.estado !== 200) throw new Error(`Lista pública: ${primera.estado} ${primera.cuerpo.toString().slice(0, 300)}`);
  const tablero = (JSON.parse(primera.cuerpo.toString()) as { data: TableroPublicoDespachos }).data;
  const paginas = Math.max(1, Math.ceil(Math.max(EN_COLA, EN_PROCESO) / TURNOS_POR_PAGINA_PUBLICA));
  console.log(
    `\n1. Lista pública del tablero, GET /api${rutaLista} (sin sesión), ${EN_COLA} turnos en cola y ${EN_PROCESO} en proceso hoy:\n` +
      `  responde ${tablero.proximos.length} próximos y ${tablero.en_proceso.length} en proceso, página ${tablero.current_page} de ${tablero.last_page}, ${primera.cuerpo.length} bytes`,
  );
  if (
    tablero.proximos.length !== Math.min(EN_COLA, TURNOS_POR_PAGINA_PUBLICA) ||
    tablero.en_proceso.length !== Math.min(EN_PROCESO, TURNOS_POR_PAGINA_PUBLICA) ||
    tablero.last_page !== paginas
  ) {
    fallar(`la lista no trae lo esperado (${Math.min(EN_COLA, TURNOS_POR_PAGINA_PUBLICA)} + ${Math.min(EN_PROCESO, TURNOS_POR_PAGINA_PUBLICA)} turnos, ${paginas} páginas)`);
  }
  for (let n = 0; n < 5; n++) await pedirLista();
  const tiempos: number[] = [];
  for (let n = 0; n < REPETICIONES; n++) {
    const r = await pedirLista();
    if (r.estado !== 200) fallar(`la lista respondió ${r.estado}`);
    tiempos.push(r.ms);
  }
  ordenar(tiempos);
  const p95Lista = percentil(tiempos, 95);
  if (!(p95Lista < META_LISTA_MS)) salida = 1;
  const carga = await medirCarga({
    base,
    // No session: the clients' header carries a token the public route never reads.
    tokens: Array.from({ length: CLIENTES_CARGA }, () => 'sin-sesion'),
    codigoTienda: TIENDA,
    metodo: 'GET',
    ruta: rutaLista,
    calentamientoMs: 2_000,
    duracionMs: CARGA_S * 1000,
  });
  if (carga.errores > 0) fallar(`${carga.errores} respuestas de la lista bajo carga no fueron 200`);
  console.log(cabecera(''));
  console.log(fila('una solicitud a la vez', tiempos, meta(p95Lista, META_LISTA_MS)));
  console.log(
    fila(`${CLIENTES_CARGA} clientes a la vez, ${CARGA_S} s`, carga.latencias, `${(carga.latencias.length / carga.segundos).toFixed(0)} listas/s, referencia (carga ${loadavg()[0]!.toFixed(1)})`),
  );
  agente.destroy();

  // 2. The live channels.
  const urls = [urlA];
  if (DOS_INSTANCIAS) {
    carpetaB = await mkdtemp(path.join(tmpdir(), 'tablero-bench-despachos-b-'));
    servidorB = await iniciarServidorReal({ DATABASE_URL: url, TOKEN_SECRET: secreto, TRABAJOS_ACTIVOS: '0', TABLERO_DATA_DIR: carpetaB, INGRESO_MAX_POR_IP: '100000' });
    await esperarAdaptadores(db, 2);
    urls.push(servidorB.url);
  }
  const clientesSockets: ClienteTablero[] = [
    ...Array.from({ length: TABLEROS }, (_, n): ClienteTablero => ({ url: urls[n % urls.length]!, tipo: 'publico' })),
    ...tokensPantallas.map((token, n): ClienteTablero => ({ url: urls[n % urls.length]!, tipo: 'staff', token })),
  ];
  console.log(
    `\n2. Tiempo real, ${urls.length === 2 ? 'dos instancias en una base de datos (la segunda, el servidor real en otro proceso)' : 'una instancia'}: ` +
      `${TABLEROS} tableros públicos y ${STAFF} pantallas de despachos${urls.length === 2 ? ', la mitad en cada una' : ''}; ` +
      `${DESPACHADORES} despachadores en la primera, ${DURACION_S} s, pausa ~${PAUSA_MS} ms entre pasos:`,
  );
  const tableros = await abrirTableros({ clientes: clientesSockets, tienda: TIENDA, lote: 20 });
  console.log(`  ${tableros.conectados} clientes conectados en ${(tableros.msConexion / 1000).toFixed(1)} s${tableros.fallidos.length ? `; fallaron ${tableros.fallidos.length}: ${tableros.fallidos[0]}` : ''}`);
  if (tableros.conectados < clientesSockets.length) fallar(`solo ${tableros.conectados} de ${clientesSockets.length} clientes conectados`);
  // The two threads' clocks: the boards' clock read between two readings of this one.
  const antes = ahora();
  const suyo = await tableros.reloj();
  const despues = ahora();
  const desfase = suyo - (antes + despues) / 2;

  const uso = rendimiento.eventLoopUtilization();
  const resultado = await despachar({
    base,
    codigoTienda: TIENDA,
    trabajos: despachadores.map((d, n) => ({
      token: tokensDespachadores[n]!,
      userId: d.id,
      ventas: ventas.slice(ventasLista + n * VENTAS_POR_DESPACHADOR, ventasLista + (n + 1) * VENTAS_POR_DESPACHADOR),
    })),
    mensajeroId,
    duracionMs: DURACION_S * 1000,
    pausaMs: PAUSA_MS,
  });
  const ocupado = rendimiento.eventLoopUtilization(uso).utilization;

  const correctas = resultado.solicitudes.filter((s) => s.estado === 200);
  const esperadosTableros = correctas.length * TABLEROS;
  const esperadosStaff = correctas.length * STAFF;
  const limite = Date.now() + ESPERA_EVENTOS_MS;
  let llegados = await tableros.conteo();
  while (llegados < esperadosTableros + esperadosStaff && Date.now() < limite) {
    await pausa(100);
    llegados = await tableros.conteo();
  }
  const { recibidos, ajenos, desconexiones } = await tableros.cerrar();

  // Each successful request causes one change: its sale and kind name it, and every client must receive it once, in
  // the order of the sale's steps (one dispatcher sends a sale's next step only after the previous one answered).
  const porCambio = new Map<string, Solicitud>();
  for (const s of correctas) porCambio.set(`${s.ventaId}:${CLASES.indexOf(CLASE_DE_PASO[s.paso])}`, s);
  const porClase = CLASES.map(() => [] as number[]);
  const desdeEnvio: number[] = [];
  const desdeRespuesta: number[] = [];
  const porInstancia = urls.map(() => [] as number[]);
  const staff: number[] = [];
  let emparejadosTableros = 0;
  let emparejadosStaff = 0;
  let inesperadosTableros = 0;
  let inesperadosStaff = 0;
  for (const [c, filas] of recibidos.entries()) {
    const cliente = clientesSockets[c]!;
    const ultimaClase = new Map<number, number>();
    for (let i = 0; i < filas.length; i += 3) {
      const ventaId = filas[i]!;
      const clase = filas[i + 1]!;
      const solicitud = porCambio.get(`${ventaId}:${clase}`);
      // Unknown, repeated or out of order (a sale's kinds arrive crear < llamar < despachar).
      if (!solicitud || (ultimaClase.get(ventaId) ?? -1) >= clase) {
        if (cliente.tipo === 'staff') inesperadosStaff++;
        else inesperadosTableros++;
        continue;
      }
      ultimaClase.set(ventaId, clase);
      const retraso = filas[i + 2]! - solicitud.enviado;
      if (cliente.tipo === 'staff') {
        staff.push(retraso);
        emparejadosStaff++;
        continue;
      }
      porClase[clase]!.push(retraso);
      desdeEnvio.push(retraso);
      desdeRespuesta.push(filas[i + 2]! - solicitud.respondido);
      porInstancia[urls.indexOf(cliente.url)]!.push(retraso);
      emparejadosTableros++;
    }
  }
  const recibidosTableros = recibidos.reduce((s, f, c) => s + (clientesSockets[c]!.tipo === 'publico' ? f.length / 3 : 0), 0);
  const recibidosStaff = recibidos.reduce((s, f, c) => s + (clientesSockets[c]!.tipo === 'staff' ? f.length / 3 : 0), 0);
  const faltantesTableros = esperadosTableros - emparejadosTableros;
  const faltantesStaff = esperadosStaff - emparejadosStaff;

  const errores = resultado.solicitudes.filter((s) => s.estado !== 200);
  const dePaso = (paso: Paso) => resultado.solicitudes.filter((s) => s.paso === paso);
  const despachadas = dePaso('despachar').filter((s) => s.estado === 200).length;
  console.log(
    `  ${despachadas} ventas facturadas, llamadas y despachadas en ${resultado.segundos.toFixed(1)} s: ${resultado.solicitudes.length} solicitudes ` +
      `(${(resultado.solicitudes.length / resultado.segundos).toFixed(1)}/s), ${errores.length} rechazadas` +
      `${resultado.sinVentas ? `; ${resultado.sinVentas} despachadores se quedaron sin ventas` : ''}`,
  );
  const rutas: Record<Paso, string> = {
    facturar: 'POST facturas/{id}/forma-pago',
    llamar: 'GET despachos/turnos/{venta}/{usuario}/venta',
    despachar: 'POST despachos/guardar',
  };
  console.log(cabecera('Solicitudes (envío → respuesta)'));
  for (const paso of ['facturar', 'llamar', 'despachar'] as const) {
    console.log(fila(`  ${rutas[paso]}`, ordenar(dePaso(paso).map((s) => s.respondido - s.enviado))));
  }
  console.log(`  ${'Eventos'.padEnd(ANCHO_ETIQUETA)}${['esperados', 'recibidos', 'faltantes', 'inesperados'].map((c) => c.padStart(12)).join('')}`);
  const conteos = (etiqueta: string, esperados: number, llegaron: number, faltan: number, extra: number) =>
    `  ${etiqueta.padEnd(ANCHO_ETIQUETA)}${[esperados, llegaron, faltan, extra].map((v) => v.toLocaleString('en-US').padStart(12)).join('')}`;
  console.log(conteos(`  tableros públicos (${correctas.length} × ${TABLEROS})`, esperadosTableros, recibidosTableros, faltantesTableros, inesperadosTableros + ajenos));
  console.log(conteos(`  pantallas de despachos (${correctas.length} × ${STAFF})`, esperadosStaff, recibidosStaff, faltantesStaff, inesperadosStaff));
  console.log(cabecera('Envío → recepción, tablero × evento'));
  const eventos = [
    ['new_dispatch (facturar)', 0],
    ['assign_dispatch (llamar)', 1],
    ['remove_dispatch (despachar)', 2],
  ] as const;
  const p95s: number[] = [];
  for (const [etiqueta, clase] of eventos) {
    const valores = ordenar(porClase[clase]!);
    p95s.push(percentil(valores, 95));
    console.log(fila(`  ${etiqueta}`, valores, meta(percentil(valores, 95), META_VIVO_MS)));
  }
  ordenar(desdeEnvio);
  const p95Vivo = percentil(desdeEnvio, 95);
  p95s.push(p95Vivo);
  console.log(fila('  todos', desdeEnvio, meta(p95Vivo, META_VIVO_MS)));
  if (urls.length > 1) {
    for (const [n, valores] of porInstancia.entries()) {
      console.log(fila(`    en la instancia ${n + 1}${n === 0 ? ' (la de las solicitudes)' : ' (por el adaptador)'}`, ordenar(valores)));
    }
  }
  console.log(fila('  respuesta → recepción (negativo: antes)', ordenar(desdeRespuesta)));
  console.log(fila(`  pantallas (notification-despacho-${TIENDA})`, ordenar(staff)));
  console.log(
    `  servidor 1: bucle de eventos ocupado ${(ocupado * 100).toFixed(0)} %; reloj de los tableros ${desfase >= 0 ? '+' : ''}${desfase.toFixed(2)} ms ` +
      `(± ${((despues - antes) / 2).toFixed(2)}); conexiones perdidas ${desconexiones} (carga ${loadavg()[0]!.toFixed(1)})`,
  );
  for (const error of errores.slice(0, 3)) console.log(`    rechazada: ${error.paso} venta ${error.ventaId}: ${error.estado} ${error.error}`);
  if (errores.length > 0) fallar(`${errores.length} solicitudes rechazadas`);
  if (faltantesTableros > 0) fallar(`${faltantesTableros} eventos no llegaron a los tableros`);
  if (faltantesStaff > 0) fallar(`${faltantesStaff} avisos no llegaron a las pantallas de despachos`);
  if (inesperadosTableros + ajenos + inesperadosStaff > 0) fallar(`${inesperadosTableros + ajenos + inesperadosStaff} eventos inesperados, repetidos o fuera de orden`);
  if (desconexiones > 0) fallar(`${desconexiones} clientes perdieron la conexión`);
  if (despachadas === 0) fallar('no hubo despachos');
  if (!p95s.every((p) => p < META_VIVO_MS)) salida = 1;

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
console.log(`\n${salida === 0 ? 'Cumple las metas.' : 'NO cumple: vea las fallas y las metas de arriba.'}`);
process.exit(salida);
