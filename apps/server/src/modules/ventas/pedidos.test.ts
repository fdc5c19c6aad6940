import { calcularTotalesVenta, FORMAS_PAGO, MENSAJES_TAREA, MENSAJES_VENTA, type FormaPago } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearLineaVenta,
  crearProducto,
  crearProveedor,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVenta,
  cuerpoGuardarVenta,
  headers,
  type LineaCuerpoVenta,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let cliente: { id: number; numero_documento: string };
let tablero: { id: number; referencia: string; nombre_producto: string };
let bisagra: { id: number; referencia: string; nombre_producto: string };
let adicional: { id: number; porcentaje: number };

/** Board: the store's price 125000.50 (the list price differs), 19 % tax. Hinge: 3333.33, 0 % tax. */
const lineaTablero = (cantidad = 2, extra: Partial<LineaCuerpoVenta> = {}): LineaCuerpoVenta => ({
  producto_id: tablero.id,
  cantidad_solicitada: cantidad,
  precio_unitario: 125000.5,
  porcentaje_impuesto: 19,
  ...extra,
});
const lineaBisagra = (cantidad = 3): LineaCuerpoVenta => ({ producto_id: bisagra.id, cantidad_solicitada: cantidad, precio_unitario: 3333.33, porcentaje_impuesto: 0 });

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  vendedor = usuarios.porRol.Vendedor;
  operario = usuarios.porRol.Operario;
  bodega = usuarios.porRol.Bodega;
  administrador = usuarios.porRol.Administrador;
  const iva = await crearImpuesto(db, { porcentaje_impuesto: 19 });
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const otro = await crearImpuesto(db, { porcentaje_impuesto: 4, clase_impuesto: 'OTRO' });
  adicional = { id: otro.id, porcentaje: 4 };
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    nombre_producto: 'Tablero melamina blanco',
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    precio_unitario: 99_000,
    tiendas: [
      // Enough for every order this file saves: they all reserve it (docs/decisions-reservas.md, tested in reservas.test.ts).
      { codigo_tienda: tienda.codigo_tienda, cantidad: 1000, precio_unitario: 125_000.5 },
      { codigo_tienda: ajena.codigo_tienda, cantidad: 10, precio_unitario: 130_000 },
    ],
  });
  bisagra = await crearProducto(db, { nombre_producto: 'Bisagra cierre lento', impuesto_id: exento.id, proveedor_id: proveedor.id, tiendas: [{ codigo_tienda: tienda.codigo_tienda, precio_unitario: 3333.33 }] });
  cliente = await crearTercero(db, { nombres: 'Gloria Inés', apellidos: 'Zapata Ríos' });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, codigoTienda: string | undefined, payload?: object) =>
  entorno.app.inject({ method, url, ...(token ? { headers: headers(token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });

const guardar = (payload: object, usuario: UsuarioConSesion = vendedor, codigoTienda = tienda.codigo_tienda) =>
  llamar('POST', '/api/facturas/guardar', usuario.token, codigoTienda, payload);

const contar = async (tabla: 'venta' | 'venta_detalle' | 'venta_tarea' | 'venta_estado_historial') =>
  Number((await entorno.db.selectFrom(tabla).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

const filaVenta = (id: number) => entorno.db.selectFrom('venta').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lineasDe = (id: number) =>
  entorno.db
    .selectFrom('venta_detalle')
    .select(['item', 'producto_id', 'cantidad', 'precio_unitario', 'porcentaje_descuento', 'porcentaje_impuesto', 'valor_bruto', 'valor_descuento', 'valor_subtotal', 'valor_impuesto', 'valor_otros_impuestos', 'valor_total', 'response_lepton'])
    .where('venta_id', '=', id)
    .orderBy('item')
    .execute();
const historialDe = (id: number) =>
  entorno.db.selectFrom('venta_estado_historial').select(['estado_anterior_id', 'estado_nuevo_id', 'user_id']).where('venta_id', '=', id).orderBy('id').execute();

/** A new order saved through the API; answers its id and version. */
async function pedidoNuevo(lineas: LineaCuerpoVenta[] = [lineaTablero()], estado = 1): Promise<{ venta_id: number; version: number }> {
  const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas, estado_venta_id: estado }));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data;
}

describe('refusals common to every pedidos route', () => {
  const rutas = (): [string, 'GET' | 'POST' | 'PUT', string, object | undefined][] => [
    ['POST /api/facturas/guardar', 'POST', '/api/facturas/guardar', cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero()] })],
    ['GET /api/ventas/{id}', 'GET', '/api/ventas/1', undefined],
    ['PUT /api/ventas/{id}/editar', 'PUT', '/api/ventas/1/editar', undefined],
    ['POST /api/ventas/filtros', 'POST', '/api/ventas/filtros', { tercero_id: cliente.id, estado_venta_id: 4 }],
  ];

  it('answers 401 without a token (the payment types too)', async () => {
    for (const [nombre, method, url, payload] of rutas()) expect((await llamar(method, url, null, undefined, payload)).statusCode, nombre).toBe(401);
    expect((await llamar('GET', '/api/listas/tipos-pagos', null, undefined)).statusCode).toBe(401);
    expect((await llamar('GET', '/api/listas/formas-pago', null, undefined)).statusCode).toBe(401);
  });

  it('answers 403 to Bodega and Administrador (RUTAS.facturacionCrear: Vendedor, Operario), saving nothing', async () => {
    const antes = await contar('venta');
    for (const usuario of [bodega, administrador]) {
      for (const [nombre, method, url, payload] of rutas()) {
        const respuesta = await llamar(method, url, usuario.token, tienda.codigo_tienda, payload);
        expect(respuesta.statusCode, `${usuario.role} ${nombre}`).toBe(403);
        expect(respuesta.json().code).toBe('ROL_NO_PERMITIDO');
      }
    }
    expect(await contar('venta')).toBe(antes);
  });

  it('answers 403 for a store the user does not belong to, and 422 without a store', async () => {
    for (const [nombre, method, url, payload] of rutas()) {
      const respuesta = await llamar(method, url, vendedor.token, ajena.codigo_tienda, payload);
      expect(respuesta.statusCode, nombre).toBe(403);
      expect(respuesta.json().code, nombre).toBe('TIENDA_NO_PERMITIDA');
      const sinTienda = await llamar(method, url, vendedor.token, undefined, payload);
      expect(sinTienda.statusCode, nombre).toBe(422);
      expect(sinTienda.json().code, nombre).toBe('TIENDA_REQUERIDA');
    }
  });

  it('GET /api/listas/formas-pago answers the active payment methods with their kinds to any logged-in user', async () => {
    const respuesta = await llamar('GET', '/api/listas/formas-pago', bodega.token, undefined);
    expect(respuesta.statusCode).toBe(200);
    const formas = respuesta.json().data.formas_pagos as FormaPago[];
    expect(formas.map((f) => f.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(formas.find((f) => f.id === FORMAS_PAGO.efectivo)).toEqual({
      id: 1,
      nombre_forma_pago: 'Efectivo',
      requiere_codigo_comprobante: false,
      forma_abono: false,
      forma_credito: false,
    });
    expect(formas.filter((f) => f.forma_credito).map((f) => f.id)).toEqual([FORMAS_PAGO.credito]);
    expect(formas.filter((f) => f.forma_abono).map((f) => f.id)).toEqual([FORMAS_PAGO.anticipo]);
    expect(formas.filter((f) => f.requiere_codigo_comprobante).map((f) => f.nombre_forma_pago)).toContain('Consignación');
    // An inactive method is no longer offered.
    await entorno.db.updateTable('forma_pago').set({ activo: false }).where('id', '=', 7).execute();
    try {
      const sinUna = await llamar('GET', '/api/listas/formas-pago', vendedor.token, undefined);
      expect((sinUna.json().data.formas_pagos as FormaPago[]).map((f) => f.id)).not.toContain(7);
    } finally {
      await entorno.db.updateTable('forma_pago').set({ activo: true }).where('id', '=', 7).execute();
    }
  });

  it('GET /api/listas/tipos-pagos answers the payment types to any logged-in user', async () => {
    const respuesta = await llamar('GET', '/api/listas/tipos-pagos', bodega.token, undefined);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.tipos_pagos).toEqual([
      { id: 1, nombre_tipo_pago: 'Contado' },
      { id: 2, nombre_tipo_pago: 'Crédito' },
    ]);
  });
});

