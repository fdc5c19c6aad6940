import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  archivoInformeVentas,
  ERRORES,
  hoyNegocio,
  ID_MAXIMO,
  MENSAJE_CARACTERES_NO_PERMITIDOS,
  MENSAJES_INFORME_VENTAS,
  type FilaInformeVentas,
  type InformeVentasRespuesta,
} from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { informeVentas } from './informe-ventas.service';
import {
  crearCategoria,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuario,
  crearUsuariosPorRol,
  crearVentaConLineas,
  headers,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// The sales report (docs/decisions-informe-ventas.md) on sales this file writes: two stores, two sellers, two
// categories, one sale annulled on a later day, one partial return, one product without cost. Every figure is checked
// exactly against sums worked out by hand in the comments (pesos with centavos).

const entorno = usarEntorno();
let tiendaA: TiendaPrueba;
let tiendaB: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let v1: { id: number; name: string };
let v2: { id: number; name: string };
let c1: { id: number };
let c2: { id: number };
const ids = {} as Record<'p1' | 'p2' | 'p3', number>;
const rangos: Record<string, number> = {};
let numero = 0;

const hoy = hoyNegocio();
const anio = Number(hoy.slice(0, 4)) - 1;
const D1 = `${anio}-03-10`;
const D2 = `${anio}-03-11`;
const D3 = `${anio}-03-12`;
const bogota = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`);

const pedir = (url: string, payload: object, token: string | null = superAdmin.token, tienda?: string) =>
  entorno.app.inject({ method: 'POST', url, headers: token ? headers(token, tienda) : {}, payload });

async function informe(cuerpo: object): Promise<InformeVentasRespuesta> {
  const respuesta = await pedir('/api/informe-ventas', cuerpo);
  expect(respuesta.statusCode, respuesta.body.slice(0, 400)).toBe(200);
  return respuesta.json().data;
}

const fila = (datos: InformeVentasRespuesta, clave: string | number | null) => datos.filas.find((f) => f.clave === (clave === null ? null : String(clave)));

/** A billed sale (state `estado`) on `fecha` at 23:30 Bogotá (already the next day in UTC), annulled on `anulada` if given. */
async function venta(tienda: string, vendedor: number, fecha: string, lineas: { producto_id: number; cantidad: number; precio_unitario: number; porcentaje_impuesto?: number }[], anulada?: string, estado = 2) {
  const cliente = await crearTercero(entorno.db);
  const v = await crearVentaConLineas(entorno.db, { codigo_tienda: tienda, cliente_id: cliente.id, vendedor_id: vendedor, lineas });
  await entorno.db
    .updateTable('venta')
    .set({
      estado_venta_id: anulada ? 3 : estado,
      tipo_documento: 'REMISION',
      rango_numeracion_id: rangos[tienda]!,
      prefijo_factura_dian: 'REM',
      nro_factura_dian: ++numero,
      fecha_factura: bogota(fecha, '23:30'),
      ...(anulada ? { fecha_anulacion: bogota(anulada, '08:00') } : {}),
    })
    .where('id', '=', v.id)
    .execute();
  return v;
}

beforeAll(async () => {
  tiendaA = await crearTienda(entorno.db);
  tiendaB = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tiendaA.codigo_tienda));
  for (const t of [tiendaA, tiendaB]) rangos[t.codigo_tienda] = (await crearRangoNumeracion(entorno.db, { codigo_tienda: t.codigo_tienda, tipo_documento: 'REMISION' })).id;
  v1 = await crearUsuario(entorno.db, { name: 'Ana Gómez', tiendas: [tiendaA.codigo_tienda, tiendaB.codigo_tienda] });
  v2 = await crearUsuario(entorno.db, { name: 'Bruno Díaz', tiendas: [tiendaA.codigo_tienda, tiendaB.codigo_tienda] });
  c1 = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Tableros' });
  c2 = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Herrajes' });
  const impuesto = await crearImpuesto(entorno.db);
  const proveedor = await crearProveedor(entorno.db);
  const tiendas = (costo: number, costoB: number) => [
    { codigo_tienda: tiendaA.codigo_tienda, costo_inventario_unitario: costo },
    { codigo_tienda: tiendaB.codigo_tienda, costo_inventario_unitario: costoB },
  ];
  // P1 costs 600 in A; P2 300 in both stores; P3 has no cost anywhere ('Sin costo').
  ids.p1 = (await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, referencia: 'MEL-18', nombre_producto: 'Melamina 18 mm', tiendas: tiendas(600, 0) })).id;
  ids.p2 = (await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, referencia: 'BIS-35', nombre_producto: 'Bisagra 35 mm', tiendas: tiendas(300, 300) })).id;
  ids.p3 = (await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, referencia: 'CORTE', nombre_producto: 'Servicio de corte', tiendas: tiendas(0, 0) })).id;
  await entorno.db.updateTable('producto').set({ categoria_producto_id: c1.id }).where('id', 'in', [ids.p1, ids.p3]).execute();
  await entorno.db.updateTable('producto').set({ categoria_producto_id: c2.id }).where('id', '=', ids.p2).execute();

  // S1: A, V1, D1: P1 2×1000 +19 % (2.000 + 380) and P3 1×500 without tax.
  await venta(tiendaA.codigo_tienda, v1.id, D1, [
    { producto_id: ids.p1, cantidad: 2, precio_unitario: 1000, porcentaje_impuesto: 19 },
    { producto_id: ids.p3, cantidad: 1, precio_unitario: 500 },
  ]);
  // S2: B, V2, D1, billed without sending (state 6): P2 3×2000 +19 % (6.000 + 1.140).
  await venta(tiendaB.codigo_tienda, v2.id, D1, [{ producto_id: ids.p2, cantidad: 3, precio_unitario: 2000, porcentaje_impuesto: 19 }], undefined, 6);
  // S3: A, V2, billed D1 and annulled D3: P1 1×1000 +19 % (1.000 + 190).
  await venta(tiendaA.codigo_tienda, v2.id, D1, [{ producto_id: ids.p1, cantidad: 1, precio_unitario: 1000, porcentaje_impuesto: 19 }], D3);
  // S4: B, V1, D2: P2 4×2000 +19 % (8.000 + 1.520); on D3 one unit comes back (2.000 + 380).
  const s4 = await venta(tiendaB.codigo_tienda, v1.id, D2, [{ producto_id: ids.p2, cantidad: 4, precio_unitario: 2000, porcentaje_impuesto: 19 }]);
  const linea = await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', s4.id).executeTakeFirstOrThrow();
  const { id: devolucion } = await entorno.db
    .insertInto('devolucion_venta')
    .values({ venta_id: s4.id, codigo_tienda: tiendaB.codigo_tienda, motivo: 'Sobró', valor_subtotal: 2000, valor_impuesto: 380, valor_otros_impuestos: 0, valor_total: 2380, valor_dinero: 2380, created_at: bogota(D3, '10:00') })
    .returning('id')
    .executeTakeFirstOrThrow();
  await entorno.db
    .insertInto('devolucion_venta_detalle')
    .values({ devolucion_venta_id: devolucion, venta_detalle_id: linea.id, producto_id: ids.p2, cantidad: 1, valor_bruto: 2000, valor_descuento: 0, valor_subtotal: 2000, valor_impuesto: 380, valor_otros_impuestos: 0, valor_total: 2380 })
    .execute();
  // Not sales of the report: a pending order, and a sale billed the day after the range.
  const cliente = await crearTercero(entorno.db);
  await crearVentaConLineas(entorno.db, { codigo_tienda: tiendaA.codigo_tienda, cliente_id: cliente.id, vendedor_id: v1.id, lineas: [{ producto_id: ids.p1, cantidad: 9, precio_unitario: 1000 }] });
  await venta(tiendaA.codigo_tienda, v1.id, `${anio}-03-13`, [{ producto_id: ids.p1, cantidad: 5, precio_unitario: 1000 }]);
  // Written with past dates after the migration summarized every closed day: summarized again, as a bulk load would.
  await sql`select informe_ventas_reconstruir()`.execute(entorno.db);
});

const RANGO = () => ({ fecha_inicial: D1, fecha_final: D3 });

describe('refusals', () => {
  const rutas = ['/api/informe-ventas', '/api/informe-ventas/exportar', '/api/informe-ventas/comisiones'];

  it.each(rutas)('%s: 401 without a token', async (url) => {
    const respuesta = await pedir(url, RANGO(), null);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
  });

  it.each(rutas)('%s: 403 for every role but SuperAdministrador (money, spec 000 §6)', async (url) => {
    for (const rol of Object.keys(porRol) as RolNoSuperAdmin[]) {
      expect((await pedir(url, { ...RANGO(), vendedor_id: v1.id, porcentaje: 1 }, porRol[rol].token)).statusCode, rol).toBe(403);
    }
    expect((await entorno.app.inject({ method: 'GET', url: '/api/informe-ventas/comisiones', headers: headers(porRol.Administrador.token) })).statusCode).toBe(403);
    expect((await entorno.app.inject({ method: 'DELETE', url: '/api/informe-ventas/comisiones/1', headers: headers(porRol.Administrador.token) })).statusCode).toBe(403);
  });

  it('403 when the header names a store the user does not belong to', async () => {
    const respuesta = await pedir('/api/informe-ventas', RANGO(), superAdmin.token, tiendaB.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
  });

  const manana = new Date(Date.parse(`${hoy}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['an end after today', { fecha_inicial: hoy, fecha_final: manana }, 'fecha_final', MENSAJES_INFORME_VENTAS.fechaFinalFutura],
    ['a start after the end', { fecha_inicial: D2, fecha_final: D1 }, 'fecha_inicial', MENSAJES_INFORME_VENTAS.fechaInicialMayor],
    ['367 days', { fecha_inicial: `${anio - 1}-01-01`, fecha_final: `${anio}-01-02` }, 'fecha_inicial', MENSAJES_INFORME_VENTAS.rangoLargo],
    ['a date that does not exist', { fecha_inicial: `${anio}-02-30`, fecha_final: D1 }, 'fecha_inicial', MENSAJES_INFORME_VENTAS.fechaInicial],
    ['a NUL byte in the store', { ...RANGO(), codigo_tienda: 'A\u0000' }, 'codigo_tienda', MENSAJE_CARACTERES_NO_PERMITIDOS],
    ['a store that does not exist', { ...RANGO(), codigo_tienda: 'NOEXISTE' }, 'codigo_tienda', MENSAJES_INFORME_VENTAS.tiendaNoExiste],
    ['an unknown grouping', { ...RANGO(), agrupar_por: 'cliente' }, 'agrupar_por', MENSAJES_INFORME_VENTAS.agruparPor],
    ['a number as the store', { ...RANGO(), codigo_tienda: 2 ** 31 }, 'codigo_tienda', MENSAJES_INFORME_VENTAS.tienda],
  ])('422 for %s, never 500', async (_caso, cuerpo, campo, mensaje) => {
    for (const url of rutas.slice(0, 2)) {
      const respuesta = await pedir(url, cuerpo);
      expect(respuesta.statusCode, url).toBe(422);
      expect(respuesta.json().errors[campo], url).toContain(mensaje);
    }
  });
});

