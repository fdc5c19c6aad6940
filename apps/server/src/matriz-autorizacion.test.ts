import { ESTADOS_VENTA, hoyNegocio, ROLES, puedeAcceder, type Rol } from '@tablero/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../test/app';
import {
  crearCaja,
  crearDescuento,
  crearEgreso,
  crearImpuesto,
  crearIngreso,
  crearPagoProveedor,
  crearProducto,
  crearProveedor,
  crearTarea,
  crearTercero,
  crearTienda,
  crearTipoConcepto,
  crearUsuarioConSesion,
  crearVenta,
  crearVentaConLineas,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../test/factories';
import type { ZodType } from 'zod';
import { diferenciasFoto, preparadorFoto, rutasDeclaradas, urlCon, type RutaDeclarada } from '../test/rutas-declaradas';


/**
 * The authorisation matrix (docs/decisions-operacion.md), generated from the routes' own declarations: for every /api
 * route, no token, each of the five roles in its store, an allowed role in a store that is not its own, and, for the
 * GET routes of a store's records, a record of another store.
 */
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
const usuarios = {} as Record<Rol, UsuarioConSesion>;
let rutas: RutaDeclarada[];
const cuenta = { casos: 0, fallos: 0 };

/** A path parameter that names no row: an allowed call must not act on a real record (revoke a session…). */
const ID_INEXISTENTE = 987654;

/**
 * Public routes that check a credential of their own in the handler: the attachment of a supplier payment opens
 * with the session's bearer token or a signed link (pagos-proveedores.routes.ts), so without either it is a 401.
 */
const PUBLICAS_CON_CREDENCIAL_PROPIA = new Set(['GET /api/assets']);

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  for (const role of ROLES) usuarios[role] = await crearUsuarioConSesion(entorno.app, entorno.db, { role, tiendas: [tienda.codigo_tienda] });
  await entorno.app.ready();
  // Logging out ends the caller's session: it goes last, so every other route still sees open sessions.
  rutas = rutasDeclaradas(entorno.app).sort((a, b) => Number(a.url === '/api/salir') - Number(b.url === '/api/salir'));
});

afterAll(() => {
  const conSesion = rutas?.filter((r) => r.acceso !== 'publico').length ?? 0;
  console.log(`[matriz] rutas: ${rutas?.length ?? 0} (${conSesion} con sesión), casos: ${cuenta.casos}, fallos: ${cuenta.fallos}`);
});

/**
 * The URL an allowed caller sends: path parameters that must be the caller's own (its user, its store) get them, so
 * that the answer shows the route's access and not a record rule; every other one names no row.
 */
function urlPermitida(ruta: RutaDeclarada, usuario: UsuarioConSesion): string {
  return ruta.url
    .replace(':userId', String(usuario.id))
    .replace(':storeId', tienda.codigo_tienda)
    .replace(/:\w+/g, String(ID_INEXISTENTE));
}

function cuerpoDe(ruta: RutaDeclarada) {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ruta.method) && ruta.schema?.body ? { payload: {} } : {};
}

type Respuesta = { statusCode: number; body: string };

/** Checks one answer, keeping the failure instead of stopping, so that one run lists every wrong route. */
function revisar(fallos: string[], caso: string, ok: boolean, respuesta: Respuesta) {
  cuenta.casos += 1;
  if (!ok) {
    cuenta.fallos += 1;
    fallos.push(`${caso} → ${respuesta.statusCode} ${respuesta.body.slice(0, 200)}`);
  }
}

