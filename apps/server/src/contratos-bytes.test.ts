import { hoyNegocio, sumarMeses } from '@tablero/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPrueba, SECRETO_PRUEBA, usarEntorno } from '../test/app';
import { crearDescuento, crearTarea, cuerpoGuardarVenta, headers, iniciarSesion } from '../test/factories';
import { rutasDeclaradas, type RutaDeclarada } from '../test/rutas-declaradas';
import { buildApp } from './app';
import { CLAVE_DEMO, cargarDatosDemo } from './db/seed/demo';

/**
 * One contract per route, without changing an answer (docs/architecture.md §4): the answers went out through
 * JSON.stringify before their routes declared a response schema; now each is encoded through its zod schema
 * (fastify-type-provider-zod), which drops keys the schema does not name, writes keys in the schema's order, applies
 * its codecs and fails with a 500 on a value the schema refuses. So every GET route, and every POST route that only
 * reads (the lists whose filters travel in a body), is asked of the app as built and of the same app with a serializer
 * that is plain JSON.stringify, on the same data, and the two bodies must be byte-identical.
 *
 * The data is the demo data (src/db/seed/demo.ts, loaded through the modules' services: sales billed, an OP in every
 * state, dispatch turns, advances, credits, money in and out) plus a pending discount and a task from the factories.
 */
const entorno = usarEntorno();
let plano: FastifyInstance;
/** The role that may call each route; the demo users of store 001. */
const tokens: Record<string, string> = {};
const comparadas: string[] = [];
const omitidas: string[] = [];

/** Files, streams and signed links: no JSON body to compare (or one that names the instant it was made). */
const SIN_CUERPO_JSON = new Set([
  'GET /api/metricas',
  'GET /api/assets',
  'GET /api/public/productos/exportar',
  'GET /api/public/facturas/exportar',
  'GET /api/creditos/cartera/exportar',
  'GET /api/public/corte/:token/planos.pdf',
  'GET /api/public/corte/:token/etiquetas.pdf',
  'GET /api/public/FVS/:token',
  'GET /api/public/comprobante/:token',
  'GET /api/public/anticipo/:token',
  'GET /api/public/abono/:token',
  'GET /api/public/credito/:token',
  'GET /api/retenciones/reporte/xlsx',
  'GET /api/public/cierre-caja/:token',
  'GET /api/public/cierre-caja/:token/80mm',
  'GET /api/public/cotizacion/:token',
  'GET /api/public/retales/etiquetas/:token',
]);
/** The health check measures the database's answer time in ms: it differs between any two calls. */
const VARIABLES = new Set(['GET /api/salud']);
/** Calling a turn writes it (the caller, the time): the second app's call is refused with 409 'ya fue llamado'. */
const LLAMAR_TURNO = 'GET /api/despachos/turnos/:ventaId/:userId/venta';
/** Values that count seconds up to now: they differ between the two calls, so both bodies write them as 0. */
const SEGUNDOS_HASTA_AHORA = /"(tiempo_\w+_segundos)":[0-9.]+/g;
/** Signed links carry their expiry (lib/enlaces.ts): the same link signed a moment later has another token. */
const ENLACE_FIRMADO = /"\/api\/public\/([\w-]+)\/[^"/]+"/g;
const sinReloj = (cuerpo: string) => cuerpo.replace(SEGUNDOS_HASTA_AHORA, '"$1":0').replace(ENLACE_FIRMADO, '"/api/public/$1/…"');

const hoy = hoyNegocio();
const desde = sumarMeses(hoy, -2);
const [anio, mes] = hoy.split('-').map(Number) as [number, number];

