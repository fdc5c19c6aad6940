import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  ARCHIVO_EXPORTAR_PRODUCTOS,
  COLUMNAS_EXPORTAR_PRODUCTOS,
  ERRORES,
  hoyNegocio,
  MENSAJE_CARACTERES_NO_PERMITIDOS,
  MENSAJES_DASHBOARD,
  ROLES,
  type DashboardRespuesta,
} from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { datosDashboard } from './dashboard.service';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearTipoMedida,
  crearUsuario,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// The dashboard (spec 002 §2.4; docs/decisions-reportes-dinero.md) against generated sales of two stores over a year:
// the cards, the twelve months and the products sold equal direct sums of the rows this file wrote, computed here in
// centavos. A sale counts on its billing day, its annulment on its own day, as a subtraction ("Dashboard: la venta en
// su día, la anulación en el suyo").

const entorno = usarEntorno();

let tiendaA: TiendaPrueba;
let tiendaB: TiendaPrueba;
const usuarios = {} as Record<(typeof ROLES)[number], UsuarioConSesion>;

const hoy = hoyNegocio();
const anioPasado = Number(hoy.slice(0, 4)) - 1;
const rangoAnio = { fecha_inicial: `${anioPasado}-01-01`, fecha_final: `${anioPasado}-12-31` };
const bogota = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`);

const llamar = (url: string, token: string | null, payload: unknown) =>
  entorno.app.inject({ method: 'POST', url, headers: token ? headers(token) : {}, payload: payload as object });

/** The range's products sold in one unit (0 when none). */
const enUnidad = (datos: DashboardRespuesta, unidad: string | null) => datos.ventas_rango_fecha.total_productos_por_unidad.find((u) => u.unidad === unidad)?.cantidad ?? 0;

/** The daily summary the triggers kept equals its rebuild from the sales (rows whose figures came back to 0 aside). */
async function esSuReconstruccion() {
  const filas = async () => ({
    ventas: (
      await sql<Record<string, unknown>>`select * from resumen_venta_dia
         where (facturadas, total_venta, total_subtotal_venta, anuladas, total_anuladas, total_subtotal_anuladas) <> (0, 0, 0, 0, 0, 0)
         order by fecha, codigo_tienda`.execute(entorno.db)
    ).rows,
    productos: (await sql<Record<string, unknown>>`select * from resumen_producto_dia where cantidad <> 0 order by fecha, codigo_tienda, producto_id`.execute(entorno.db)).rows,
  });
  const mantenidas = await filas();
  await sql`select resumen_ventas_reconstruir()`.execute(entorno.db);
  expect(await filas()).toEqual(mantenidas);
}

beforeAll(async () => {
  tiendaA = await crearTienda(entorno.db);
  tiendaB = await crearTienda(entorno.db);
  for (const role of ROLES) usuarios[role] = await crearUsuarioConSesion(entorno.app, entorno.db, { role, tiendas: [tiendaA.codigo_tienda] });
});

describe('refusals of the dashboard routes', () => {
  const rutas = ['/api/dashboard/rango-fecha', '/api/dashboard/productos/exportar'];

  it.each(rutas)('%s: 401 without a token', async (url) => {
    const respuesta = await llamar(url, null, rangoAnio);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
  });

  it.each(rutas)('%s: open to every logged-in role, without a store', async (url) => {
    for (const role of ROLES) expect((await llamar(url, usuarios[role].token, rangoAnio)).statusCode, role).toBe(200);
  });

  const manana = new Date(Date.parse(`${hoy}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['an end date after today', { fecha_inicial: hoy, fecha_final: manana }, 'fecha_final', MENSAJES_DASHBOARD.fechaFinalFutura],
    ['a start after the end', { fecha_inicial: `${anioPasado}-03-02`, fecha_final: `${anioPasado}-03-01` }, 'fecha_inicial', MENSAJES_DASHBOARD.fechaInicialMayor],
    ['a range of 367 days', { fecha_inicial: `${anioPasado - 1}-01-01`, fecha_final: `${anioPasado}-01-02` }, 'fecha_inicial', MENSAJES_DASHBOARD.rangoLargo],
    ['a date that does not exist', { fecha_inicial: `${anioPasado}-02-30`, fecha_final: `${anioPasado}-03-01` }, 'fecha_inicial', MENSAJES_DASHBOARD.fechaInicial],
    ['no end date', { fecha_inicial: `${anioPasado}-02-01` }, 'fecha_final', MENSAJES_DASHBOARD.fechaFinal],
    ['a number as a date', { fecha_inicial: 1e308, fecha_final: `${anioPasado}-03-01` }, 'fecha_inicial', MENSAJES_DASHBOARD.fechaInicial],
    ['a NUL byte', { fecha_inicial: `${anioPasado}-02-01\u0000`, fecha_final: `${anioPasado}-03-01` }, 'fecha_inicial', MENSAJE_CARACTERES_NO_PERMITIDOS],
  ])('422 for %s, never 500', async (_caso, cuerpo, campo, mensaje) => {
    for (const url of rutas) {
      const respuesta = await llamar(url, usuarios.Vendedor.token, cuerpo);
      expect(respuesta.statusCode, url).toBe(422);
      expect(respuesta.json().errors[campo]).toContain(mensaje);
    }
  });

  it('accepts a range of exactly 366 days', async () => {
    const respuesta = await llamar(rutas[0]!, usuarios.Vendedor.token, { fecha_inicial: '2023-12-31', fecha_final: '2024-12-30' });
    expect(respuesta.statusCode).toBe(200);
  });
});