describe('POST /api/facturas/guardar: validation (spec 000 §5 Sale save)', () => {
  it('answers 422 with the spec messages per field and saves nothing', async () => {
    const antes = await contar('venta');
    const vacio = await guardar({});
    expect(vacio.statusCode).toBe(422);
    const { errors } = vacio.json();
    expect(errors.estado_venta_id).toEqual([MENSAJES_VENTA.estado]);
    expect(errors.tipo_pago_id).toEqual([MENSAJES_VENTA.campos]);
    expect(errors.tercero_id).toEqual([MENSAJES_VENTA.cliente]);
    expect(errors.productoList).toEqual([MENSAJES_VENTA.productos]);

    const sinProductos = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [] }));
    expect(sinProductos.statusCode).toBe(422);
    expect(sinProductos.json().errors.productoList).toEqual([MENSAJES_VENTA.productos]);

    const tareaVacia = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero()], tareas: ['Llamar', '   '] }));
    expect(tareaVacia.statusCode).toBe(422);
    expect(tareaVacia.json().errors['tareasList.1.descripcion_tarea']).toEqual([MENSAJES_TAREA.descripcion]);

    const sinVersion = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero()], venta_id: 1 }));
    expect(sinVersion.statusCode).toBe(422);
    expect(sinVersion.json().errors.version).toEqual([MENSAJES_VENTA.campos]);

    const anularNueva = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero()], estado_venta_id: 3 }));
    expect(anularNueva.statusCode).toBe(422);
    expect(anularNueva.json().errors.estado_venta_id).toEqual([MENSAJES_VENTA.anularNueva]);

    const estadoFacturado = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero()], estado_venta_id: 2 }));
    expect(estadoFacturado.json().errors.estado_venta_id).toEqual([MENSAJES_VENTA.estado]);

    const cantidadCero = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero()] }, { productoList: [{ producto_id: tablero.id, cantidad_solicitada: 0, precio_unitario: 125000.5 }] }));
    expect(cantidadCero.json().errors['productoList.0.cantidad_solicitada']).toEqual([MENSAJES_VENTA.cantidad]);
    expect(await contar('venta')).toBe(antes);
  });

  it('refuses a customer that does not exist (422 on tercero_id)', async () => {
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: 999_999_999, lineas: [lineaTablero()] }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.tercero_id).toEqual([MENSAJES_VENTA.cliente]);
  });
});

