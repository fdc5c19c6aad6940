import { ERRORES, hoyNegocio, MENSAJES_COTIZACION, sumarDias, type OptimizarEntrada } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { textoPdf } from '../../documents/pdf-texto';
import { usarEntorno } from '../../../test/app';
import {
  crearCantosPrueba,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  cuerpoFacturar,
  cuerpoGuardarVenta,
  cuerpoOptimizar,
  headers,
  type LineaCuerpoVenta,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// Quotations (docs/decisions-cotizaciones.md): saved by the order form in state 7, listed, accepted, annulled, printed
// with their cut plans and converted to an order in one step, at the quoted prices while valid.
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let vendedorAjeno: UsuarioConSesion;
let superAdmin: UsuarioConSesion;
let cliente: { id: number };
let tablero: { id: number };
let bisagra: { id: number };
let cuerpoPlan: OptimizarEntrada;

const PRECIO_TABLERO = 125_000;
const lineaTablero = (cantidad = 2, extra: Partial<LineaCuerpoVenta> = {}): LineaCuerpoVenta => ({
  producto_id: tablero.id,
  cantidad_solicitada: cantidad,
  precio_unitario: PRECIO_TABLERO,
  porcentaje_impuesto: 19,
  ...extra,
});
const lineaBisagra = (): LineaCuerpoVenta => ({ producto_id: bisagra.id, cantidad_solicitada: 3, precio_unitario: 3000, porcentaje_impuesto: 0 });

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  ({ Vendedor: vendedor, Operario: operario, Bodega: bodega, Administrador: administrador } = usuarios.porRol);
  superAdmin = usuarios.superAdmin;
  vendedorAjeno = (await crearUsuariosPorRol(app, db, ajena.codigo_tienda)).porRol.Vendedor;
  const iva = await crearImpuesto(db, { porcentaje_impuesto: 19 });
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    nombre_producto: 'Tablero melamina roble',
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 10, precio_unitario: PRECIO_TABLERO }],
  });
  bisagra = await crearProducto(db, { nombre_producto: 'Bisagra', impuesto_id: exento.id, proveedor_id: proveedor.id, tiendas: [{ codigo_tienda: tienda.codigo_tienda, precio_unitario: 3000 }] });
  cliente = await crearTercero(db, { nombres: 'Ramón Ánxel', apellidos: 'Gómez Peña' });
  cuerpoPlan = cuerpoOptimizar(await crearCantosPrueba(db));
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion | null = vendedor, codigoTienda = tienda.codigo_tienda, payload?: object) =>
  entorno.app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : { headers: { 'x-codigo-tienda': codigoTienda } }), ...(payload ? { payload } : {}) });

/** Saves a quotation (state 7) of a board and hinges; answers its id. */
async function cotizar(lineas: LineaCuerpoVenta[] = [lineaTablero(), lineaBisagra()], cambios: Record<string, unknown> = {}): Promise<number> {
  const respuesta = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas, estado_venta_id: 7 }, cambios));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data.venta_id;
}

const venta = (id: number) => entorno.db.selectFrom('venta').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const vencer = (id: number) => entorno.db.updateTable('venta').set({ fecha_validez: sumarDias(hoyNegocio(), -1) }).where('id', '=', id).execute();
const conversion = async (id: number) => {
  const respuesta = await llamar('GET', `/api/cotizaciones/${id}/conversion`);
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data;
};
const convertir = (id: number, precios: string, total_venta: unknown) => llamar('POST', `/api/cotizaciones/${id}/convertir`, vendedor, tienda.codigo_tienda, { precios, total_venta });