/** The POST routes that only read, with a body that selects the demo data. */
const CONSULTAS_POST: Record<string, unknown> = {
  '/api/listas/paises': {},
  '/api/listas/departamentos': { country_code: 'CO' },
  '/api/listas/ciudades': { country_code: 'CO', state_code: '05' },
  '/api/pagos-proveedores?page=1&per_page=50': { periodo_consulta: { year: anio, month: mes } },
  '/api/maquinas/produccion': { servicio: 1 },
  '/api/despachos/turnos?page=1&per_page=50': { fecha_inicial: desde, fecha_final: hoy },
  '/api/despachos/turnos?page=1&per_page=50&modo=despachados': { modo_consulta: 'despachados', fecha_inicial: desde, fecha_final: hoy },
  '/api/produccion/orden-etapa?page=1&per_page=50': { fecha_inicial: desde, fecha_final: hoy },
  '/api/produccion/ventas?page=1&per_page=50': { fecha_inicial: desde, fecha_final: hoy, estado_venta_id: 2 },
  '/api/produccion/panel-control': { fecha_inicial: desde, fecha_final: hoy },
  '/api/produccion/etapas-por-servicio': { etapas_pendientes: true, servicio: 1 },
  '/api/produccion/indicadores': { fecha_inicial: desde, fecha_final: hoy },
  '/api/facturas': { fecha_inicial: desde, fecha_final: hoy, estado_venta_id: 2 },
  '/api/tareas': { venta_id: 'TAREA' },
  '/api/dashboard/rango-fecha': { fecha_inicial: desde, fecha_final: hoy },
  '/api/cierre-mes/ventas-plataforma': { anio, mes, codigo_tienda: '001' },
  '/api/cuadre-caja/dia': { fecha_dia: hoy },
};

/** The first id of a table's rows that match, as text; a route whose id cannot be found is left out (and listed). */
async function primero(consulta: string): Promise<string | undefined> {
  const { rows } = await sql<{ v: string | number }>`${sql.raw(consulta)}`.execute(entorno.db);
  return rows[0] === undefined ? undefined : String(rows[0].v);
}