describe('POST /api/facturas/guardar: a new order', () => {
  it('saves the order, its lines with the server-computed amounts, its tasks and its creation in the history', async () => {
    const lineas = [lineaTablero(2, { item: 1 }), lineaBisagra(3)];
    const cuerpo = cuerpoGuardarVenta({
      tercero_id: cliente.id,
      lineas,
      impuesto_adicional: adicional,
      observacion_venta: '  Entregar el lunes  ',
      tareas: ['Confirmar medidas', 'Llamar al cliente'],
    });
    const respuesta = await guardar(cuerpo, operario);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe('Datos guardados con éxito');
    const esperado = calcularTotalesVenta({
      porcentaje_impuesto_adicional: 4,
      lineas: lineas.map((l) => ({ cantidad: l.cantidad_solicitada, precio_unitario: l.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: l.porcentaje_impuesto })),
    });
    expect(data).toEqual({ venta_id: expect.any(Number), version: 1, totales: esperado.totales });
    expect(esperado.totales.total_venta).toBe(317_901.22);

    const venta = await filaVenta(data.venta_id);
    expect(venta).toMatchObject({
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      vendedor_id: operario.id,
      estado_venta_id: 1,
      tipo_pago_id: 1,
      impuesto_adicional_id: adicional.id,
      porcentaje_impuesto_adicional: '4.00',
      observacion_venta: 'Entregar el lunes',
      total_subtotal_venta: '260000.99',
      total_impuestos_venta: '47500.19',
      total_otros_impuestos_venta: '10400.04',
      total_venta: esperado.totales.total_venta.toFixed(2),
      version: 1,
    });
    const filas = await lineasDe(data.venta_id);
    expect(filas.map((f) => ({ item: f.item, producto_id: f.producto_id, porcentaje_impuesto: Number(f.porcentaje_impuesto) }))).toEqual([
      { item: 1, producto_id: tablero.id, porcentaje_impuesto: 19 },
      { item: 2, producto_id: bisagra.id, porcentaje_impuesto: 0 },
    ]);
    filas.forEach((fila, n) => {
      const montos = esperado.lineas[n]!;
      expect({
        valor_bruto: Number(fila.valor_bruto),
        valor_descuento: Number(fila.valor_descuento),
        valor_subtotal: Number(fila.valor_subtotal),
        valor_impuesto: Number(fila.valor_impuesto),
        valor_otros_impuestos: Number(fila.valor_otros_impuestos),
        valor_total: Number(fila.valor_total),
      }).toEqual(montos);
    });
    const tareas = await entorno.db.selectFrom('venta_tarea').select(['descripcion_tarea', 'tarea_completada', 'user_id']).where('venta_id', '=', data.venta_id).orderBy('id').execute();
    expect(tareas).toEqual([
      { descripcion_tarea: 'Confirmar medidas', tarea_completada: false, user_id: operario.id },
      { descripcion_tarea: 'Llamar al cliente', tarea_completada: false, user_id: operario.id },
    ]);
    expect(await historialDe(data.venta_id)).toEqual([{ estado_anterior_id: null, estado_nuevo_id: 1, user_id: operario.id }]);
  });

  it('reads the tax from the product, never from the client, and keeps a line cut plan', async () => {
    const lepton = { url_planos: 'x', cant_placas: 1, piezas: [{ cantidad: 2, base: 600, altura: 400 }] };
    const cuerpo = cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(1)] });
    (cuerpo.productoList as Record<string, unknown>[])[0]!.porcentaje_impuesto = 0;
    (cuerpo.productoList as Record<string, unknown>[])[0]!.lepton = lepton;
    const respuesta = await guardar(cuerpo);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const [linea] = await lineasDe(respuesta.json().data.venta_id);
    expect(Number(linea!.porcentaje_impuesto)).toBe(19);
    expect(linea!.response_lepton).toEqual(lepton);
  });

  it("refuses a unit price that is not the store's (409 naming the product), saving nothing", async () => {
    const antes = await contar('venta');
    for (const precio of [99_000, 125_000.51, 125_000.50001]) {
      const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(1, { precio_unitario: precio })] }));
      expect(respuesta.statusCode, String(precio)).toBe(409);
      expect(respuesta.json().code).toBe('PRECIO_NO_COINCIDE');
      expect(respuesta.json().message).toContain('Tablero melamina blanco');
    }
    expect(await contar('venta')).toBe(antes);
  });

  it('refuses a line with a discount (409 naming the product): discounts come from requests', async () => {
    const antes = await contar('venta');
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(1, { porcentaje_descuento: 10 })] }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().code).toBe('DESCUENTO_NO_PERMITIDO');
    expect(respuesta.json().message).toContain('Tablero melamina blanco');
    expect(await contar('venta')).toBe(antes);
  });

  it("refuses totals that are not the server's, even by a centavo, saving nothing", async () => {
    const antes = await contar('venta');
    const bueno = cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(1), lineaBisagra(1)] });
    for (const cambio of [{ total_venta: Number(bueno.total_venta) + 0.01 }, { total_impuestos_venta: 0 }, { total_descuento: 5 }]) {
      const respuesta = await guardar({ ...bueno, ...cambio });
      expect(respuesta.statusCode, JSON.stringify(cambio)).toBe(409);
      expect(respuesta.json().code).toBe('TOTALES_NO_COINCIDEN');
    }
    expect(await contar('venta')).toBe(antes);
  });

  it('refuses a credit sale for a customer without a credit account (spec 000 §8), and saves it with one', async () => {
    const sinCuenta = await crearTercero(entorno.db, { nombres: 'Pedro', apellidos: 'Páramo' });
    const antes = await contar('venta');
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: sinCuenta.id, lineas: [lineaTablero(1)], tipo_pago_id: 2 }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json()).toMatchObject({ code: 'CUENTA_CREDITO_REQUERIDA', message: 'El cliente Pedro Páramo no tiene una cuenta crédito' });
    expect(await contar('venta')).toBe(antes);

    await crearCuentaCredito(entorno.db, { tercero_id: sinCuenta.id });
    const conCuenta = await guardar(cuerpoGuardarVenta({ tercero_id: sinCuenta.id, lineas: [lineaTablero(1)], tipo_pago_id: 2 }));
    expect(conCuenta.statusCode, conCuenta.body).toBe(200);
    expect((await filaVenta(conCuenta.json().data.venta_id)).tipo_pago_id).toBe(2);
  });
});

