import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ERRORES, hoyNegocio, MENSAJES_AUDITORIA, type CambioAuditoria, type Pagina } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { enTransaccion } from '../../db/transaccion';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
  type RolNoSuperAdmin,
} from '../../../test/factories';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let tablero: { id: number };
const hoy = hoyNegocio();
const rango = { fecha_inicial: hoy, fecha_final: hoy };

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 50, precio_unitario: 100_000 }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 1, numero_hasta: 1000 });
});

const consulta = (filtro: Record<string, string | number>) => new URLSearchParams(Object.entries({ ...rango, ...filtro }).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function cambios(filtro: Record<string, string | number> = {}): Promise<Pagina<CambioAuditoria>> {
  const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/auditoria?${consulta(filtro)}`, headers: headers(superAdmin.token) });
  expect(respuesta.statusCode).toBe(200);
  return respuesta.json().data.cambios;
}

const filasDe = (tabla: string, registro: string) =>
  entorno.db.selectFrom('auditoria').selectAll().where('tabla', '=', tabla).where('registro', '=', registro).orderBy('id').execute();

/** A sale of `cantidad` boards at $ 100,000 by `usuario` to `clienteId`, billed in cash through the real route. */
async function facturarEnEfectivo(usuario: { id: number; token: string }, clienteId: number, cantidad: number) {
  const venta = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: clienteId,
    vendedor_id: usuario.id,
    lineas: [{ producto_id: tablero.id, cantidad, precio_unitario: 100_000 }],
  });
  const facturar = await entorno.app.inject({
    method: 'POST',
    url: `/api/facturas/${venta.id}/forma-pago`,
    headers: headers(usuario.token, tienda.codigo_tienda),
    payload: cuerpoFacturar([{ id_forma_pago: 1, valor_pagado: cantidad * 100_000 }]),
  });
  return { venta, facturar };
}

describe('refusals', () => {
  const rutas = [
    { method: 'GET' as const, url: `/api/auditoria?${new URLSearchParams(rango).toString()}` },
    { method: 'GET' as const, url: '/api/auditoria/usuarios' },
    { method: 'POST' as const, url: '/api/auditoria/exportar', payload: rango },
  ];

  it.each(rutas)('$method $url answers 401 without a token', async (ruta) => {
    const respuesta = await entorno.app.inject(ruta);
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
  });

  it.each(rutas.flatMap((ruta) => ROLES_NO_SUPER_ADMIN.map((rol) => ({ ...ruta, rol }))))('$method $url refuses $rol with 403', async ({ rol, ...ruta }) => {
    const respuesta = await entorno.app.inject({ ...ruta, headers: headers(porRol[rol].token, tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
  });

  it.each([
    [{ fecha_inicial: '2026-02-10', fecha_final: '2026-02-01' }, 'fecha_inicial', MENSAJES_AUDITORIA.rangoFechas],
    [{ fecha_inicial: '2024-01-01', fecha_final: '2026-01-01' }, 'fecha_final', MENSAJES_AUDITORIA.rangoLargo],
    [{ fecha_inicial: '2026-02-30', fecha_final: '2026-03-01' }, 'fecha_inicial', MENSAJES_AUDITORIA.fecha],
    [{ ...rango, modulo: 'nada' }, 'modulo', MENSAJES_AUDITORIA.modulo],
    [{ ...rango, usuario_id: 2 ** 31 }, 'usuario_id', MENSAJES_AUDITORIA.usuario],
    [{ ...rango, registro: 'x'.repeat(101) }, 'registro', MENSAJES_AUDITORIA.registroLargo],
  ])('refuses %o with 422 on %s, in the list and the export', async (filtro, campo, mensaje) => {
    const lista = await entorno.app.inject({ method: 'GET', url: `/api/auditoria?${new URLSearchParams(Object.entries(filtro).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, headers: headers(superAdmin.token) });
    expect(lista.statusCode).toBe(422);
    expect(lista.json().errors[campo]).toContain(mensaje);
    const exportar = await entorno.app.inject({ method: 'POST', url: '/api/auditoria/exportar', headers: headers(superAdmin.token), payload: filtro });
    expect(exportar.statusCode).toBe(422);
    expect(exportar.json().errors[campo]).toContain(mensaje);
  });

  it('refuses a record with a NUL byte and a missing range with 422, never 500', async () => {
    const nul = await entorno.app.inject({ method: 'GET', url: `/api/auditoria?${consulta({ registro: 'a\u0000b' })}`, headers: headers(superAdmin.token) });
    expect(nul.statusCode).toBe(422);
    const sinFechas = await entorno.app.inject({ method: 'GET', url: '/api/auditoria', headers: headers(superAdmin.token) });
    expect(sinFechas.statusCode).toBe(422);
    expect(sinFechas.json().errors.fecha_inicial).toContain(MENSAJES_AUDITORIA.fecha);
  });
});