/** The path values of each GET route with parameters: rows of the demo data of store 001. */
async function valoresDeRutas(): Promise<Record<string, Record<string, string | undefined>>> {
  const usuario = await primero(`select id as v from usuario where email = 'vendedor@tablero.test'`);
  const ventaFacturada = await primero(`select id as v from venta where codigo_tienda = '001' and estado_venta_id = 2 order by id`);
  const ventaDespachada = await primero(`select venta_id as v from despacho_turno where codigo_tienda = '001' and estado = 'despachado' order by id`);
  const cliente = await primero(`select t.id as v from tercero t join abono_tercero m on m.tercero_id = t.id order by t.id`);
  return {
    '/api/maestros/tiendas/:userId/usuario': { userId: usuario },
    '/api/parametros/:codigo': { codigo: await primero(`select codigo_parametro as v from parametro order by codigo_parametro`) },
    '/api/inventarios/:producto_id/movimientos': { producto_id: await primero(`select producto_id as v from inventario_movimiento where codigo_tienda = '001' order by id`) },
    '/api/productos/:id': { id: await primero(`select id as v from producto order by id`) },
    // A product a pending demo order reserves (docs/decisions-reservas.md).
    '/api/reservas/producto/:id': { id: await primero(PRODUCTO_RESERVADO) },
    '/api/productos/codigo/:referencia': { referencia: await primero(`select referencia as v from producto order by id`) },
    '/api/listas/grupos/:id/lineas': { id: await primero(`select grupo_id as v from linea order by id`) },
    '/api/terceros/:id': { id: cliente },
    '/api/anticipos/:id/movimientos': { id: cliente },
    '/api/terceros/:id/abono/historial': { id: cliente },
    '/api/cuentas-credito/tercero/:tercero_id': { tercero_id: await primero(`select tercero_id as v from cuenta_credito order by id`) },
    '/api/creditos/:id/ventas-pendientes': { id: await primero(`select tercero_id as v from cuenta_credito order by id`) },
    '/api/creditos/:id/movimientos': { id: await primero(`select tercero_id as v from cuenta_credito order by id`) },
    '/api/egresos/:id': { id: await primero(`select id as v from egreso order by id`) },
    '/api/ingresos/:id': { id: await primero(`select id as v from ingreso order by id`) },
    '/api/pagos-proveedores/:id': { id: await primero(`select id as v from pago_proveedor order by id`) },
    '/api/descuentos/solicitados/:storeId': { storeId: '001' },
    '/api/descuentos/:id': { id: await primero(`select id as v from descuento_solicitado order by id`) },
    '/api/despachos/venta/:ventaId': { ventaId: ventaDespachada },
    '/api/ventas/:id': { id: ventaFacturada },
    '/api/facturas/:id': { id: ventaFacturada },
    '/api/facturas/:venta_id/factura-electronica': { venta_id: ventaFacturada },
    // The refund previews: a billed sale, a credit payment (type 2) and an advance (type 1) not annulled.
    '/api/facturas/:venta_id/devolucion': { venta_id: ventaFacturada },
    // A billed sale's lines and partial returns (docs/decisions-factura-electronica.md, "Devolución parcial").
    '/api/facturas/:venta_id/devoluciones': { venta_id: ventaFacturada },
    // The kinds the bill dialog offers a sale (docs/decisions-factura-electronica.md, "Documento equivalente POS").
    '/api/facturas/:venta_id/documentos': { venta_id: ventaFacturada },
    // Withholdings (docs/decisions-retenciones.md): a customer's settings and a sale's proposal.
    '/api/retenciones/terceros/:tercero_id': { tercero_id: cliente },
    '/api/retenciones/propuesta/:venta_id': { venta_id: ventaFacturada },
    // The sends a billed sale may make, its shift and its quotation (made in beforeAll: the demo has none).
    '/api/facturas/:venta_id/envios': { venta_id: ventaFacturada },
    '/api/cajas/turnos/:id': { id: turnoCaja },
    '/api/cotizaciones/:id/conversion': { id: cotizacion },
    // The offcut inventory (docs/decisions-retales.md): a demo offcut of store 001, and what a billed sale's cut keeps.
    '/api/retales/:id': { id: await primero(`select id as v from retal where codigo_tienda = '001' order by id`) },
    '/api/retales/venta/:id': { id: ventaFacturada },
    '/api/creditos/abonos/:movimiento_id/devolucion': {
      movimiento_id: await primero(
        `select m.id as v from cuenta_credito_movimiento m where m.tipo_movimiento_credito_id = 2 and m.codigo_tienda = '001'
            and not exists (select 1 from cuenta_credito_movimiento r where r.movimiento_origen_id = m.id) order by m.id`,
      ),
    },
    '/api/anticipos/movimientos/:id/devolucion': {
      id: await primero(
        `select a.id as v from abono_tercero a where a.tipo_movimiento_abono_id = 1 and a.codigo_tienda = '001'
            and not exists (select 1 from abono_tercero r where r.movimiento_origen_id = a.id) order by a.id`,
      ),
    },
  };
}

/** A product on a line of a pending demo order: it is reserved (docs/decisions-reservas.md). */
const PRODUCTO_RESERVADO = `select d.producto_id as v from venta_detalle d join venta v on v.id = d.venta_id where v.codigo_tienda = '001' and v.estado_venta_id in (1, 4) order by d.id`;
let productoReservado = '';
let turnoCaja = '';
let cotizacion = '';
let productoConRetales = '';

/** The query each GET route needs beyond its path (the ones whose defaults would answer an empty list). */
function consultaDe(url: string, cliente: string | undefined): string {
  if (url === '/api/public/despachos/turnos') return '?codigo_tienda=001&page=1';
  if (url === '/api/anticipos/saldo') return `?cliente_id=${cliente}`;
  if (url === '/api/cierre-mes/ventas-mes') return `?anio=${anio}&mes=${mes}&codigo_tienda=001`;
  if (url === '/api/cierre-mes/ventas-forma-pago') return `?anio=${anio}&mes=${mes}&forma_pago_id=1`;
  if (url === '/api/auditoria') return `?fecha_inicial=${desde}&fecha_final=${hoy}`;
  if (url === '/api/reservas') return `?producto_ids=1,2,3,${productoReservado}`;
  if (url === '/api/retales/disponibles') return `?producto_id=${productoConRetales}`;
  if (url === '/api/retales/ahorro') return `?desde=${hoy.slice(0, 7)}&hasta=${hoy.slice(0, 7)}`;
  return '';
}