describe('POST /api/facturas/guardar: editing an order', () => {
  it('replaces the lines, adds the new tasks, moves the version and records the change of state', async () => {
    const { venta_id, version } = await pedidoNuevo([lineaTablero(1), lineaBisagra(1)]);
    const respuesta = await guardar(
      cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version, estado_venta_id: 4, lineas: [lineaBisagra(5)], tareas: ['Revisar cantos'] }),
      superAdmin,
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toMatchObject({ venta_id, version: version + 1 });
    const filas = await lineasDe(venta_id);
    expect(filas.map((f) => [f.item, f.producto_id, Number(f.cantidad), Number(f.valor_total)])).toEqual([[1, bisagra.id, 5, 16_666.65]]);
    expect(await filaVenta(venta_id)).toMatchObject({ estado_venta_id: 4, total_venta: '16666.65', vendedor_id: superAdmin.id, version: version + 1 });
    expect(await historialDe(venta_id)).toEqual([
      { estado_anterior_id: null, estado_nuevo_id: 1, user_id: vendedor.id },
      { estado_anterior_id: 1, estado_nuevo_id: 4, user_id: superAdmin.id },
    ]);
    // Saving again in the same state writes no history row.
    const otra = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version: version + 1, estado_venta_id: 4, lineas: [lineaBisagra(6)] }));
    expect(otra.statusCode).toBe(200);
    expect(await historialDe(venta_id)).toHaveLength(2);
  });

  it('annuls an order in editing (state 3) with its history row', async () => {
    const { venta_id, version } = await pedidoNuevo();
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version, estado_venta_id: 3, lineas: [lineaTablero()] }));
    expect(respuesta.statusCode).toBe(200);
    expect((await historialDe(venta_id)).at(-1)).toEqual({ estado_anterior_id: 1, estado_nuevo_id: 3, user_id: vendedor.id });
  });

  it("answers 404 for another store's order, changing nothing", async () => {
    const deOtra = await crearVenta(entorno.db, { codigo_tienda: ajena.codigo_tienda, cliente_id: cliente.id, vendedor_id: superAdmin.id });
    const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id: deOtra.id, version: 1, lineas: [lineaTablero()] }), superAdmin);
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json().code).toBe('VENTA_NO_ENCONTRADA');
    expect(await lineasDe(deOtra.id)).toEqual([]);
    expect((await filaVenta(deOtra.id)).version).toBe(1);
  });

  it('refuses a billed or annulled order (409 La factura no se encuentra en edición), changing nothing', async () => {
    for (const estado of [2, 3, 6]) {
      const venta = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, estado_venta_id: estado });
      await crearLineaVenta(entorno.db, venta.id, { producto_id: tablero.id, item: 1, precio_unitario: 10 });
      const respuesta = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id: venta.id, version: 1, lineas: [lineaBisagra()] }));
      expect(respuesta.statusCode, String(estado)).toBe(409);
      expect(respuesta.json()).toMatchObject({ code: 'VENTA_NO_EN_EDICION', message: 'La factura no se encuentra en edición' });
      expect((await lineasDe(venta.id)).map((l) => l.producto_id)).toEqual([tablero.id]);
      expect(await filaVenta(venta.id)).toMatchObject({ estado_venta_id: estado, version: 1 });
    }
  });

  it('refuses a stale version (409 telling to reload), changing nothing', async () => {
    const { venta_id, version } = await pedidoNuevo([lineaTablero(1)]);
    expect((await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version, lineas: [lineaTablero(2)] }))).statusCode).toBe(200);
    const historial = await historialDe(venta_id);
    const tareas = await contar('venta_tarea');
    const viejo = await guardar(cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version, lineas: [lineaBisagra(9)], tareas: ['Perdida'], estado_venta_id: 4 }));
    expect(viejo.statusCode).toBe(409);
    expect(viejo.json().code).toBe('VENTA_MODIFICADA');
    expect(viejo.json().message).toMatch(/Vuelva a cargar el pedido/);
    expect((await lineasDe(venta_id)).map((l) => [l.producto_id, Number(l.cantidad)])).toEqual([[tablero.id, 2]]);
    expect(await filaVenta(venta_id)).toMatchObject({ version: version + 1, estado_venta_id: 1 });
    expect(await historialDe(venta_id)).toEqual(historial);
    expect(await contar('venta_tarea')).toBe(tareas);
  });

  it('two sellers saving the same loaded version at once: exactly one wins, the other gets 409, no line is lost', async () => {
    const { venta_id } = await pedidoNuevo([lineaTablero(1)]);
    const cargado = await llamar('PUT', `/api/ventas/${venta_id}/editar`, vendedor.token, tienda.codigo_tienda);
    expect(cargado.statusCode).toBe(200);
    const version = cargado.json().data.ventas_encabezado.version;
    const deA = cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version, estado_venta_id: 4, lineas: [lineaTablero(1), lineaBisagra(2)] });
    const deB = cuerpoGuardarVenta({ tercero_id: cliente.id, venta_id, version, estado_venta_id: 4, lineas: [lineaTablero(3), lineaBisagra(4), lineaTablero(5)] });
    const [a, b] = await Promise.all([guardar(deA, vendedor), guardar(deB, operario)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const perdedor = a.statusCode === 409 ? a : b;
    expect(perdedor.json().code).toBe('VENTA_MODIFICADA');
    const ganador = a.statusCode === 200 ? deA : deB;
    const lineas = await lineasDe(venta_id);
    expect(lineas.map((l) => [l.producto_id, Number(l.cantidad)])).toEqual(
      (ganador.productoList as { producto_id: number; cantidad_solicitada: number }[]).map((l) => [l.producto_id, l.cantidad_solicitada]),
    );
    expect(await filaVenta(venta_id)).toMatchObject({ version: version + 1, total_venta: Number(ganador.total_venta).toFixed(2) });
  });
});