describe('what the trail records', () => {
  it('a setting changed through the API: who, from where, which request, and only the values that changed', async () => {
    const impuesto = await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA auditado', porcentaje_impuesto: 19 });
    const editar = await entorno.app.inject({
      method: 'PUT',
      url: `/api/impuestos/${impuesto.id}/editar`,
      headers: { ...headers(superAdmin.token), 'x-request-id': 'prueba-auditoria-1' },
      payload: { nombre_impuesto: 'IVA auditado', porcentaje_impuesto: 5, siigo_impuesto_id: null, activo: true },
    });
    expect(editar.statusCode).toBe(200);

    const pagina = await cambios({ modulo: 'impuestos', registro: String(impuesto.id) });
    expect(pagina.total).toBe(2);
    const [cambio, creacion] = pagina.data;
    expect(cambio).toMatchObject({
      accion: 'editar',
      tabla: 'impuesto',
      registro: String(impuesto.id),
      usuario_id: superAdmin.id,
      rol: 'SuperAdministrador',
      ip: '127.0.0.1',
      request_id: 'prueba-auditoria-1',
      antes: { porcentaje_impuesto: 19 },
      despues: { porcentaje_impuesto: 5 },
    });
    expect(cambio!.usuario).toContain(superAdmin.email);
    // The factory wrote straight to the table, outside any request: Tablero itself, no user.
    expect(creacion).toMatchObject({ accion: 'crear', usuario_id: null, usuario: null, antes: null });
    expect(creacion!.despues).toMatchObject({ nombre_impuesto: 'IVA auditado', porcentaje_impuesto: 19 });
  });

  it('a bill: the sale, its payment and the store stock, each with the cashier and the store, in the bill transaction', async () => {
    const cajero = porRol.Vendedor;
    const cliente = await crearTercero(entorno.db);
    const { venta, facturar } = await facturarEnEfectivo(cajero, cliente.id, 2);
    expect(facturar.statusCode).toBe(200);
    const idSolicitud = facturar.headers['x-request-id'];

    const estado = (await filasDe('venta', String(venta.id))).find((f) => f.request_id === idSolicitud);
    expect(estado).toMatchObject({ accion: 'editar', usuario_id: cajero.id, rol: 'Vendedor', codigo_tienda: tienda.codigo_tienda, request_id: idSolicitud });
    expect(estado!.antes).toMatchObject({ estado_venta_id: 1 });
    expect(estado!.despues).toMatchObject({ estado_venta_id: 2 });

    const stock = await filasDe('inventario', `${tienda.codigo_tienda}/${tablero.id}`);
    expect(stock.at(-1)).toMatchObject({ accion: 'editar', usuario_id: cajero.id, antes: { cantidad: 50 }, despues: { cantidad: 48 }, request_id: idSolicitud });

    const pagos = await entorno.db.selectFrom('auditoria').selectAll().where('tabla', '=', 'venta_forma_pago').where('request_id', '=', String(idSolicitud)).execute();
    expect(pagos).toHaveLength(1);
    expect(pagos[0]!.despues).toMatchObject({ venta_id: venta.id, valor_pagado: 200000, forma_pago_id: 1 });

    // The same rows the screen finds by the record's key.
    const pagina = await cambios({ registro: `${tienda.codigo_tienda}/${tablero.id}`, usuario_id: cajero.id });
    expect(pagina.data[0]).toMatchObject({ modulo: 'inventario', tabla: 'inventario', request_id: idSolicitud });
  });

  it('a change rolled back leaves no row; a committed one always does', async () => {
    const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: 8 });
    const antes = await filasDe('impuesto', String(impuesto.id));
    await expect(
      enTransaccion(entorno.db, async (trx) => {
        await trx.updateTable('impuesto').set({ porcentaje_impuesto: 9 }).where('id', '=', impuesto.id).execute();
        throw new Error('falla a mitad');
      }),
    ).rejects.toThrow('falla a mitad');
    expect(await filasDe('impuesto', String(impuesto.id))).toHaveLength(antes.length);
    await enTransaccion(entorno.db, (trx) => trx.updateTable('impuesto').set({ porcentaje_impuesto: 9 }).where('id', '=', impuesto.id).execute());
    const despues = await filasDe('impuesto', String(impuesto.id));
    expect(despues).toHaveLength(antes.length + 1);
    expect(despues.at(-1)).toMatchObject({ accion: 'editar', usuario_id: null, antes: { porcentaje_impuesto: 8 }, despues: { porcentaje_impuesto: 9 } });
  });

  it('an update that changes nothing audited writes nothing; a password change is recorded without its value', async () => {
    const usuario = porRol.Bodega;
    const antes = await filasDe('usuario', String(usuario.id));
    await entorno.db.updateTable('usuario').set({ updated_at: new Date() }).where('id', '=', usuario.id).execute();
    expect(await filasDe('usuario', String(usuario.id))).toHaveLength(antes.length);
    await entorno.db.updateTable('usuario').set({ password_hash: 'otro-hash-secreto' }).where('id', '=', usuario.id).execute();
    const [ultima] = (await filasDe('usuario', String(usuario.id))).slice(-1);
    expect(ultima).toMatchObject({ accion: 'editar', antes: { password_hash: '(oculto)' }, despues: { password_hash: '(oculto)' } });
    expect(JSON.stringify(ultima)).not.toContain('otro-hash-secreto');
  });

  it("the numbering range: a bill's next number records nothing, a change of the range's settings is recorded", async () => {
    const rango = await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'AUD', numero_desde: 1, numero_hasta: 50, activo: false });
    const creado = await filasDe('rango_numeracion', String(rango.id));
    expect(creado).toHaveLength(1);
    expect(creado[0]).toMatchObject({ accion: 'crear', despues: { prefijo: 'AUD', numero_hasta: 50 } });

    // What a bill does to the range: the trigger is not even called (this transaction's own count of its calls).
    const llamadas = await enTransaccion(entorno.db, async (trx) => {
      await sql`set local track_functions = 'pl'`.execute(trx);
      await trx.updateTable('rango_numeracion').set({ siguiente_numero: 2, updated_at: new Date() }).where('id', '=', rango.id).execute();
      const { rows } = await sql<{ llamadas: string }>`select pg_stat_get_xact_function_calls('auditar_cambio'::regproc) as llamadas`.execute(trx);
      return Number(rows[0]!.llamadas ?? 0);
    });
    expect(llamadas).toBe(0);
    expect(await filasDe('rango_numeracion', String(rango.id))).toHaveLength(1);

    await entorno.db.updateTable('rango_numeracion').set({ numero_hasta: 80, siguiente_numero: 3 }).where('id', '=', rango.id).execute();
    const filas = await filasDe('rango_numeracion', String(rango.id));
    expect(filas).toHaveLength(2);
    expect(filas[1]).toMatchObject({ accion: 'editar', antes: { numero_hasta: 50 }, despues: { numero_hasta: 80 } });

    await entorno.db.deleteFrom('rango_numeracion').where('id', '=', rango.id).execute();
    expect((await filasDe('rango_numeracion', String(rango.id))).map((f) => f.accion)).toEqual(['crear', 'editar', 'eliminar']);
  });

  it("a request's user does not stay on the pooled connection: later work outside a request records no user", async () => {
    // Many API writes and direct writes interleaved on the same small pool: every direct one must be the system's.
    const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: 1 });
    for (let vez = 2; vez <= 6; vez++) {
      const editar = await entorno.app.inject({
        method: 'PUT',
        url: `/api/impuestos/${impuesto.id}/editar`,
        headers: headers(superAdmin.token),
        payload: { nombre_impuesto: `Rotativo ${vez}`, porcentaje_impuesto: vez, codigo_impuesto_dian: '03', siigo_impuesto_id: null, activo: true },
      });
      expect(editar.statusCode).toBe(200);
      await entorno.db.updateTable('impuesto').set({ nombre_impuesto: `Directo ${vez}` }).where('id', '=', impuesto.id).execute();
    }
    const filas = await filasDe('impuesto', String(impuesto.id));
    const directas = filas.filter((f) => String(f.despues?.nombre_impuesto ?? '').startsWith('Directo'));
    const porApi = filas.filter((f) => String(f.despues?.nombre_impuesto ?? '').startsWith('Rotativo'));
    expect(directas).toHaveLength(5);
    expect(porApi).toHaveLength(5);
    expect(directas.every((f) => f.usuario_id === null && f.request_id === null)).toBe(true);
    expect(porApi.every((f) => f.usuario_id === superAdmin.id)).toBe(true);
  });
});