/** The demo user whose role the route allows, SuperAdministrador when any may call it. */
function tokenPara(ruta: RutaDeclarada): string {
  const acceso = ruta.acceso;
  if (Array.isArray(acceso) && !acceso.includes('SuperAdministrador') && acceso.length > 0) return tokens[acceso[0] as string]!;
  return tokens.SuperAdministrador!;
}

beforeAll(async () => {
  expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);
  // The same app with the serializer the routes had before their schemas: plain JSON.stringify.
  plano = await buildApp({ db: entorno.db, config: configPrueba(), tokenSecret: SECRETO_PRUEBA, serializador: () => (data) => JSON.stringify(data) });
  for (const [role, email] of Object.entries({
    SuperAdministrador: 'superadmin@tablero.test',
    Administrador: 'admin@tablero.test',
    Vendedor: 'vendedor@tablero.test',
    Bodega: 'bodega@tablero.test',
    Operario: 'operario@tablero.test',
  })) {
    tokens[role] = await iniciarSesion(entorno.app, email, CLAVE_DEMO);
  }
  const tercero = Number(await primero(`select id as v from tercero where tipo_tercero = 'C' order by id`));
  const producto = Number(await primero(`select id as v from producto order by id`));
  const vendedor = Number(await primero(`select id as v from usuario where email = 'vendedor@tablero.test'`));
  await crearDescuento(entorno.db, { codigo_tienda: '001', tercero_id: tercero, producto_id: producto, user_id: vendedor });
  const ventaConTarea = Number(await primero(`select id as v from venta where codigo_tienda = '001' and estado_venta_id = 1 order by id`));
  await crearTarea(entorno.db, ventaConTarea);
  CONSULTAS_POST['/api/tareas'] = { venta_id: ventaConTarea };
  productoReservado = String(await primero(PRODUCTO_RESERVADO));
  productoConRetales = String(await primero(`select producto_id as v from retal where codigo_tienda = '001' order by id`));
  // The demo has no cash shift and no quotation: the seller opens one on the store's register and quotes a product.
  const caja = Number(await primero(`select id as v from caja where codigo_tienda = '001' order by id`));
  const turno = await entorno.app.inject({ method: 'POST', url: '/api/cajas/turnos/abrir', headers: headers(tokens.Vendedor!, '001'), payload: { caja_id: caja, base_inicial: 100_000 } });
  expect(turno.statusCode, turno.body).toBe(200);
  turnoCaja = String(turno.json().data.id);
  const { rows: [cotizable] } = await sql<{ producto_id: number; precio_unitario: string; porcentaje_impuesto: string }>`
    select i.producto_id, i.precio_unitario, imp.porcentaje_impuesto
      from inventario i join producto p on p.id = i.producto_id join impuesto imp on imp.id = p.impuesto_id
     where i.codigo_tienda = '001' and p.grupo_servicio_id is null and p.grupo_id not in (1, 3) and i.precio_unitario > 0
     order by p.id limit 1`.execute(entorno.db);
  const linea = { producto_id: cotizable!.producto_id, cantidad_solicitada: 1, precio_unitario: Number(cotizable!.precio_unitario), porcentaje_impuesto: Number(cotizable!.porcentaje_impuesto) };
  const cotizada = await entorno.app.inject({ method: 'POST', url: '/api/facturas/guardar', headers: headers(tokens.Vendedor!, '001'), payload: cuerpoGuardarVenta({ tercero_id: tercero, lineas: [linea], estado_venta_id: 7 }) });
  expect(cotizada.statusCode, cotizada.body).toBe(200);
  cotizacion = String(cotizada.json().data.venta_id);
  await entorno.app.ready();
  await plano.ready();
}, 120_000);

afterAll(async () => {
  await plano?.close();
  console.log(`[contratos-bytes] comparadas: ${comparadas.length}; omitidas: ${omitidas.length} (${omitidas.join(', ')})`);
});