describe('GET /api/ventas/{id} and PUT /api/ventas/{id}/editar', () => {
  it('answers the header, the lines and the tasks of an order of the store', async () => {
    const respuestaGuardar = await guardar(
      cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [lineaTablero(2), lineaBisagra(1)], impuesto_adicional: adicional, tareas: ['Cortar'], observacion_venta: 'Urgente' }),
    );
    const { venta_id, totales } = respuestaGuardar.json().data;
    const respuesta = await llamar('GET', `/api/ventas/${venta_id}`, operario.token, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    const { ventas_encabezado, ventas_detalle, ventas_tarea } = respuesta.json().data;
    expect(ventas_encabezado).toMatchObject({
      id: venta_id,
      credito: false,
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: cliente.id,
      numero_documento: cliente.numero_documento,
      nombres: 'Gloria Inés',
      apellidos: 'Zapata Ríos',
      nombre_vendedor: vendedor.name,
      estado_venta_id: 1,
      nombre_estado_venta: 'Pendiente facturar',
      tipo_pago_id: 1,
      nombre_tipo_pago: 'Contado',
      observacion_venta: 'Urgente',
      impuesto_adicional_id: adicional.id,
      porcentaje_impuesto: 4,
      version: 1,
      ...totales,
      total_impuestos: totales.total_impuestos_venta,
    });
    expect(ventas_detalle.map((d: { referencia: string; nombre_producto: string; cantidad_vendida: number; valor_unitario: number; response_lepton: unknown }) => [d.referencia, d.nombre_producto, d.cantidad_vendida, d.valor_unitario, d.response_lepton])).toEqual([
      [tablero.referencia, 'Tablero melamina blanco', 2, 125_000.5, null],
      [bisagra.referencia, 'Bisagra cierre lento', 1, 3333.33, null],
    ]);
    expect(ventas_tarea).toMatchObject([{ descripcion_tarea: 'Cortar', tarea_completada: false }]);
  });

  it("answers 404 for another store's order, an unknown one and a path id beyond 2^31 − 1", async () => {
    const deOtra = await crearVenta(entorno.db, { codigo_tienda: ajena.codigo_tienda, cliente_id: cliente.id, vendedor_id: superAdmin.id });
    for (const [method, sufijo] of [['GET', ''], ['PUT', '/editar']] as const) {
      for (const id of [String(deOtra.id), '999999999', String(2 ** 31)]) {
        expect((await llamar(method, `/api/ventas/${id}${sufijo}`, superAdmin.token, tienda.codigo_tienda)).statusCode, `${method} ${id}`).toBe(404);
      }
    }
    expect(await filaVenta(deOtra.id)).toMatchObject({ estado_venta_id: 1, version: 1 });
  });

  it('loading for editing sets state 4 with its history row and a new version; again from 4 changes nothing', async () => {
    const { venta_id } = await pedidoNuevo();
    const respuesta = await llamar('PUT', `/api/ventas/${venta_id}/editar`, operario.token, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.ventas_encabezado).toMatchObject({ estado_venta_id: 4, nombre_estado_venta: 'En edición', version: 2 });
    expect(await historialDe(venta_id)).toEqual([
      { estado_anterior_id: null, estado_nuevo_id: 1, user_id: vendedor.id },
      { estado_anterior_id: 1, estado_nuevo_id: 4, user_id: operario.id },
    ]);
    const otraVez = await llamar('PUT', `/api/ventas/${venta_id}/editar`, vendedor.token, tienda.codigo_tienda);
    expect(otraVez.json().data.ventas_encabezado.version).toBe(2);
    expect(await historialDe(venta_id)).toHaveLength(2);
  });

  it('refuses loading a billed order for editing (409 La factura no se encuentra en edición), changing nothing', async () => {
    const facturada = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cliente.id, vendedor_id: vendedor.id, estado_venta_id: 2 });
    const respuesta = await llamar('PUT', `/api/ventas/${facturada.id}/editar`, vendedor.token, tienda.codigo_tienda);
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe('La factura no se encuentra en edición');
    expect(await filaVenta(facturada.id)).toMatchObject({ estado_venta_id: 2, version: 1 });
    expect(await historialDe(facturada.id)).toEqual([]);
  });
});