describe('quotation routes: refusals', () => {
  const rutas = (id: number): [string, string, object?][] => [
    ['GET', '/api/cotizaciones'],
    ['GET', `/api/cotizaciones/${id}/conversion`],
    ['POST', `/api/cotizaciones/${id}/convertir`, { precios: 'cotizados', total_venta: 1 }],
    ['POST', `/api/cotizaciones/${id}/aceptar`],
    ['POST', `/api/cotizaciones/${id}/anular`],
  ];

  it('answer 401 without a token, 403 to roles that do not sell and to a store the user does not work in', async () => {
    const id = await cotizar();
    for (const [method, url, payload] of rutas(id)) {
      const sinToken = await llamar(method as 'GET', url, null, tienda.codigo_tienda, payload);
      expect(sinToken.statusCode, url).toBe(401);
      for (const usuario of [bodega, administrador]) {
        const r = await llamar(method as 'GET', url, usuario, tienda.codigo_tienda, payload);
        expect(r.statusCode, `${usuario.role} ${url}`).toBe(403);
        expect(r.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
      }
      const otraTienda = await llamar(method as 'GET', url, vendedor, ajena.codigo_tienda, payload);
      expect(otraTienda.statusCode, url).toBe(403);
      expect(otraTienda.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
    }
    expect((await venta(id)).aceptada_en).toBeNull();
  });

  it('answer 404 for another store\'s quotation and for ids no column holds; a sale that is no quotation is a 409', async () => {
    const id = await cotizar();
    for (const [method, url, payload] of rutas(id).slice(1)) {
      const r = await llamar(method as 'GET', url, vendedorAjeno, ajena.codigo_tienda, payload);
      expect(r.statusCode, url).toBe(404);
      const grande = await llamar(method as 'GET', url.replace(String(id), String(2 ** 31)), vendedor, tienda.codigo_tienda, payload);
      expect(grande.statusCode, url).toBe(404);
    }
    const pedido = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaBisagra()] }));
    const aceptar = await llamar('POST', `/api/cotizaciones/${pedido.json().data.venta_id}/aceptar`);
    expect(aceptar.statusCode).toBe(409);
    expect(aceptar.json().message).toBe(MENSAJES_COTIZACION.noEsCotizacion);
  });

  it('answer 422 with Spanish messages for invalid input (NUL byte, unknown state or price choice, huge totals)', async () => {
    const id = await cotizar();
    const nul = await llamar('GET', '/api/cotizaciones?query=ab%00c');
    expect(nul.statusCode).toBe(422);
    const estado = await llamar('GET', '/api/cotizaciones?estado=cerrada');
    expect(estado.statusCode).toBe(422);
    expect(estado.json().message).toBe(MENSAJES_COTIZACION.estado);
    const precios = await convertir(id, 'otros', 1);
    expect(precios.statusCode).toBe(422);
    expect(precios.json().message).toBe(MENSAJES_COTIZACION.precios);
    for (const total of ['1\u0000', 1e20, 'x']) {
      const r = await convertir(id, 'cotizados', total);
      expect(r.statusCode, String(total)).toBe(422);
    }
    const pasada = await llamar(
      'POST',
      '/api/facturas/guardar',
      vendedor,
      tienda.codigo_tienda,
      cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaBisagra()], estado_venta_id: 7 }, { fecha_validez: sumarDias(hoyNegocio(), -1) }),
    );
    expect(pasada.statusCode).toBe(422);
    expect(pasada.json().errors.fecha_validez).toEqual([MENSAJES_COTIZACION.validezPasada]);
    expect((await venta(id)).convertida_en).toBeNull();
  });
});