/** Where two JSON answers first part: a key dropped or added, keys in another order, or another value. */
function diferencia(conEsquema: unknown, conStringify: unknown, camino = ''): string {
  if (Array.isArray(conEsquema) && Array.isArray(conStringify)) {
    if (conEsquema.length !== conStringify.length) return `${camino}: ${conEsquema.length} filas contra ${conStringify.length}`;
    for (let i = 0; i < conEsquema.length; i++) {
      const d = diferencia(conEsquema[i], conStringify[i], `${camino}[${i}]`);
      if (d) return d;
    }
    return '';
  }
  if (conEsquema && conStringify && typeof conEsquema === 'object' && typeof conStringify === 'object') {
    const a = Object.keys(conEsquema);
    const b = Object.keys(conStringify);
    const faltan = b.filter((k) => !a.includes(k));
    const sobran = a.filter((k) => !b.includes(k));
    if (faltan.length || sobran.length) return `${camino}: el esquema quita [${faltan.join(', ')}] y agrega [${sobran.join(', ')}]`;
    if (a.join() !== b.join()) return `${camino}: orden ${a.join(',')} contra ${b.join(',')}`;
    for (const k of a) {
      const d = diferencia((conEsquema as Record<string, unknown>)[k], (conStringify as Record<string, unknown>)[k], `${camino}.${k}`);
      if (d) return d;
    }
    return '';
  }
  return JSON.stringify(conEsquema) === JSON.stringify(conStringify) ? '' : `${camino}: ${JSON.stringify(conEsquema)} contra ${JSON.stringify(conStringify)}`;
}

async function comparar(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const pedido = { method, url, headers: headers(token, '001'), ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) };
  const conEsquema = await entorno.app.inject(pedido);
  const conStringify = await plano.inject(pedido);
  expect(conEsquema.statusCode, `${method} ${url}: ${conEsquema.body.slice(0, 500)}`).toBe(200);
  expect(conStringify.statusCode, `${method} ${url}`).toBe(200);
  const [a, b] = [sinReloj(conEsquema.body), sinReloj(conStringify.body)];
  expect(a === b, `${method} ${url}: ${diferencia(JSON.parse(a), JSON.parse(b))}`).toBe(true);
  comparadas.push(`${method} ${url}`);
}

describe('every answer with its schema is byte-identical to JSON.stringify of what the route returns', () => {
  it('for every GET route with a JSON answer', async () => {
    const valores = await valoresDeRutas();
    const cliente = valores['/api/terceros/:id']!.id;
    const fallos: string[] = [];
    for (const ruta of rutasDeclaradas(entorno.app).filter((r) => r.method === 'GET')) {
      const clave = `GET ${ruta.url}`;
      if (SIN_CUERPO_JSON.has(clave) || VARIABLES.has(clave) || clave === LLAMAR_TURNO) {
        omitidas.push(clave);
        continue;
      }
      let url = ruta.url;
      const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (params.length > 0) {
        const dados = valores[ruta.url] ?? {};
        if (params.some((p) => dados[p] === undefined)) {
          fallos.push(`${clave}: sin valor para sus parámetros`);
          continue;
        }
        for (const p of params) url = url.replace(`:${p}`, encodeURIComponent(dados[p]!));
      }
      try {
        await comparar('GET', url + consultaDe(ruta.url, cliente), tokenPara(ruta));
      } catch (error) {
        fallos.push(String((error as Error).message).slice(0, 1500));
      }
    }
    expect(fallos).toEqual([]);
  }, 120_000);

  it('for every POST route that only reads (the lists with their filters in a body)', async () => {
    const rutas = new Map(rutasDeclaradas(entorno.app).map((r) => [`${r.method} ${r.url}`, r]));
    const fallos: string[] = [];
    for (const [url, cuerpo] of Object.entries(CONSULTAS_POST)) {
      const ruta = rutas.get(`POST ${url.split('?')[0]}`);
      if (!ruta) {
        fallos.push(`POST ${url}: no existe`);
        continue;
      }
      try {
        await comparar('POST', url, tokenPara(ruta), cuerpo);
      } catch (error) {
        fallos.push(String((error as Error).message).slice(0, 1500));
      }
    }
    expect(fallos).toEqual([]);
  }, 120_000);
});