describe('the list and the export', () => {
  it('pages newest first and filters by user, module and date', async () => {
    const primera = await cambios({ per_page: 10, page: 1 });
    expect(primera.total).toBeGreaterThan(10);
    expect(primera.data).toHaveLength(10);
    const segunda = await cambios({ per_page: 10, page: 2 });
    expect(segunda.data[0]!.id).toBeLessThan(primera.data[9]!.id);
    const fechas = primera.data.map((c) => c.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);

    const delSuper = await cambios({ usuario_id: superAdmin.id, per_page: 100 });
    expect(delSuper.total).toBeGreaterThan(0);
    expect(delSuper.data.every((c) => c.usuario_id === superAdmin.id)).toBe(true);
    const ventas = await cambios({ modulo: 'ventas', per_page: 100 });
    expect(ventas.data.every((c) => c.modulo === 'ventas')).toBe(true);
    const ayer = await cambios({ fecha_inicial: '2020-01-01', fecha_final: '2020-12-31' });
    expect(ayer).toMatchObject({ total: 0, data: [] });
  });

  it("labels each column in Spanish and names the records: 'Tercero 4' is the customer, its ids their names", async () => {
    const cliente = await crearTercero(entorno.db, { nombres: 'Auditada', apellidos: 'Legible', numero_documento: '800197268', tipo_documento_id: 2, saldo_abono: 230_000 });
    await entorno.db.updateTable('tercero').set({ saldo_abono: 430_000 }).where('id', '=', cliente.id).execute();
    const pagina = await cambios({ registro: String(cliente.id), modulo: 'terceros' });
    const cambio = pagina.data.find((c) => c.tabla === 'tercero' && c.accion === 'editar')!;
    expect(cambio).toMatchObject({ nombre_registro: 'Auditada Legible · NIT 800.197.268-4', antes: { saldo_abono: 230000 }, despues: { saldo_abono: 430000 } });

    // A bill's payment row names its method and its sale's customer by name.
    const { venta, facturar } = await facturarEnEfectivo(superAdmin, cliente.id, 1);
    expect(facturar.statusCode, facturar.body).toBe(200);
    const deLaVenta = await cambios({ registro: String(venta.id), modulo: 'ventas', per_page: 100 });
    const estado = deLaVenta.data.find((c) => c.tabla === 'venta' && c.accion === 'editar' && c.despues?.estado_venta_id === 2)!;
    expect(estado.nombres).toMatchObject({ 'estado_venta_id=1': 'Pendiente facturar', 'estado_venta_id=2': 'Facturado' });
    const pagos = await cambios({ modulo: 'ventas', per_page: 100 });
    const pago = pagos.data.find((c) => c.tabla === 'venta_forma_pago' && c.despues?.venta_id === venta.id)!;
    expect(pago.nombres).toMatchObject({ 'forma_pago_id=1': 'Efectivo' });

    // The export writes the same labels, money as money and the names.
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/auditoria/exportar', headers: headers(superAdmin.token), payload: { ...rango, modulo: 'terceros', registro: String(cliente.id) } });
    expect(respuesta.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    const filas = libro.getWorksheet('Auditoría')!.getSheetValues().slice(2) as unknown[][];
    const editada = filas.find((fila) => String(fila[11]).includes('Saldo de anticipo'))!;
    expect(editada[8]).toBe('Tercero Auditada Legible · NIT 800.197.268-4');
    expect(editada[10]).toBe('Saldo de anticipo: $230,000');
    expect(editada[11]).toBe('Saldo de anticipo: $430,000');
  });

  it('lists the users for the filter', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/auditoria/usuarios', headers: headers(superAdmin.token) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.usuarios).toEqual(expect.arrayContaining([expect.objectContaining({ id: superAdmin.id, email: superAdmin.email })]));
  });

  it('exports the filtered changes to .xlsx, one row per change with before and after', async () => {
    const filtro = { ...rango, modulo: 'impuestos', usuario_id: superAdmin.id };
    const esperados = await cambios({ modulo: 'impuestos', usuario_id: superAdmin.id, per_page: 100 });
    const respuesta = await entorno.app.inject({ method: 'POST', url: '/api/auditoria/exportar', headers: headers(superAdmin.token), payload: filtro });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-type']).toContain('spreadsheetml');
    expect(respuesta.headers['content-disposition']).toContain(`filename="Auditoria ${hoy} a ${hoy}.xlsx"`);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Auditoría')!;
    expect(hoja.getRow(1).values).toEqual([undefined, 'Fecha', 'Usuario', 'Rol', 'Tienda', 'Desde (IP)', 'Solicitud', 'Módulo', 'Registro', 'Acción', 'Antes', 'Después']);
    expect(hoja.rowCount - 1).toBe(esperados.total);
    const primera = hoja.getRow(2);
    expect(primera.getCell(7).value).toBe('Impuestos');
    expect(String(primera.getCell(8).value)).toMatch(/^Impuesto \d+$/);
    expect(primera.getCell(9).value).toBe('Cambio');
    expect(String(primera.getCell(11).value)).toContain('Porcentaje de impuesto: ');
  });
});

describe('the trigger covers every audited table', () => {
  it('each money, stock, state, price, quota, role and setting table has the audit trigger', async () => {
    const { rows } = await sql<{ tabla: string }>`
      select c.relname as tabla from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgname like 'auditoria_%' and not t.tgisinternal
    `.execute(entorno.db);
    const tablas = rows.map((r) => r.tabla);
    for (const tabla of ['venta', 'venta_forma_pago', 'inventario', 'producto', 'cuenta_credito', 'cuenta_credito_movimiento', 'abono_tercero', 'devolucion_dinero', 'egreso', 'ingreso', 'pago_proveedor', 'usuario', 'usuario_tienda', 'parametro', 'configuracion_fe', 'rango_numeracion', 'produccion_venta_etapa', 'despacho_turno', 'documento_fe', 'descuento_solicitado', 'periodo_cerrado']) {
      expect(tablas).toContain(tabla);
    }
  });
});