function codigoDe(respuesta: Respuesta): string | undefined {
  try {
    return (JSON.parse(respuesta.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

const noRechaza = (respuesta: Respuesta) => ![401, 403].includes(respuesta.statusCode) && respuesta.statusCode < 500;

/**
 * The routes that move or show money: billing and annulment, credit accounts (quota, payments), credits, advances,
 * supplier payments, expenses and income, the daily cash and the month closing. A declared route whose address is one
 * of these is a money route, and must be in RUTAS_DINERO below.
 */
const ES_DINERO = [
  /^\/api\/(creditos|anticipos|pagos-proveedores|egresos|ingresos|cuadre-caja|cierre-mes)(\/|$)/,
  /^\/api\/facturas\/:venta_id\/(forma-pago|anular)$/,
  /^\/api\/cuentas-credito\/(guardar|pago|pedido)$/,
  /^\/api\/terceros\/:(tercero_id|id)\/abono(\/|$)/,
  /^\/api\/(maestros\/)?cajas(\/|$)/,
];

const SOLO_SA: readonly Rol[] = ['SuperAdministrador'];
const QUIENES_VENDEN: readonly Rol[] = ['SuperAdministrador', 'Vendedor', 'Operario'];
const CLIENTES: readonly Rol[] = ['SuperAdministrador', 'Vendedor'];
const CAJEROS: readonly Rol[] = ['SuperAdministrador', 'Administrador', 'Vendedor', 'Operario'];
const REVISAN_CAJA: readonly Rol[] = ['SuperAdministrador', 'Administrador'];

/**
 * Who may call each money route, written by hand (spec 000 §2.1, 001 Routes, 002 §2 and §6; docs/decisions.md "Quién
 * mueve el dinero de un crédito"), not read from the table: a change of a money route's roles in RUTAS or ACCIONES
 * fails here until it is written here too, on purpose.
 */
const RUTAS_DINERO: Record<string, readonly Rol[]> = {
  // Billing is for whoever sells (spec 000); annulling, for SuperAdministrador (decisions.md "Anular").
  'POST /api/facturas/:venta_id/forma-pago': QUIENES_VENDEN,
  'PUT /api/facturas/:venta_id/anular': SOLO_SA,
  // A quota and an account payment: the roles of Créditos; the order form's account up to CUPO_MAXIMO_VENDEDOR: whoever sells.
  'POST /api/cuentas-credito/guardar': SOLO_SA,
  'PUT /api/cuentas-credito/pago': SOLO_SA,
  'POST /api/cuentas-credito/pedido': QUIENES_VENDEN,
  // A customer's prepaid balance is recorded from Clientes (spec 001 §1, /terceros: SuperAdministrador, Vendedor).
  'POST /api/terceros/:tercero_id/abono': CLIENTES,
  'GET /api/terceros/:id/abono/historial': CLIENTES,
  // Cash drawers (docs/decisions-cajas.md): whoever takes cash keeps a shift; Administrador sets up the registers and reviews.
  'GET /api/maestros/cajas': REVISAN_CAJA,
  'POST /api/maestros/cajas/guardar': REVISAN_CAJA,
  'PUT /api/maestros/cajas/:id/actualizar': REVISAN_CAJA,
  'GET /api/cajas/activas': CAJEROS,
  'GET /api/cajas/turno-actual': CAJEROS,
  'POST /api/cajas/turnos/abrir': CAJEROS,
  'GET /api/cajas/turnos': REVISAN_CAJA,
  'GET /api/cajas/turnos/:id': CAJEROS,
  'POST /api/cajas/turnos/:id/cerrar': CAJEROS,
  'POST /api/cajas/turnos/:id/revisar': REVISAN_CAJA,
  'POST /api/cajas/turnos/:id/reabrir': REVISAN_CAJA,
};
/** Every other money route is of a screen of spec 002 §2 for SuperAdministrador only (Créditos, Anticipos, …). */
const rolesDinero = (clave: string): readonly Rol[] => RUTAS_DINERO[clave] ?? SOLO_SA;

describe('the authorisation matrix of every /api route', () => {
  it('finds every route of the app with its declared access', () => {
    // Guards against an observer that sees nothing: the table has the app's routes, each with an access.
    expect(rutas.length).toBeGreaterThan(100);
    expect(rutas.filter((r) => !r.acceso)).toEqual([]);
    // Compared without the schemas: the routes carry zod schemas, which the matcher's printer cannot walk.
    expect(rutas.map(({ method, url, acceso, tienda }) => ({ method, url, acceso, tienda }))).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/ingreso', acceso: 'publico', tienda: undefined },
        { method: 'GET', url: '/api/ventas/:id', acceso: ['Vendedor', 'Operario'], tienda: 'requerida' },
        { method: 'PUT', url: '/api/conexiones/:id/revocar', acceso: ['SuperAdministrador'], tienda: undefined },
      ]),
    );
  });

  it('answers 401 NO_AUTENTICADO without a token, and never 401/403/500 on a public route', async () => {
    const fallos: string[] = [];
    for (const ruta of rutas) {
      const respuesta = await entorno.app.inject({
        method: ruta.method as 'GET',
        url: urlCon(ruta.url, 1),
        headers: { 'x-codigo-tienda': tienda.codigo_tienda },
        ...cuerpoDe(ruta),
      });
      const publica = ruta.acceso === 'publico' && !PUBLICAS_CON_CREDENCIAL_PROPIA.has(`${ruta.method} ${ruta.url}`);
      const ok = publica ? noRechaza(respuesta) : respuesta.statusCode === 401 && codigoDe(respuesta) === 'NO_AUTENTICADO';
      revisar(fallos, `sin token ${ruta.method} ${ruta.url}`, ok, respuesta);
    }
    expect(fallos).toEqual([]);
  });

  it('answers 403 TIENDA_NO_PERMITIDA to every allowed role naming a store it does not have', async () => {
    // auth.ts checks the store header on every route behind a session, whether the route reads the store or not.
    const fallos: string[] = [];
    for (const ruta of rutas.filter((r) => r.acceso !== 'publico')) {
      for (const role of ROLES.filter((rol) => puedeAcceder(rol, ruta.acceso!))) {
        const respuesta = await entorno.app.inject({
          method: ruta.method as 'GET',
          url: urlCon(ruta.url, 1),
          headers: headers(usuarios[role].token, ajena.codigo_tienda),
          ...cuerpoDe(ruta),
        });
        revisar(fallos, `${role} tienda ajena ${ruta.method} ${ruta.url}`, respuesta.statusCode === 403 && codigoDe(respuesta) === 'TIENDA_NO_PERMITIDA', respuesta);
      }
    }
    expect(fallos).toEqual([]);
  });

  it("answers 404 to every allowed role asking in its store for a sale or discount request of another store", async () => {
    const cliente = await crearTercero(entorno.db);
    const producto = await crearProducto(entorno.db, {
      impuesto_id: (await crearImpuesto(entorno.db)).id,
      proveedor_id: (await crearProveedor(entorno.db)).id,
      tiendas: [{ codigo_tienda: ajena.codigo_tienda }],
    });
    const vendedorAjeno = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
    const venta = await crearVenta(entorno.db, { codigo_tienda: ajena.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedorAjeno.id });
    const descuento = await crearDescuento(entorno.db, {
      codigo_tienda: ajena.codigo_tienda,
      tercero_id: cliente.id,
      producto_id: producto.id,
      user_id: vendedorAjeno.id,
    });
    const registros: Record<string, number> = {
      'GET /api/ventas/:id': venta.id,
      'GET /api/facturas/:id': venta.id,
      'GET /api/facturas/:venta_id/factura-electronica': venta.id,
      'GET /api/despachos/venta/:ventaId': venta.id,
      'GET /api/despachos/turnos/:ventaId/:userId/venta': venta.id,
      'GET /api/descuentos/:id': descuento.id,
    };
    /**
     * By design, not a leak: SuperAdministrador reads a sale of any store from the customer ledgers (Créditos,
     * Anticipos), which span the stores (facturas.service.ts leerFactura; facturas.test.ts checks it).
     */
    const esperado = (role: Rol, clave: string) => (role === 'SuperAdministrador' && clave === 'GET /api/facturas/:id' ? 200 : 404);
    const fallos: string[] = [];
    for (const ruta of rutas.filter((r) => `${r.method} ${r.url}` in registros)) {
      const id = registros[`${ruta.method} ${ruta.url}`] ?? 0;
      for (const role of ROLES.filter((rol) => puedeAcceder(rol, ruta.acceso!))) {
        const respuesta = await entorno.app.inject({
          method: 'GET',
          url: ruta.url.replace(':userId', String(usuarios[role].id)).replace(/:\w+/, String(id)),
          headers: headers(usuarios[role].token, tienda.codigo_tienda),
        });
        const clave = `${ruta.method} ${ruta.url}`;
        revisar(fallos, `${role} registro de otra tienda ${clave}`, respuesta.statusCode === esperado(role, clave), respuesta);
      }
    }
    // Every record route above is still in the app: a renamed route would silently drop out of this check.
    expect(rutas.filter((r) => `${r.method} ${r.url}` in registros)).toHaveLength(Object.keys(registros).length);
    // The same records are there for their own store: the 404 above is the store's doing, not a bad id.
    const propia = await entorno.app.inject({ method: 'GET', url: `/api/ventas/${venta.id}`, headers: headers(vendedorAjeno.token, ajena.codigo_tienda) });
    expect(propia.statusCode).toBe(200);
    expect(fallos).toEqual([]);
  });

  it('refuses every allowed role writing in its store to a record of another store (404; 403 for money records), and changes nothing', async () => {
    const cliente = await crearTercero(entorno.db);
    const proveedor = await crearProveedor(entorno.db);
    const concepto = await crearTipoConcepto(entorno.db);
    const producto = await crearProducto(entorno.db, {
      impuesto_id: (await crearImpuesto(entorno.db)).id,
      proveedor_id: proveedor.id,
      tiendas: [{ codigo_tienda: ajena.codigo_tienda, cantidad: 100, precio_unitario: 50_000 }],
    });
    const vendedorAjeno = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [ajena.codigo_tienda] });
    const deAjena = { codigo_tienda: ajena.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedorAjeno.id };
    // A pending order with lines (what billing and editing start from) and a billed sale (what annulment, the DIAN
    // stamp and the e-mail start from): each route gets a record it could act on, were it of the caller's store.
    const pendiente = await crearVentaConLineas(entorno.db, { ...deAjena, lineas: [{ producto_id: producto.id, cantidad: 2, precio_unitario: 50_000 }] });
    const facturada = await crearVentaConLineas(entorno.db, {
      ...deAjena,
      estado_venta_id: ESTADOS_VENTA.facturado,
      lineas: [{ producto_id: producto.id, cantidad: 1, precio_unitario: 50_000 }],
    });
    const tarea = await crearTarea(entorno.db, pendiente.id);
    // A quotation of the other store (docs/decisions-cotizaciones.md): state 7 with its validity.
    const cotizacion = await crearVentaConLineas(entorno.db, { ...deAjena, lineas: [{ producto_id: producto.id, cantidad: 1, precio_unitario: 50_000 }] });
    await entorno.db.updateTable('venta').set({ estado_venta_id: ESTADOS_VENTA.cotizacion, fecha_validez: hoyNegocio() }).where('id', '=', cotizacion.id).execute();
    const egreso = await crearEgreso(entorno.db, { codigo_tienda: ajena.codigo_tienda });
    const ingreso = await crearIngreso(entorno.db, { codigo_tienda: ajena.codigo_tienda });
    const pago = await crearPagoProveedor(entorno.db, { codigo_tienda: ajena.codigo_tienda, tipo_concepto_id: concepto.id, proveedor_id: proveedor.id });
    const hoy = hoyNegocio();
    const caja = await crearCaja(entorno.db, ajena.codigo_tienda);
    const turno = await entorno.db
      .insertInto('turno_caja')
      .values({ caja_id: caja.id, codigo_tienda: ajena.codigo_tienda, usuario_id: vendedorAjeno.id, base_inicial: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    /**
     * The store's own records behind a path id, each with a body its schema accepts (checked below), so that the
     * answer is the record rule's and not validation's. Left out by design: the customer ledgers (advances, credit
     * payments and accounts), which span the stores, and the masters, which belong to no store. The money records
     * (expenses, income, supplier payments) name their store and answer 403 TIENDA_NO_PERMITIDA for one the user does
     * not have, on reads as on writes (tiendasService.exigirTiendaDelUsuario): their reads are checked here too.
     */
    const registros: Record<string, { id: number; cuerpo?: unknown; tiendaDelRegistro?: true }> = {
      'PUT /api/ventas/:id/editar': { id: pendiente.id },
      'POST /api/facturas/:venta_id/forma-pago': {
        id: pendiente.id,
        cuerpo: { crear_factura_siigo: false, crear_venta_credito: false, formaPagoList: [{ id_forma_pago: 1, valor_pagado: pendiente.total_venta }] },
      },
      'PUT /api/facturas/:venta_id/anular': { id: facturada.id },
      'POST /api/facturas/:venta_id/timbrar-dian': { id: facturada.id },
      'POST /api/facturas/:venta_id/enviar-email-fe': { id: facturada.id, cuerpo: { venta_id: facturada.id, lista_email: 'cliente@prueba.test' } },
      'GET /api/cotizaciones/:id/conversion': { id: cotizacion.id },
      'POST /api/cotizaciones/:id/convertir': { id: cotizacion.id, cuerpo: { precios: 'cotizados', total_venta: cotizacion.total_venta } },
      'POST /api/cotizaciones/:id/aceptar': { id: cotizacion.id },
      'POST /api/cotizaciones/:id/anular': { id: cotizacion.id },
      'PUT /api/tareas/:id/actualizar': { id: tarea.id, cuerpo: { tarea_completada: true, observacion_tarea: 'Cliente confirmó' } },
      'GET /api/egresos/:id': { id: egreso, tiendaDelRegistro: true },
      'GET /api/ingresos/:id': { id: ingreso, tiendaDelRegistro: true },
      'GET /api/pagos-proveedores/:id': { id: pago.id, tiendaDelRegistro: true },
      'PUT /api/egresos/:id/actualizar': {
        id: egreso,
        tiendaDelRegistro: true,
        cuerpo: { fecha_egreso: hoy, forma_pago_id: 1, valor_egreso: '125,000.50', descripcion_egreso: 'Pago de transporte' },
      },
      'PUT /api/ingresos/:id/actualizar': {
        id: ingreso,
        tiendaDelRegistro: true,
        cuerpo: { fecha_ingreso: hoy, forma_pago_id: 1, valor_ingreso: '125,000.50', descripcion_ingreso: 'Base de caja' },
      },
      'PUT /api/pagos-proveedores/:id/actualizar': {
        id: pago.id,
        tiendaDelRegistro: true,
        cuerpo: {
          tipo_concepto_id: concepto.id,
          proveedor_id: proveedor.id,
          codigo_factura: 'FE-1001',
          fecha_factura: hoy,
          fecha_pago: hoy,
          valor_total: '1,190,000',
          pj_iva: 19,
          pj_retefuente: 0,
          observaciones: 'Compra de tableros RH',
          gestion_factura: false,
          lista_formas_pagadas_form: [{ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', valor_pagado: '1,190,000', requiere_codigo_comprobante: false }],
          pago_realizado: true,
        },
      },
      'DELETE /api/pagos-proveedores/:id/eliminar': { id: pago.id, tiendaDelRegistro: true },
      'PUT /api/maestros/cajas/:id/actualizar': { id: caja.id, cuerpo: { nombre_caja: 'Caja ajena', activa: true } },
      'GET /api/cajas/turnos/:id': { id: turno.id },
      'POST /api/cajas/turnos/:id/cerrar': { id: turno.id, cuerpo: { efectivo_contado: 0 } },
      'POST /api/cajas/turnos/:id/revisar': { id: turno.id, cuerpo: { aprobado: true } },
      'POST /api/cajas/turnos/:id/reabrir': { id: turno.id, cuerpo: { motivo: 'Prueba' } },
    };
    const foto = await preparadorFoto(entorno.db, ['venta', 'venta_detalle', 'venta_tarea', 'venta_forma_pago', 'egreso', 'ingreso', 'pago_proveedor', 'pago_proveedor_forma_pago', 'inventario', 'caja', 'turno_caja']);
    const elegidas = rutas.filter((r) => `${r.method} ${r.url}` in registros);
    // Every record route above is still in the app, and each body passes its route's schema.
    expect(elegidas.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(registros).sort());
    for (const ruta of elegidas) {
      const { cuerpo } = registros[`${ruta.method} ${ruta.url}`]!;
      if (cuerpo !== undefined) expect((ruta.schema!.body as ZodType).safeParse(cuerpo).error, `${ruta.method} ${ruta.url}`).toBeUndefined();
    }
    const fallos: string[] = [];
    const antes = await foto();
    for (const ruta of elegidas) {
      const clave = `${ruta.method} ${ruta.url}`;
      const { id, cuerpo, tiendaDelRegistro } = registros[clave]!;
      for (const role of ROLES.filter((rol) => puedeAcceder(rol, ruta.acceso!))) {
        const respuesta = await entorno.app.inject({
          method: ruta.method as 'PUT',
          url: ruta.url.replace(/:\w+/, String(id)),
          headers: headers(usuarios[role].token, tienda.codigo_tienda),
          ...(cuerpo === undefined ? {} : { payload: cuerpo as object }),
        });
        const ok = tiendaDelRegistro ? respuesta.statusCode === 403 && codigoDe(respuesta) === 'TIENDA_NO_PERMITIDA' : respuesta.statusCode === 404;
        revisar(fallos, `${role} actúa sobre un registro de otra tienda ${clave}`, ok, respuesta);
      }
    }
    expect(fallos).toEqual([]);
    expect(diferenciasFoto(antes, await foto())).toEqual([]);
    // The records are there for their own store: the 404 above is the store's doing, not a bad id.
    const propia = await entorno.app.inject({
      method: 'PUT',
      url: `/api/tareas/${tarea.id}/actualizar`,
      headers: headers(vendedorAjeno.token, ajena.codigo_tienda),
      payload: registros['PUT /api/tareas/:id/actualizar']!.cuerpo as object,
    });
    expect(propia.statusCode, propia.body).toBe(200);
  });

  // Before the whole matrix below, which logs out last (POST /api/salir ends the callers' sessions).
  it('keeps every money route to the roles written by hand: 403 ROL_NO_PERMITIDO to the others, no 401/403/500 to them', async () => {
    const dinero = rutas.filter((r) => ES_DINERO.some((patron) => patron.test(r.url)));
    const claves = dinero.map((r) => `${r.method} ${r.url}`);
    // The list names routes that exist (a renamed route would drop out of it silently) and covers every kind of money.
    expect(Object.keys(RUTAS_DINERO).filter((clave) => !claves.includes(clave))).toEqual([]);
    for (const prefijo of ['/api/creditos', '/api/anticipos', '/api/pagos-proveedores', '/api/egresos', '/api/ingresos', '/api/cuadre-caja', '/api/cierre-mes']) {
      expect(claves.some((clave) => clave.includes(` ${prefijo}`)), prefijo).toBe(true);
    }
    // The table says what the hand-written list says, route by route.
    const declarados = Object.fromEntries(dinero.map((r) => [`${r.method} ${r.url}`, ROLES.filter((rol) => puedeAcceder(rol, r.acceso!))]));
    const esperados = Object.fromEntries(claves.map((clave) => [clave, [...rolesDinero(clave)]]));
    expect(declarados).toEqual(esperados);
    // And the server does it, for each of the five roles.
    const fallos: string[] = [];
    for (const ruta of dinero) {
      for (const role of ROLES) {
        const permitido = rolesDinero(`${ruta.method} ${ruta.url}`).includes(role);
        const respuesta = await entorno.app.inject({
          method: ruta.method as 'GET',
          url: permitido ? urlPermitida(ruta, usuarios[role]) : urlCon(ruta.url, 1),
          headers: headers(usuarios[role].token, tienda.codigo_tienda),
          ...cuerpoDe(ruta),
        });
        const ok = permitido ? noRechaza(respuesta) : respuesta.statusCode === 403 && codigoDe(respuesta) === 'ROL_NO_PERMITIDO';
        revisar(fallos, `dinero: ${role} ${permitido ? 'permitido' : 'no permitido'} ${ruta.method} ${ruta.url}`, ok, respuesta);
      }
    }
    expect(fallos).toEqual([]);
  });

  it('answers 403 ROL_NO_PERMITIDO to each role the route does not allow, and never 401/403/500 to one it allows', async () => {
    const fallos: string[] = [];
    for (const ruta of rutas.filter((r) => r.acceso !== 'publico')) {
      for (const role of ROLES) {
        const permitido = puedeAcceder(role, ruta.acceso!);
        const respuesta = await entorno.app.inject({
          method: ruta.method as 'GET',
          url: permitido ? urlPermitida(ruta, usuarios[role]) : urlCon(ruta.url, 1),
          headers: headers(usuarios[role].token, tienda.codigo_tienda),
          ...cuerpoDe(ruta),
        });
        const ok = permitido ? noRechaza(respuesta) : respuesta.statusCode === 403 && codigoDe(respuesta) === 'ROL_NO_PERMITIDO';
        revisar(fallos, `${role} ${permitido ? 'permitido' : 'no permitido'} ${ruta.method} ${ruta.url}`, ok, respuesta);
      }
    }
    expect(fallos).toEqual([]);
  });

});