describe('two stores over a year: every figure equals the direct sum of its sales', () => {
  interface Generada {
    tienda: string;
    estado: number;
    fecha: Date | null;
    /** When it was annulled (state 3). */
    anulada?: Date;
    subtotal: number;
    impuestos: number;
    lineas: { producto: number; cantidad: number }[];
  }
  const ventas: Generada[] = [];
  const productos: { id: number; referencia: string; nombre_producto: string; unidad: string }[] = [];
  let datos: DashboardRespuesta;

  beforeAll(async () => {
    const impuesto = await crearImpuesto(entorno.db);
    const proveedor = await crearProveedor(entorno.db);
    // Boards in sheets and edge band in metres ("Una unidad por cifra": never added into one figure).
    const unidades = {
      'Lámina': (await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'LAM', nombre_tipo_medida: 'Lámina' })).id,
      'Metro lineal': (await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' })).id,
    };
    for (const [referencia, nombre, unidad] of [
      ['MEL-18-BL', 'Melamina blanca 18 mm', 'Lámina'],
      ['MDF-15', 'MDF 15 mm', 'Lámina'],
      ['CANTO-22', 'Canto rígido 22 mm', 'Metro lineal'],
    ] as const) {
      const p = await crearProducto(entorno.db, { referencia, nombre_producto: nombre, impuesto_id: impuesto.id, proveedor_id: proveedor.id, tipo_medida_id: unidades[unidad] });
      productos.push({ ...p, unidad });
    }
    const vendedor = await crearUsuario(entorno.db, { tiendas: [tiendaA.codigo_tienda, tiendaB.codigo_tienda] });
    const cliente = await crearTercero(entorno.db);
    const rangos = {
      [tiendaA.codigo_tienda]: (await crearRangoNumeracion(entorno.db, { codigo_tienda: tiendaA.codigo_tienda })).id,
      [tiendaB.codigo_tienda]: (await crearRangoNumeracion(entorno.db, { codigo_tienda: tiendaB.codigo_tienda })).id,
    };
    let numero = 0;
    const [p1, p2, p3] = productos.map((p) => p.id) as [number, number, number];
    const generar: Generada[] = [
      { tienda: tiendaA.codigo_tienda, estado: 2, fecha: bogota(`${anioPasado}-01-01`, '00:10'), subtotal: 100_000_00, impuestos: 19_000_00, lineas: [{ producto: p1, cantidad: 3 }, { producto: p3, cantidad: 12.5 }] },
      { tienda: tiendaB.codigo_tienda, estado: 6, fecha: bogota(`${anioPasado}-01-20`, '16:00'), subtotal: 33_333_33, impuestos: 6_333_33, lineas: [{ producto: p2, cantidad: 1 }] },
      { tienda: tiendaA.codigo_tienda, estado: 2, fecha: bogota(`${anioPasado}-03-15`, '11:00'), subtotal: 250_000_01, impuestos: 47_500_00, lineas: [{ producto: p1, cantidad: 5 }, { producto: p2, cantidad: 2 }] },
      { tienda: tiendaB.codigo_tienda, estado: 2, fecha: bogota(`${anioPasado}-07-04`, '09:00'), subtotal: 10_000_00, impuestos: 0, lineas: [{ producto: p3, cantidad: 40 }] },
      // The last evening of the year in Bogotá is already next year in UTC: it counts in December.
      { tienda: tiendaA.codigo_tienda, estado: 2, fecha: bogota(`${anioPasado}-12-31`, '23:30'), subtotal: 5_000_00, impuestos: 950_00, lineas: [{ producto: p2, cantidad: 1 }] },
      // Billed in March, annulled in April: March keeps it, April subtracts it.
      { tienda: tiendaA.codigo_tienda, estado: 3, fecha: bogota(`${anioPasado}-03-16`, '10:00'), anulada: bogota(`${anioPasado}-04-02`, '09:00'), subtotal: 80_000_00, impuestos: 15_200_00, lineas: [{ producto: p1, cantidad: 100 }] },
      // Outside the range: the year before at 23:50 (already this year in UTC), and next year's first minutes.
      { tienda: tiendaA.codigo_tienda, estado: 2, fecha: bogota(`${anioPasado - 1}-12-31`, '23:50'), subtotal: 7_000_00, impuestos: 0, lineas: [{ producto: p1, cantidad: 7 }] },
      { tienda: tiendaB.codigo_tienda, estado: 2, fecha: bogota(`${anioPasado + 1}-01-01`, '00:01'), subtotal: 9_000_00, impuestos: 0, lineas: [{ producto: p2, cantidad: 9 }] },
      // Pending (never billed): no billing date.
      { tienda: tiendaA.codigo_tienda, estado: 1, fecha: null, subtotal: 60_000_00, impuestos: 0, lineas: [{ producto: p3, cantidad: 60 }] },
    ];
    for (const v of generar) {
      const facturada = v.fecha !== null;
      const { id } = await entorno.db
        .insertInto('venta')
        .values({
          codigo_tienda: v.tienda,
          cliente_id: cliente.id,
          vendedor_id: vendedor.id,
          estado_venta_id: v.estado,
          total_subtotal_venta: v.subtotal / 100,
          total_impuestos_venta: v.impuestos / 100,
          total_venta: (v.subtotal + v.impuestos) / 100,
          ...(facturada
            ? { tipo_documento: 'REMISION' as const, rango_numeracion_id: rangos[v.tienda]!, prefijo_factura_dian: 'RM', nro_factura_dian: ++numero, fecha_factura: v.fecha }
            : {}),
          ...(v.anulada ? { fecha_anulacion: v.anulada } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await entorno.db
        .insertInto('venta_detalle')
        .values(
          v.lineas.map((l, n) => ({
            venta_id: id,
            item: n + 1,
            producto_id: l.producto,
            cantidad: l.cantidad,
            precio_unitario: 0,
            valor_bruto: 0,
            valor_descuento: 0,
            valor_subtotal: 0,
            valor_impuesto: 0,
            valor_otros_impuestos: 0,
            valor_total: 0,
          })),
        )
        .execute();
      ventas.push(v);
    }
    const respuesta = await llamar('/api/dashboard/rango-fecha', usuarios.Vendedor.token, rangoAnio);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    datos = respuesta.json().data;
  });

  const enRango = () => ventas.filter((v) => v.fecha !== null && hoyNegocio(v.fecha).startsWith(`${anioPasado}-`));
  /** Billed in the year, annulled later or not. */
  const facturadas = () => enRango().filter((v) => v.estado === 2 || v.estado === 3 || v.estado === 6);
  /** Annulled in the year. */
  const anuladas = () => ventas.filter((v) => v.anulada && hoyNegocio(v.anulada).startsWith(`${anioPasado}-`));
  const sumar = (valores: number[]) => valores.reduce((s, v) => s + v, 0);

  it('answers the cards of every store: orders billed, sales with and without taxes and products sold net of the annulments', () => {
    expect(facturadas()).toHaveLength(6);
    expect(anuladas()).toHaveLength(1);
    expect(datos.ventas_rango_fecha).toEqual({
      total_pedidos: facturadas().length,
      total_venta_bruta: (sumar(facturadas().map((v) => v.subtotal + v.impuestos)) - sumar(anuladas().map((v) => v.subtotal + v.impuestos))) / 100,
      total_venta_neta: (sumar(facturadas().map((v) => v.subtotal)) - sumar(anuladas().map((v) => v.subtotal))) / 100,
      total_productos_por_unidad: ['Lámina', 'Metro lineal'].map((unidad) => {
        const deUnidad = (v: Generada) => v.lineas.filter((l) => productos.find((p) => p.id === l.producto)!.unidad === unidad).map((l) => l.cantidad);
        return { unidad, cantidad: sumar(facturadas().flatMap(deUnidad)) - sumar(anuladas().flatMap(deUnidad)) };
      }),
    });
    // Sheets and metres apart: 3 + 1 + 5 + 2 + 1 + 100 − 100 sheets; 12.5 + 40 metres.
    expect(datos.ventas_rango_fecha.total_productos_por_unidad).toEqual([
      { unidad: 'Lámina', cantidad: 12 },
      { unidad: 'Metro lineal', cantidad: 52.5 },
    ]);
    expect(datos.anuladas).toEqual({ cantidad: anuladas().length, total: sumar(anuladas().map((v) => v.subtotal + v.impuestos)) / 100 });
  });

  it('answers the twelve months of the end date year, 0 for months without sales', () => {
    expect(datos.ventas_anio).toEqual(
      Array.from({ length: 12 }, (_, n) => ({
        mes_factura: n + 1,
        total_venta_bruta:
          (sumar(facturadas().filter((v) => Number(hoyNegocio(v.fecha!).slice(5, 7)) === n + 1).map((v) => v.subtotal + v.impuestos)) -
            sumar(anuladas().filter((v) => Number(hoyNegocio(v.anulada!).slice(5, 7)) === n + 1).map((v) => v.subtotal + v.impuestos))) /
          100,
      })),
    );
    expect(datos.ventas_anio[11]!.total_venta_bruta).toBe(5_950);
    // The sale annulled in April stays in March and is taken from April.
    expect(datos.ventas_anio.slice(2, 4).map((m) => m.total_venta_bruta)).toEqual([392_700.01, -95_200]);
  });

  it('answers the products sold, most sold first', () => {
    const cantidades = new Map<number, number>();
    for (const l of facturadas().flatMap((v) => v.lineas)) cantidades.set(l.producto, (cantidades.get(l.producto) ?? 0) + l.cantidad);
    for (const l of anuladas().flatMap((v) => v.lineas)) cantidades.set(l.producto, (cantidades.get(l.producto) ?? 0) - l.cantidad);
    const esperados = productos
      .filter((p) => (cantidades.get(p.id) ?? 0) !== 0)
      .map((p) => ({ producto_id: p.id, referencia: p.referencia, nombre_producto: p.nombre_producto, cantidad_producto: cantidades.get(p.id)!, unidad: p.unidad }))
      .sort((a, b) => b.cantidad_producto - a.cantidad_producto);
    expect(datos.productos_vendidos_rango_fecha).toEqual(esperados);
    expect(esperados[0]!.referencia).toBe('CANTO-22');
  });

  it('narrows to a shorter range and its year: March keeps the sale annulled in April, April subtracts it', async () => {
    const leer = async (fecha_inicial: string, fecha_final: string) =>
      (await llamar('/api/dashboard/rango-fecha', usuarios.Operario.token, { fecha_inicial, fecha_final })).json().data as DashboardRespuesta;
    const marzo = await leer(`${anioPasado}-03-01`, `${anioPasado}-03-31`);
    expect(marzo.ventas_rango_fecha).toEqual({ total_pedidos: 2, total_venta_bruta: 392_700.01, total_venta_neta: 330_000.01, total_productos_por_unidad: [{ unidad: 'Lámina', cantidad: 107 }] });
    expect(marzo.anuladas).toEqual({ cantidad: 0, total: 0 });
    // The year's months up to the range's end: April's annulment and the later sales are not March's to see.
    expect(marzo.ventas_anio).toEqual(datos.ventas_anio.map((m) => (m.mes_factura <= 3 ? m : { ...m, total_venta_bruta: 0 })));
    const abril = await leer(`${anioPasado}-04-01`, `${anioPasado}-04-30`);
    expect(abril.ventas_rango_fecha).toEqual({ total_pedidos: 0, total_venta_bruta: -95_200, total_venta_neta: -80_000, total_productos_por_unidad: [{ unidad: 'Lámina', cantidad: -100 }] });
    expect(abril.anuladas).toEqual({ cantidad: 1, total: 95_200 });
    expect(abril.productos_vendidos_rango_fecha.map((p) => [p.referencia, p.cantidad_producto])).toEqual([['MEL-18-BL', -100]]);
  });

  it("exports the products as 'Export productos.xlsx' with the same quantities, as numbers", async () => {
    const respuesta = await llamar('/api/dashboard/productos/exportar', usuarios.Bodega.token, rangoAnio);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-type']).toContain('spreadsheetml');
    expect(respuesta.headers['content-disposition']).toContain(ARCHIVO_EXPORTAR_PRODUCTOS);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    expect((hoja.getRow(1).values as unknown[]).slice(1)).toEqual([...COLUMNAS_EXPORTAR_PRODUCTOS]);
    const filas = datos.productos_vendidos_rango_fecha.map((_, n) => (hoja.getRow(n + 2).values as unknown[]).slice(1));
    expect(filas).toEqual(datos.productos_vendidos_rango_fecha.map((p) => [p.referencia, p.nombre_producto, p.cantidad_producto, p.unidad]));
  });
  it('reads the same figures from the daily summary and from the sales themselves (a zone other than the summary one)', async () => {
    // Lima keeps Bogotá's clock all year (UTC−5): the same days, read from the sales instead of the summary.
    const deVentas = async (rango: typeof rangoAnio) => ({ data: await datosDashboard(entorno.db, rango, 'America/Lima') });
    for (const rango of [rangoAnio, { fecha_inicial: `${anioPasado}-03-01`, fecha_final: `${anioPasado}-03-31` }, { fecha_inicial: `${anioPasado}-12-31`, fecha_final: `${anioPasado + 1}-01-01` }]) {
      const deResumen = await llamar('/api/dashboard/rango-fecha', usuarios.Vendedor.token, rango);
      expect(deResumen.statusCode).toBe(200);
      expect(deResumen.json()).toEqual(await deVentas(rango));
    }
  });

  it('keeps the summary in step with the sales: an annulment, a line taken away, a sale billed later', async () => {
    const comparar = async () => {
      const deVentas = { data: await datosDashboard(entorno.db, rangoAnio, 'America/Lima') };
      const deResumen = (await llamar('/api/dashboard/rango-fecha', usuarios.Vendedor.token, rangoAnio)).json();
      expect(deResumen).toEqual(deVentas);
      return deResumen.data as DashboardRespuesta;
    };
    // Annulled without a date (as data written before it was kept): on its billing day, where it nets to nothing.
    const marzo = (await entorno.db.selectFrom('venta').select('id').where('total_subtotal_venta', '=', '250000.01').executeTakeFirstOrThrow()).id;
    await entorno.db.updateTable('venta').set({ estado_venta_id: 3 }).where('id', '=', marzo).execute();
    const anulada = await comparar();
    expect(anulada.ventas_rango_fecha.total_pedidos).toBe(datos.ventas_rango_fecha.total_pedidos);
    expect(anulada.ventas_rango_fecha.total_venta_bruta).toBe(Math.round((datos.ventas_rango_fecha.total_venta_bruta - 297_500.01) * 100) / 100);
    expect(anulada.anuladas.cantidad).toBe(datos.anuladas.cantidad + 1);
    expect(enUnidad(anulada, 'Lámina')).toBe(enUnidad(datos, 'Lámina') - 7);

    const julio = (await entorno.db.selectFrom('venta').select('id').where('total_subtotal_venta', '=', '10000.00').executeTakeFirstOrThrow()).id;
    await entorno.db.deleteFrom('venta_detalle').where('venta_id', '=', julio).execute();
    const sinJulio = await comparar();
    expect([enUnidad(sinJulio, 'Lámina'), enUnidad(sinJulio, 'Metro lineal')]).toEqual([enUnidad(datos, 'Lámina') - 7, enUnidad(datos, 'Metro lineal') - 40]);

    // The pending sale billed now, on a day of the range, then its date changed within it.
    const pendiente = (await entorno.db.selectFrom('venta').select('id').where('estado_venta_id', '=', 1).executeTakeFirstOrThrow()).id;
    await entorno.db
      .updateTable('venta')
      .set({ estado_venta_id: 2, tipo_documento: 'REMISION', rango_numeracion_id: sql<number>`(select min(id) from rango_numeracion)`, nro_factura_dian: 999, fecha_factura: bogota(`${anioPasado}-05-05`, '12:00') })
      .where('id', '=', pendiente)
      .execute();
    expect((await comparar()).ventas_anio[4]!.total_venta_bruta).toBe(60_000);
    await entorno.db.updateTable('venta').set({ fecha_factura: bogota(`${anioPasado}-06-06`, '12:00') }).where('id', '=', pendiente).execute();
    const movida = await comparar();
    expect([movida.ventas_anio[4]!.total_venta_bruta, movida.ventas_anio[5]!.total_venta_bruta]).toEqual([0, 60_000]);
    // Its annulment dated later: the billing day keeps it, the annulment's day (in August) subtracts it.
    await entorno.db.updateTable('venta').set({ fecha_anulacion: bogota(`${anioPasado}-08-10`, '15:00') }).where('id', '=', marzo).execute();
    const fechada = await comparar();
    expect([fechada.ventas_anio[2]!.total_venta_bruta, fechada.ventas_anio[7]!.total_venta_bruta]).toEqual([
      Math.round((movida.ventas_anio[2]!.total_venta_bruta + 297_500.01) * 100) / 100,
      Math.round((movida.ventas_anio[7]!.total_venta_bruta - 297_500.01) * 100) / 100,
    ]);
    await esSuReconstruccion();
  });
});

describe('a sale billed yesterday and annulled today through the route: yesterday never changes, today subtracts it', () => {
  const ayer = new Date(Date.parse(`${hoy}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const rangos = {
    ayer: { fecha_inicial: ayer, fecha_final: ayer },
    hoy: { fecha_inicial: hoy, fecha_final: hoy },
    ambos: { fecha_inicial: ayer, fecha_final: hoy },
  };
  type Lectura = Record<keyof typeof rangos, { cuerpo: string; datos: DashboardRespuesta }>;
  let superAdmin: UsuarioConSesion;
  let tienda: TiendaPrueba;
  let producto: { id: number; referencia: string };
  let ventaId: number;
  let total: number;
  let antes: Lectura;

  const leer = async (): Promise<Lectura> => {
    const lectura = {} as Lectura;
    for (const [nombre, rango] of Object.entries(rangos) as [keyof typeof rangos, (typeof rangos)['ayer']][]) {
      const respuesta = await llamar('/api/dashboard/rango-fecha', superAdmin.token, rango);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      lectura[nombre] = { cuerpo: respuesta.body, datos: respuesta.json().data };
    }
    return lectura;
  };
  const cantidadDe = (datos: DashboardRespuesta) => datos.productos_vendidos_rango_fecha.find((p) => p.producto_id === producto.id)?.cantidad_producto ?? 0;

  beforeAll(async () => {
    tienda = await crearTienda(entorno.db);
    const personas = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
    superAdmin = personas.superAdmin;
    const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: 19 });
    const proveedor = await crearProveedor(entorno.db);
    producto = await crearProducto(entorno.db, {
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      precio_unitario: 50_000,
      tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 50_000 }],
    });
    await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RD' });
    const cliente = await crearTercero(entorno.db);
    const venta = await crearVentaConLineas(entorno.db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: personas.porRol.Vendedor.id,
      lineas: [{ producto_id: producto.id, cantidad: 3, precio_unitario: 50_000, porcentaje_impuesto: 19 }],
    });
    ventaId = venta.id;
    total = venta.total_venta;
    const facturada = await entorno.app.inject({
      method: 'POST',
      url: `/api/facturas/${ventaId}/forma-pago`,
      headers: headers(personas.porRol.Vendedor.token, tienda.codigo_tienda),
      payload: cuerpoFacturar([{ id_forma_pago: 1, valor_pagado: total }]) as object,
    });
    expect(facturada.statusCode, facturada.body).toBe(200);
    // Billed yesterday at noon: the billing route dates now, so the date is moved as the other tests do.
    await entorno.db.updateTable('venta').set({ fecha_factura: bogota(ayer, '12:00') }).where('id', '=', ventaId).execute();
    antes = await leer();
    expect(cantidadDe(antes.ayer.datos)).toBe(3);

    const anulada = await entorno.app.inject({ method: 'PUT', url: `/api/facturas/${ventaId}/anular`, headers: headers(superAdmin.token, tienda.codigo_tienda) });
    expect(anulada.statusCode, anulada.body).toBe(200);
  });

  it("reads yesterday's dashboard byte for byte as before the annulment", async () => {
    const despues = await leer();
    expect(despues.ayer.cuerpo).toBe(antes.ayer.cuerpo);
  });

  it('shows the annulment today: one annulled sale for its total, taken from the sales and the products', async () => {
    const { hoy: deHoy } = await leer();
    const previo = antes.hoy.datos;
    expect(deHoy.datos.anuladas).toEqual({ cantidad: previo.anuladas.cantidad + 1, total: Math.round((previo.anuladas.total + total) * 100) / 100 });
    expect(deHoy.datos.ventas_rango_fecha).toEqual({
      total_pedidos: previo.ventas_rango_fecha.total_pedidos,
      total_venta_bruta: Math.round((previo.ventas_rango_fecha.total_venta_bruta - total) * 100) / 100,
      total_venta_neta: Math.round((previo.ventas_rango_fecha.total_venta_neta - 150_000) * 100) / 100,
      total_productos_por_unidad: [{ unidad: null, cantidad: enUnidad(previo, null) - 3 }].filter((u) => u.cantidad !== 0),
    });
    expect(cantidadDe(deHoy.datos)).toBe(cantidadDe(previo) - 3);
  });

  it('a range of both days shows the net: the order billed, its amount and products billed and taken back', async () => {
    const { ayer: deAyer, hoy: deHoy, ambos } = await leer();
    expect(ambos.datos.ventas_rango_fecha).toEqual({
      total_pedidos: antes.ambos.datos.ventas_rango_fecha.total_pedidos,
      total_venta_bruta: Math.round((antes.ambos.datos.ventas_rango_fecha.total_venta_bruta - total) * 100) / 100,
      total_venta_neta: Math.round((antes.ambos.datos.ventas_rango_fecha.total_venta_neta - 150_000) * 100) / 100,
      total_productos_por_unidad: [{ unidad: null, cantidad: enUnidad(antes.ambos.datos, null) - 3 }].filter((u) => u.cantidad !== 0),
    });
    expect(cantidadDe(ambos.datos)).toBe(cantidadDe(antes.ambos.datos) - 3);
    // The range is the sum of its days.
    const suma = (clave: 'total_pedidos' | 'total_venta_bruta') => Math.round((deAyer.datos.ventas_rango_fecha[clave] + deHoy.datos.ventas_rango_fecha[clave]) * 100) / 100;
    expect(ambos.datos.ventas_rango_fecha).toMatchObject({ total_pedidos: suma('total_pedidos'), total_venta_bruta: suma('total_venta_bruta') });
    expect(enUnidad(ambos.datos, null)).toBe(enUnidad(deAyer.datos, null) + enUnidad(deHoy.datos, null));
    expect(ambos.datos.anuladas.cantidad).toBe(deAyer.datos.anuladas.cantidad + deHoy.datos.anuladas.cantidad);
  });

  it("the daily summary and the sales themselves agree after the annulment: the cards, the year's months, the products", async () => {
    const anios = [...new Set([ayer, hoy].map((f) => f.slice(0, 4)))];
    for (const rango of [...Object.values(rangos), ...anios.map((a) => ({ fecha_inicial: `${a}-01-01`, fecha_final: a === hoy.slice(0, 4) ? hoy : `${a}-12-31` }))]) {
      const deResumen = await llamar('/api/dashboard/rango-fecha', superAdmin.token, rango);
      expect(deResumen.json(), JSON.stringify(rango)).toEqual({ data: await datosDashboard(entorno.db, rango, 'America/Lima') });
    }
    await esSuReconstruccion();
  });
});