describe('saving a quotation (POST facturas/guardar, state 7)', () => {
  it('keeps it in state 7, valid for DIAS_VALIDEZ_COTIZACION days, with its history, out of the billing list', async () => {
    const id = await cotizar();
    const fila = await venta(id);
    expect(fila.estado_venta_id).toBe(7);
    expect(fila.fecha_validez).toBe(sumarDias(hoyNegocio(), 15));
    expect(fila.aceptada_en).toBeNull();
    const historial = await entorno.db.selectFrom('venta_estado_historial').select(['estado_anterior_id', 'estado_nuevo_id']).where('venta_id', '=', id).execute();
    expect(historial).toEqual([{ estado_anterior_id: null, estado_nuevo_id: 7 }]);
    // Pendiente por facturar, in every state filter it offers.
    for (const estado_venta_id of [0, 1, 3, 4]) {
      const lista = await llamar('POST', '/api/facturas', vendedor, tienda.codigo_tienda, { fecha_inicial: hoyNegocio(), fecha_final: hoyNegocio(), query_params: '', estado_venta_id, page: 1 });
      expect(lista.statusCode, lista.body).toBe(200);
      expect(JSON.stringify(lista.json().data), `estado ${estado_venta_id}`).not.toContain(`"id":${id},`);
    }
  });

  it('cannot be billed: it is no sale until converted', async () => {
    const id = await cotizar([lineaBisagra()]);
    const total = Number((await venta(id)).total_venta);
    const facturar = await llamar('POST', `/api/facturas/${id}/forma-pago`, vendedor, tienda.codigo_tienda, cuerpoFacturar([{ id_forma_pago: 1, valor_pagado: total }]));
    expect(facturar.statusCode, facturar.body).toBe(409);
    expect(facturar.json().code).toBe('VENTA_NO_PENDIENTE');
    expect((await venta(id)).estado_venta_id).toBe(7);
  });

  it('takes the seller\'s validity date, and refuses one on an order', async () => {
    const fecha = sumarDias(hoyNegocio(), 30);
    const id = await cotizar([lineaBisagra()], { fecha_validez: fecha });
    expect((await venta(id)).fecha_validez).toBe(fecha);
    const pedido = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaBisagra()] }, { fecha_validez: fecha }));
    expect(pedido.statusCode).toBe(422);
    expect(pedido.json().errors.fecha_validez).toEqual([MENSAJES_COTIZACION.validezSoloCotizacion]);
  });

  it('never turns an order into a quotation nor a quotation into an order by saving; a quotation opens for editing as it is', async () => {
    const guardado = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaBisagra()] }));
    const pedidoId = guardado.json().data.venta_id;
    const aCotizacion = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaBisagra()], venta_id: pedidoId, version: 1, estado_venta_id: 7 }));
    expect(aCotizacion.statusCode).toBe(409);
    expect(aCotizacion.json().message).toBe(MENSAJES_COTIZACION.pedidoACotizacion);

    const id = await cotizar([lineaBisagra()]);
    const cargada = await llamar('PUT', `/api/ventas/${id}/editar`);
    expect(cargada.statusCode).toBe(200);
    expect(cargada.json().data.ventas_encabezado.estado_venta_id).toBe(7);
    const aPedido = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaBisagra()], venta_id: id, version: 1, estado_venta_id: 1 }));
    expect(aPedido.statusCode).toBe(409);
    expect(aPedido.json().message).toBe(MENSAJES_COTIZACION.cotizacionAPedido);
    const editada = await llamar('POST', '/api/facturas/guardar', vendedor, tienda.codigo_tienda, cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(1)], venta_id: id, version: 1, estado_venta_id: 7 }));
    expect(editada.statusCode, editada.body).toBe(200);
    expect((await venta(id)).estado_venta_id).toBe(7);
  });
});

describe('quotations in the reports', () => {
  it('leave the dashboard and the month closing as they were, accepted or not', async () => {
    const hoy = hoyNegocio();
    const informes = async () => {
      const dashboard = await llamar('POST', '/api/dashboard/rango-fecha', superAdmin, tienda.codigo_tienda, { fecha_inicial: hoy, fecha_final: hoy });
      const cierre = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin, tienda.codigo_tienda, {
        anio: Number(hoy.slice(0, 4)),
        mes: hoy.slice(5, 7),
        codigo_tienda: tienda.codigo_tienda,
      });
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      expect(cierre.statusCode, cierre.body).toBe(200);
      return [dashboard.json().data, cierre.json().data];
    };
    const antes = await informes();
    const id = await cotizar();
    await llamar('POST', `/api/cotizaciones/${id}/aceptar`);
    expect(await informes()).toEqual(antes);
  });
});

describe('GET /api/cotizaciones', () => {
  it('lists the store\'s quotations with their computed state, found by the customer without accents, by seller and state', async () => {
    const abierta = await cotizar([lineaBisagra()]);
    const vencida = await cotizar([lineaBisagra()]);
    await vencer(vencida);
    const respuesta = await llamar('GET', `/api/cotizaciones?query=ramon%20gomez&vendedor_id=${vendedor.id}&per_page=100`);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const filas = respuesta.json().data.cotizaciones.data as { id: number; estado: string; url_pdf: string; nombre_cliente: string }[];
    expect(filas.find((f) => f.id === abierta)).toMatchObject({ estado: 'abierta', nombre_cliente: 'Ramón Ánxel Gómez Peña' });
    expect(filas.find((f) => f.id === vencida)?.estado).toBe('vencida');
    expect(filas.every((f) => f.url_pdf.includes('/api/public/cotizacion/'))).toBe(true);
    const soloVencidas = await llamar('GET', '/api/cotizaciones?estado=vencida&per_page=100');
    const ids = (soloVencidas.json().data.cotizaciones.data as { id: number }[]).map((f) => f.id);
    expect(ids).toContain(vencida);
    expect(ids).not.toContain(abierta);
    // Whoever sells quotes: the Operario sees the store's quotations too.
    const deOperario = await llamar('GET', '/api/cotizaciones?per_page=100', operario);
    expect((deOperario.json().data.cotizaciones.data as { id: number }[]).map((f) => f.id)).toContain(abierta);
    const otraTienda = await llamar('GET', '/api/cotizaciones?per_page=100', vendedorAjeno, ajena.codigo_tienda);
    expect(otraTienda.json().data.cotizaciones.total).toBe(0);
  });
});