describe('figures, each exact', () => {
  /** The figures with the keys the report answers; unspecified ones are not checked. */
  const cifras = (f: FilaInformeVentas | undefined) => f && { ventas: f.ventas, subtotal_facturado: f.subtotal_facturado, subtotal_devuelto: f.subtotal_devuelto, subtotal: f.subtotal, impuestos: f.impuestos, total: f.total, costo: f.costo, margen: f.margen, margen_porcentaje: f.margen_porcentaje, subtotal_sin_costo: f.subtotal_sin_costo };

  it('by seller: billed minus annulled and returned, margin on the lines with a cost, commission by the seller’s or the category’s rate', async () => {
    // V1 5 % (every line of V1), category Herrajes 2 % (V2's P2); V2 has no rate of its own and Tableros none.
    expect((await pedir('/api/informe-ventas/comisiones', { vendedor_id: v1.id, porcentaje: 5 })).statusCode).toBe(200);
    expect((await pedir('/api/informe-ventas/comisiones', { categoria_producto_id: c2.id, porcentaje: 2 })).statusCode).toBe(200);
    const datos = await informe({ ...RANGO(), agrupar_por: 'vendedor' });
    // V1: S1 2.500 + S4 8.000 billed, S4's return 2.000; taxes 380 + 1.520 − 380; cost P1 2×600 + P2 3×300 (B).
    expect({ ...cifras(fila(datos, v1.id)), nombre: fila(datos, v1.id)!.nombre, comision: fila(datos, v1.id)!.comision, cantidad: fila(datos, v1.id)!.cantidad }).toEqual({
      nombre: 'Ana Gómez', ventas: 2, cantidad: null, subtotal_facturado: 10_500, subtotal_devuelto: 2000, subtotal: 8500, impuestos: 1520, total: 10_020,
      costo: 2100, margen: 5900, margen_porcentaje: 73.75, subtotal_sin_costo: 500, comision: 425,
    });
    // V2: S2 6.000 + S3 1.000 billed, S3 annulled on D3; cost P2 3×300 (B) and P1 (1 − 1)×600.
    expect({ ...cifras(fila(datos, v2.id)), comision: fila(datos, v2.id)!.comision }).toEqual({
      ventas: 2, subtotal_facturado: 7000, subtotal_devuelto: 1000, subtotal: 6000, impuestos: 1140, total: 7140,
      costo: 900, margen: 5100, margen_porcentaje: 85, subtotal_sin_costo: 0, comision: 120,
    });
    expect(datos.filas.map((f) => f.clave)).toEqual([String(v1.id), String(v2.id)]);
    expect(datos.totales).toEqual({
      ventas: 4, cantidad: null, subtotal_facturado: 17_500, subtotal_devuelto: 3000, subtotal: 14_500, impuestos: 2660, total: 17_160,
      costo: 3000, margen: 11_000, margen_porcentaje: 78.57, subtotal_sin_costo: 500, comision: 545,
    });
  });

  it('by product: quantity in its unit, and "Sin costo" (null margin) for the product without a cost', async () => {
    const datos = await informe({ ...RANGO(), agrupar_por: 'producto' });
    expect(datos.filas.map((f) => f.referencia)).toEqual(['BIS-35', 'MEL-18', 'CORTE']);
    expect({ ...cifras(fila(datos, ids.p2)), cantidad: fila(datos, ids.p2)!.cantidad }).toEqual({
      ventas: 2, cantidad: 6, subtotal_facturado: 14_000, subtotal_devuelto: 2000, subtotal: 12_000, impuestos: 2280, total: 14_280,
      costo: 1800, margen: 10_200, margen_porcentaje: 85, subtotal_sin_costo: 0,
    });
    expect({ ...cifras(fila(datos, ids.p1)), cantidad: fila(datos, ids.p1)!.cantidad }).toEqual({
      ventas: 2, cantidad: 2, subtotal_facturado: 3000, subtotal_devuelto: 1000, subtotal: 2000, impuestos: 380, total: 2380,
      costo: 1200, margen: 800, margen_porcentaje: 40, subtotal_sin_costo: 0,
    });
    expect(fila(datos, ids.p3)).toMatchObject({ nombre: 'Servicio de corte', ventas: 1, cantidad: 1, subtotal: 500, costo: null, margen: null, margen_porcentaje: null, subtotal_sin_costo: 500, comision: null });
    expect(datos.totales).toMatchObject({ subtotal: 14_500, total: 17_160, comision: null });
  });

  it('by category and by store', async () => {
    const categorias = await informe({ ...RANGO(), agrupar_por: 'categoria' });
    expect(categorias.filas.map((f) => [f.nombre, f.ventas, f.subtotal_facturado, f.subtotal_devuelto, f.subtotal, f.costo, f.margen, f.subtotal_sin_costo])).toEqual([
      ['Herrajes', 2, 14_000, 2000, 12_000, 1800, 10_200, 0],
      ['Tableros', 2, 3500, 1000, 2500, 1200, 800, 500],
    ]);
    const tiendas = await informe({ ...RANGO(), agrupar_por: 'tienda' });
    expect(tiendas.filas.map((f) => [f.clave, f.nombre, f.ventas, f.subtotal, f.impuestos, f.total])).toEqual([
      [tiendaB.codigo_tienda, tiendaB.nombre_tienda, 2, 12_000, 2280, 14_280],
      [tiendaA.codigo_tienda, tiendaA.nombre_tienda, 2, 2500, 380, 2880],
    ]);
  });

  it('a sale annulled later stays in its day; its annulment and the return subtract on theirs', async () => {
    const antes = await informe({ fecha_inicial: D1, fecha_final: D2, agrupar_por: 'tienda' });
    expect(antes.totales).toMatchObject({ ventas: 4, subtotal_facturado: 17_500, subtotal_devuelto: 0, subtotal: 17_500, total: 20_730 });
    const dia = await informe({ fecha_inicial: D3, fecha_final: D3, agrupar_por: 'vendedor' });
    expect(dia.totales).toMatchObject({ ventas: 0, subtotal_facturado: 0, subtotal_devuelto: 3000, subtotal: -3000, impuestos: -570, total: -3570 });
    expect(fila(dia, v2.id)).toMatchObject({ ventas: 0, subtotal: -1000, comision: 0 });
    expect(fila(dia, v1.id)).toMatchObject({ subtotal: -2000, comision: -100 });
  });

  it('one store: only its sales; an empty range answers zeros', async () => {
    const a = await informe({ ...RANGO(), codigo_tienda: tiendaA.codigo_tienda, agrupar_por: 'producto' });
    expect(a.totales).toMatchObject({ ventas: 2, subtotal: 2500, total: 2880 });
    expect(a.filas.map((f) => f.referencia)).toEqual(['MEL-18', 'CORTE']);
    const vacio = await informe({ fecha_inicial: `${anio}-01-01`, fecha_final: `${anio}-01-02`, agrupar_por: 'vendedor' });
    expect(vacio).toMatchObject({ agrupar_por: 'vendedor', filas: [], totales: { ventas: 0, subtotal: 0, costo: null, comision: 0 } });
    expect(vacio.tiendas).toContainEqual({ codigo_tienda: tiendaA.codigo_tienda, nombre_tienda: tiendaA.nombre_tienda });
  });

  it('the summary of the closed days reads the same figures as the sales themselves, whole months and single days alike', async () => {
    // Loose days, a whole month, months with days around them, and most of a month (read as the month minus the days
    // left out: here the left-out days hold sales, which must cancel exactly).
    const rangos = [
      RANGO(),
      { fecha_inicial: `${anio}-03-01`, fecha_final: `${anio}-03-31` },
      { fecha_inicial: `${anio}-02-15`, fecha_final: `${anio}-04-30` },
      { fecha_inicial: D3, fecha_final: D3 },
      { fecha_inicial: `${anio}-03-11`, fecha_final: `${anio}-03-31` },
      { fecha_inicial: `${anio}-03-13`, fecha_final: `${anio}-05-20` },
    ];
    for (const rango of rangos) {
      for (const agrupar_por of ['vendedor', 'producto', 'categoria', 'tienda'] as const) {
        for (const codigo_tienda of [null, tiendaB.codigo_tienda]) {
          const filtro = { ...rango, agrupar_por, codigo_tienda };
          // America/Lima is UTC−5 like Bogotá: the same days, read from the lines instead of the summary.
          expect(await informeVentas(entorno.db, filtro), JSON.stringify(filtro)).toEqual(await informeVentas(entorno.db, filtro, 'America/Lima'));
        }
      }
    }
  });

  it('a report fills the closed days the summary lacks, and reads the same', async () => {
    const antes = await informe({ ...RANGO(), agrupar_por: 'producto' });
    await entorno.db.updateTable('informe_resumen_estado').set({ hasta: `${anio}-03-11` }).execute();
    await entorno.db.deleteFrom('informe_producto_dia').where('fecha', '>', `${anio}-03-11` as never).execute();
    expect(await informe({ ...RANGO(), agrupar_por: 'producto' })).toEqual(antes);
    const estado = await entorno.db.selectFrom('informe_resumen_estado').select(sql<string>`hasta::text`.as('hasta')).executeTakeFirstOrThrow();
    expect(estado.hasta).toBe(new Date(Date.parse(`${hoy}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
    expect(await entorno.db.selectFrom('informe_producto_dia').select('producto_id').where('fecha', '=', D3 as never).execute()).not.toEqual([]);
  });

  it('the .xlsx of a grouping holds the same figures, "Sin costo" where unknown, and a Total row', async () => {
    const respuesta = await pedir('/api/informe-ventas/exportar', { ...RANGO(), agrupar_por: 'producto' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-disposition']).toContain(encodeURIComponent(archivoInformeVentas('producto')));
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Por producto')!;
    const filas = hoja.getSheetValues().slice(1).map((f) => (Array.isArray(f) ? f.slice(1) : []));
    expect(filas[0]).toEqual(['Referencia', 'Producto', 'Cantidad', 'Unidad', 'Ventas', 'Facturado antes de impuestos', 'Anulado y devuelto', 'Neto antes de impuestos', 'Impuestos', 'Total', 'Costo', 'Margen', 'Margen %', 'Neto sin costo']);
    expect(filas[1]).toEqual(['BIS-35', 'Bisagra 35 mm', 6, 'Sin unidad', 2, 14_000, 2000, 12_000, 2280, 14_280, 1800, 10_200, 85, 0]);
    expect(filas[3]!.slice(0, 3)).toEqual(['CORTE', 'Servicio de corte', 1]);
    expect(filas[3]!.slice(10, 12)).toEqual(['Sin costo', 'Sin costo']);
    expect(filas[4]!.slice(0, 2)).toEqual(['Total', 'Total']);
    expect(filas[4]![7]).toBe(14_500);
    const vendedores = await pedir('/api/informe-ventas/exportar', { ...RANGO(), agrupar_por: 'vendedor' });
    const libroV = new ExcelJS.Workbook();
    await libroV.xlsx.load(vendedores.rawPayload as unknown as ArrayBuffer);
    const hojaV = libroV.getWorksheet('Por vendedor')!;
    expect(hojaV.getRow(1).getCell(12).value).toBe('Comisión');
    expect(hojaV.getRow(2).getCell(1).value).toBe('Ana Gómez');
    expect(hojaV.getRow(2).getCell(12).value).toBe(425);
    expect(hojaV.getRow(4).getCell(12).value).toBe(545);
  });
});

describe('commission rates', () => {
  const guardar = (cuerpo: object) => pedir('/api/informe-ventas/comisiones', cuerpo);

  it('sets, replaces, lists and deletes a rate; every change in the audit trail', async () => {
    const vendedor = await crearUsuario(entorno.db, { name: 'Carla Ruiz' });
    const primera = await guardar({ vendedor_id: vendedor.id, porcentaje: 3 });
    expect(primera.statusCode).toBe(200);
    const segunda = await guardar({ vendedor_id: vendedor.id, porcentaje: 7.5 });
    expect(segunda.json().data.id).toBe(primera.json().data.id);
    const lista = await entorno.app.inject({ method: 'GET', url: '/api/informe-ventas/comisiones', headers: headers(superAdmin.token) });
    expect(lista.statusCode).toBe(200);
    expect(lista.json().data.comisiones).toContainEqual({ id: primera.json().data.id, vendedor_id: vendedor.id, categoria_producto_id: null, nombre: 'Carla Ruiz', porcentaje: 7.5 });
    expect(lista.json().data.categorias).toContainEqual({ id: c1.id, nombre: 'Tableros' });
    const borrar = await entorno.app.inject({ method: 'DELETE', url: `/api/informe-ventas/comisiones/${primera.json().data.id}`, headers: headers(superAdmin.token) });
    expect(borrar.statusCode).toBe(200);
    expect(await entorno.db.selectFrom('comision_venta').select('id').where('vendedor_id', '=', vendedor.id).execute()).toEqual([]);
    const auditoria = await entorno.db.selectFrom('auditoria').select('accion').where('tabla', '=', 'comision_venta').where('registro', '=', String(primera.json().data.id)).orderBy('id').execute();
    expect(auditoria.map((a) => a.accion)).toEqual(['crear', 'editar', 'eliminar']);
    const otra = await entorno.app.inject({ method: 'DELETE', url: `/api/informe-ventas/comisiones/${primera.json().data.id}`, headers: headers(superAdmin.token) });
    expect(otra.statusCode).toBe(404);
    expect((await entorno.app.inject({ method: 'DELETE', url: `/api/informe-ventas/comisiones/${2 ** 31}`, headers: headers(superAdmin.token) })).statusCode).toBe(404);
  });

  it.each([
    ['both a seller and a category', () => ({ vendedor_id: v1.id, categoria_producto_id: c1.id, porcentaje: 1 }), 'vendedor_id', MENSAJES_INFORME_VENTAS.destino],
    ['neither', () => ({ porcentaje: 1 }), 'vendedor_id', MENSAJES_INFORME_VENTAS.destino],
    ['more than 100 %', () => ({ vendedor_id: v1.id, porcentaje: 100.01 }), 'porcentaje', MENSAJES_INFORME_VENTAS.porcentaje],
    ['three decimals', () => ({ vendedor_id: v1.id, porcentaje: 2.555 }), 'porcentaje', MENSAJES_INFORME_VENTAS.porcentaje],
    ['a huge number', () => ({ vendedor_id: v1.id, porcentaje: 1e308 }), 'porcentaje', MENSAJES_INFORME_VENTAS.porcentaje],
    ['a seller that does not exist', () => ({ vendedor_id: ID_MAXIMO, porcentaje: 1 }), 'vendedor_id', MENSAJES_INFORME_VENTAS.vendedorNoExiste],
    ['a category that does not exist', () => ({ categoria_producto_id: ID_MAXIMO, porcentaje: 1 }), 'categoria_producto_id', MENSAJES_INFORME_VENTAS.categoriaNoExiste],
  ])('422 for %s, nothing saved', async (_caso, cuerpo, campo, mensaje) => {
    const antes = await entorno.db.selectFrom('comision_venta').selectAll().orderBy('id').execute();
    const respuesta = await guardar(cuerpo());
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors[campo]).toContain(mensaje);
    expect(await entorno.db.selectFrom('comision_venta').selectAll().orderBy('id').execute()).toEqual(antes);
  });

  it('422 for an id of 2^31', async () => {
    const respuesta = await guardar({ vendedor_id: 2 ** 31, porcentaje: 1 });
    expect(respuesta.statusCode).toBe(422);
  });
});