describe('POST /api/ventas/filtros', () => {
  it("lists the customer's orders in editing of this store, newest first", async () => {
    const propio = await crearTercero(entorno.db, { nombres: 'Maderas', apellidos: 'del Sur' });
    const enEdicion = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: propio.id, vendedor_id: vendedor.id, estado_venta_id: 4, fecha_venta: new Date('2026-11-01T15:00:00Z') });
    const reciente = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: propio.id, vendedor_id: vendedor.id, estado_venta_id: 4, fecha_venta: new Date('2026-11-20T15:00:00Z') });
    await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: propio.id, vendedor_id: vendedor.id, estado_venta_id: 1 });
    await crearVenta(entorno.db, { codigo_tienda: ajena.codigo_tienda, cliente_id: propio.id, vendedor_id: superAdmin.id, estado_venta_id: 4 });
    const respuesta = await llamar('POST', '/api/ventas/filtros', vendedor.token, tienda.codigo_tienda, { tercero_id: propio.id, estado_venta_id: 4 });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.ventas.map((v: { id: number }) => v.id)).toEqual([reciente.id, enEdicion.id]);
    expect(respuesta.json().data.ventas[0]).toMatchObject({ nombres: 'Maderas', nombre_estado_venta: 'En edición', version: 1 });
    const sinDocumento = await llamar('POST', '/api/ventas/filtros', vendedor.token, tienda.codigo_tienda, {});
    expect(sinDocumento.statusCode).toBe(422);
    expect(sinDocumento.json().errors.tercero_id).toEqual([MENSAJES_VENTA.cliente]);
  });

  it('gives two customers with the same document number and different document types only their own orders', async () => {
    const cedula = await crearTercero(entorno.db, { tipo_documento_id: 1, nombres: 'Camilo', apellidos: 'Rendón' });
    const nit = await crearTercero(entorno.db, { tipo_documento_id: 2, numero_documento: cedula.numero_documento, nombres: 'Rendón', apellidos: 'S.A.S.' });
    const deCedula = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: cedula.id, vendedor_id: vendedor.id, estado_venta_id: 4 });
    const deNit = await crearVenta(entorno.db, { codigo_tienda: tienda.codigo_tienda, cliente_id: nit.id, vendedor_id: vendedor.id, estado_venta_id: 4 });
    const pedidosDe = async (terceroId: number) => {
      const respuesta = await llamar('POST', '/api/ventas/filtros', vendedor.token, tienda.codigo_tienda, { tercero_id: terceroId, estado_venta_id: 4 });
      expect(respuesta.statusCode).toBe(200);
      return respuesta.json().data.ventas.map((v: { id: number }) => v.id);
    };
    expect(await pedidosDe(cedula.id)).toEqual([deCedula.id]);
    expect(await pedidosDe(nit.id)).toEqual([deNit.id]);
  });
});