describe('accepting and annulling', () => {
  it('marks it accepted once (aceptada_en), refuses an expired one, and annuls an open one out of every billing list', async () => {
    const id = await cotizar([lineaBisagra()]);
    const aceptada = await llamar('POST', `/api/cotizaciones/${id}/aceptar`);
    expect(aceptada.statusCode, aceptada.body).toBe(200);
    expect(aceptada.json().message).toBe(MENSAJES_COTIZACION.aceptada);
    const primera = (await venta(id)).aceptada_en;
    expect(primera).not.toBeNull();
    await llamar('POST', `/api/cotizaciones/${id}/aceptar`);
    expect((await venta(id)).aceptada_en).toEqual(primera);

    const vencida = await cotizar([lineaBisagra()]);
    await vencer(vencida);
    const r = await llamar('POST', `/api/cotizaciones/${vencida}/aceptar`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_COTIZACION.vencidaAceptar);
    expect((await venta(vencida)).aceptada_en).toBeNull();

    const anulada = await llamar('POST', `/api/cotizaciones/${id}/anular`);
    expect(anulada.statusCode).toBe(200);
    expect((await venta(id)).estado_venta_id).toBe(3);
    const lista = await llamar('POST', '/api/facturas', vendedor, tienda.codigo_tienda, { fecha_inicial: hoyNegocio(), fecha_final: hoyNegocio(), query_params: '', estado_venta_id: 3, page: 1 });
    expect(JSON.stringify(lista.json().data)).not.toContain(`"id":${id},`);
    const otraVez = await llamar('POST', `/api/cotizaciones/${id}/anular`);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe(MENSAJES_COTIZACION.anulada);
  });
});

describe('converting a quotation to an order', () => {
  it('keeps the quoted prices while valid, in one step, and refuses a second conversion naming the order', async () => {
    const id = await cotizar();
    await entorno.db.updateTable('inventario').set({ precio_unitario: '130000' }).where('producto_id', '=', tablero.id).where('codigo_tienda', '=', tienda.codigo_tienda).execute();
    try {
      const vista = await conversion(id);
      expect(vista.vigente).toBe(true);
      expect(vista.lineas[0]).toMatchObject({ precio_cotizado: PRECIO_TABLERO, precio_actual: 130_000 });
      expect(vista.total_actual).toBeGreaterThan(vista.total_cotizado);
      const antes = await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const r = await convertir(id, 'cotizados', vista.total_cotizado);
      expect(r.statusCode, r.body).toBe(200);
      const pedidoId = r.json().data.venta_id;
      expect(r.json().message).toBe(MENSAJES_COTIZACION.convertida(pedidoId));
      const pedido = await venta(pedidoId);
      expect(pedido).toMatchObject({ estado_venta_id: 1, cotizacion_id: id, cliente_id: cliente.id, fecha_validez: null });
      expect(Number(pedido.total_venta)).toBe(vista.total_cotizado);
      const lineas = await entorno.db.selectFrom('venta_detalle').select(['producto_id', 'precio_unitario']).where('venta_id', '=', pedidoId).orderBy('item').execute();
      expect(lineas.map((l) => [l.producto_id, Number(l.precio_unitario)])).toEqual([
        [tablero.id, PRECIO_TABLERO],
        [bisagra.id, 3000],
      ]);
      expect((await venta(id)).convertida_en).not.toBeNull();
      const despues = await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(despues.n)).toBe(Number(antes.n) + 1);

      const otraVez = await convertir(id, 'cotizados', vista.total_cotizado);
      expect(otraVez.statusCode).toBe(409);
      expect(otraVez.json().message).toBe(`La cotización ya se convirtió en el pedido No. ${pedidoId}`);
      const editar = await llamar('PUT', `/api/ventas/${id}/editar`);
      expect(editar.statusCode).toBe(409);
      expect(editar.json().message).toBe(MENSAJES_COTIZACION.yaConvertida(pedidoId));
      // The order is pending to bill.
      const lista = await llamar('POST', '/api/facturas', vendedor, tienda.codigo_tienda, { fecha_inicial: hoyNegocio(), fecha_final: hoyNegocio(), query_params: String(pedidoId), estado_venta_id: 1, page: 1 });
      expect(JSON.stringify(lista.json().data)).toContain(`"id":${pedidoId},`);
    } finally {
      await entorno.db.updateTable('inventario').set({ precio_unitario: String(PRECIO_TABLERO) }).where('producto_id', '=', tablero.id).where('codigo_tienda', '=', tienda.codigo_tienda).execute();
    }
  });

  it('after the validity date converts only at today\'s prices, with the total the seller reviewed', async () => {
    const id = await cotizar();
    await vencer(id);
    await entorno.db.updateTable('inventario').set({ precio_unitario: '140000' }).where('producto_id', '=', tablero.id).where('codigo_tienda', '=', tienda.codigo_tienda).execute();
    try {
      const vista = await conversion(id);
      expect(vista.vigente).toBe(false);
      const cotizados = await convertir(id, 'cotizados', vista.total_cotizado);
      expect(cotizados.statusCode).toBe(409);
      expect(cotizados.json().message).toBe(MENSAJES_COTIZACION.vencidaPrecios);
      const viejo = await convertir(id, 'actuales', vista.total_cotizado);
      expect(viejo.statusCode).toBe(409);
      expect(viejo.json().code).toBe('COTIZACION_PRECIOS_CAMBIARON');
      expect((await venta(id)).convertida_en).toBeNull();
      const r = await convertir(id, 'actuales', vista.total_actual);
      expect(r.statusCode, r.body).toBe(200);
      const linea = await entorno.db.selectFrom('venta_detalle').select('precio_unitario').where('venta_id', '=', r.json().data.venta_id).where('producto_id', '=', tablero.id).executeTakeFirstOrThrow();
      expect(Number(linea.precio_unitario)).toBe(140_000);
    } finally {
      await entorno.db.updateTable('inventario').set({ precio_unitario: String(PRECIO_TABLERO) }).where('producto_id', '=', tablero.id).where('codigo_tienda', '=', tienda.codigo_tienda).execute();
    }
  });
});

describe('GET /api/public/cotizacion/{token}: the quotation PDF', () => {
  it('prints Cotización No. N with its validity, lines and totals, and its cut plan\'s drawings', async () => {
    const plan = await llamar('POST', '/api/facturas/optimizar', vendedor, tienda.codigo_tienda, cuerpoPlan);
    expect(plan.statusCode, plan.body).toBe(200);
    const lepton = plan.json().data;
    const placas = lepton.optimizacion.planilla.cant_placas as number;
    const id = await cotizar([lineaTablero(placas, { item: 1, lepton })]);
    const lista = await llamar('GET', `/api/cotizaciones?query=${id}`);
    const fila = (lista.json().data.cotizaciones.data as { id: number; url_pdf: string }[]).find((f) => f.id === id)!;
    const respuesta = await entorno.app.inject({ method: 'GET', url: new URL(fila.url_pdf, 'http://x').pathname });
    expect(respuesta.statusCode, respuesta.body.slice(0, 200)).toBe(200);
    expect(respuesta.headers['content-type']).toContain('application/pdf');
    const texto = textoPdf(respuesta.rawPayload);
    expect(texto).toContain('Cotización');
    expect(texto).toContain(`No. ${id}`);
    expect(texto).toContain('Válida hasta');
    expect(texto).toContain('Tablero melamina roble');
    expect(texto).toContain('Patrón 1 de');
    expect(texto).toContain('Lista de piezas');

    const invalido = await entorno.app.inject({ method: 'GET', url: '/api/public/cotizacion/abc', headers: { accept: 'application/json' } });
    expect(invalido.statusCode).toBe(404);
  });
});
