import { BORRADOR_PEDIDO_MAXIMO_BYTES, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_BORRADOR_PEDIDO, MENSAJES_VENTA, NOMBRES_ESTADO_VENTA } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearImpuesto, crearProducto, crearProveedor, crearTercero, crearTienda, crearUsuariosPorRol, cuerpoGuardarVenta, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let cliente: { id: number };
let tablero: { id: number };

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  vendedor = usuarios.porRol.Vendedor;
  operario = usuarios.porRol.Operario;
  bodega = usuarios.porRol.Bodega;
  administrador = usuarios.porRol.Administrador;
  const iva = await crearImpuesto(db, { porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    nombre_producto: 'Tablero melamina blanco',
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 10, precio_unitario: 185_000 }],
  });
  cliente = await crearTercero(db, { nombres: 'Gloria Inés', apellidos: 'Zapata Ríos' });
});

type Metodo = 'GET' | 'PUT' | 'DELETE' | 'POST';
const llamar = (method: Metodo, url: string, token: string | null, codigoTienda: string | undefined, payload?: object | string) =>
  entorno.app.inject({
    method,
    url,
    ...(token ? { headers: { ...headers(token, codigoTienda), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) } } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });

/** The form's state as the web keeps it: opaque to the server. */
const contenido = (observacion = 'Entregar el lunes') => ({
  version: 1,
  pedido: { venta_id: null, cliente: { id: cliente.id, nombres: 'Gloria Inés' }, lineas: [{ clave: 'l1', producto_id: tablero.id, cantidad_solicitada: 2 }], observacion_venta: observacion },
});
const cuerpo = (extra: object = {}) => ({ venta_id: null, tercero_id: cliente.id, contenido: contenido(), ...extra });

const filas = (usuarioId: number) =>
  entorno.db.selectFrom('pedido_borrador').select(['usuario_id', 'codigo_tienda', 'venta_id', 'tercero_id', 'contenido']).where('usuario_id', '=', usuarioId).orderBy('id').execute();
const contar = async () => Number((await entorno.db.selectFrom('pedido_borrador').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('ventas/borrador: refusals', () => {
  const rutas = (): [Metodo, string, object | undefined][] => [
    ['GET', '/api/ventas/borrador', undefined],
    ['PUT', '/api/ventas/borrador', cuerpo()],
    ['DELETE', '/api/ventas/borrador', undefined],
  ];

  it('answers 401 without a token', async () => {
    for (const [method, url, payload] of rutas()) expect((await llamar(method, url, null, undefined, payload)).statusCode, method).toBe(401);
  });

  it('answers 403 to the roles that do not sell (Bodega, Administrador), keeping nothing', async () => {
    const antes = await contar();
    for (const usuario of [bodega, administrador]) {
      for (const [method, url, payload] of rutas()) {
        const respuesta = await llamar(method, url, usuario.token, tienda.codigo_tienda, payload);
        expect(respuesta.statusCode, `${usuario.role} ${method}`).toBe(403);
        expect(respuesta.json().code).toBe('ROL_NO_PERMITIDO');
      }
    }
    expect(await contar()).toBe(antes);
  });

  it('answers 403 for a store the seller does not belong to, and 422 without a store', async () => {
    for (const [method, url, payload] of rutas()) {
      const ajenaRespuesta = await llamar(method, url, vendedor.token, ajena.codigo_tienda, payload);
      expect(ajenaRespuesta.statusCode, method).toBe(403);
      expect(ajenaRespuesta.json().code).toBe('TIENDA_NO_PERMITIDA');
      const sinTienda = await llamar(method, url, vendedor.token, undefined, payload);
      expect(sinTienda.statusCode, method).toBe(422);
      expect(sinTienda.json().code).toBe('TIENDA_REQUERIDA');
    }
  });

  it('refuses invalid input with its Spanish message, keeping nothing', async () => {
    const antes = await contar();
    const casos: [object, string, string][] = [
      [cuerpo({ tercero_id: null }), 'tercero_id', MENSAJES_VENTA.cliente],
      [cuerpo({ tercero_id: 'abc' }), 'tercero_id', MENSAJES_VENTA.cliente],
      [cuerpo({ venta_id: 0 }), 'venta_id', MENSAJES_BORRADOR_PEDIDO.venta],
      [cuerpo({ venta_id: 2 ** 31 }), 'venta_id', MENSAJES_BORRADOR_PEDIDO.venta],
      [cuerpo({ contenido: 'texto' }), 'contenido', MENSAJES_BORRADOR_PEDIDO.contenido],
      [cuerpo({ contenido: [1, 2] }), 'contenido', MENSAJES_BORRADOR_PEDIDO.contenido],
    ];
    for (const [payload, campo, mensaje] of casos) {
      const respuesta = await llamar('PUT', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda, payload);
      expect(respuesta.statusCode, JSON.stringify(payload)).toBe(422);
      expect(respuesta.json().errors[campo], JSON.stringify(payload)).toEqual([mensaje]);
    }
    const consulta = await llamar('GET', '/api/ventas/borrador?venta_id=abc', vendedor.token, tienda.codigo_tienda);
    expect(consulta.statusCode).toBe(422);
    expect(consulta.json().errors.venta_id).toEqual([MENSAJES_BORRADOR_PEDIDO.venta]);
    expect(await contar()).toBe(antes);
  });

  it('refuses a NUL byte anywhere in the draft (422 naming the field), keeping nothing', async () => {
    const antes = await contar();
    const payload = cuerpo({ contenido: { pedido: { observacion_venta: 'Entregar\u0000el lunes' } } });
    const respuesta = await llamar('PUT', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda, payload);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ 'contenido.pedido.observacion_venta': [MENSAJE_CARACTERES_NO_PERMITIDOS] });
    expect(await contar()).toBe(antes);
  });

  it('refuses a draft above its size (413 in Spanish), keeping nothing', async () => {
    const antes = await contar();
    const grande = JSON.stringify(cuerpo({ contenido: { relleno: 'x'.repeat(BORRADOR_PEDIDO_MAXIMO_BYTES) } }));
    const respuesta = await llamar('PUT', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda, grande);
    expect(respuesta.statusCode).toBe(413);
    expect(respuesta.json().message).toBe('El contenido enviado es demasiado grande');
    expect(await contar()).toBe(antes);
  });

  it('answers 404 for a draft of an order of another store, keeping nothing', async () => {
    const otra = await entorno.app.inject({
      method: 'POST',
      url: '/api/facturas/guardar',
      headers: headers(vendedor.token, tienda.codigo_tienda),
      payload: cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [{ producto_id: tablero.id, cantidad_solicitada: 1, precio_unitario: 185_000, porcentaje_impuesto: 19 }] }),
    });
    expect(otra.statusCode, otra.body).toBe(200);
    const antes = await contar();
    const respuesta = await llamar('PUT', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda, cuerpo({ venta_id: 2_000_000_000 }));
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json().code).toBe('VENTA_NO_ENCONTRADA');
    expect(await contar()).toBe(antes);
  });
});

describe('ventas/borrador: keep, read, discard', () => {
  it('keeps one draft per seller and store for a new order: a second PUT rewrites it', async () => {
    expect((await llamar('GET', '/api/ventas/borrador', operario.token, tienda.codigo_tienda)).json()).toEqual({ data: { borrador: null } });

    const primera = await llamar('PUT', '/api/ventas/borrador', operario.token, tienda.codigo_tienda, cuerpo());
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json()).toMatchObject({ message: MENSAJES_BORRADOR_PEDIDO.guardado, data: { venta_id: null, tercero_id: cliente.id, contenido: contenido() } });
    const segunda = await llamar('PUT', '/api/ventas/borrador', operario.token, tienda.codigo_tienda, cuerpo({ contenido: contenido('Llamar antes') }));
    expect(segunda.statusCode, segunda.body).toBe(200);

    expect(await filas(operario.id)).toEqual([{ usuario_id: operario.id, codigo_tienda: tienda.codigo_tienda, venta_id: null, tercero_id: cliente.id, contenido: contenido('Llamar antes') }]);
    const leido = await llamar('GET', '/api/ventas/borrador', operario.token, tienda.codigo_tienda);
    expect(leido.json().data.borrador).toMatchObject({ venta_id: null, tercero_id: cliente.id, contenido: contenido('Llamar antes'), fecha_actualiza: expect.any(String) });
    // Another seller sees none of it.
    expect((await llamar('GET', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda)).json().data.borrador).toBeNull();

    const descartado = await llamar('DELETE', '/api/ventas/borrador', operario.token, tienda.codigo_tienda);
    expect(descartado.json()).toEqual({ message: MENSAJES_BORRADOR_PEDIDO.descartado, data: { borrados: 1 } });
    expect(await filas(operario.id)).toEqual([]);
    expect((await llamar('DELETE', '/api/ventas/borrador', operario.token, tienda.codigo_tienda)).json().data).toEqual({ borrados: 0 });
  });

  it('keeps the draft of an order being edited apart from the new order’s, and the order’s save deletes its draft', async () => {
    const guardado = await entorno.app.inject({
      method: 'POST',
      url: '/api/facturas/guardar',
      headers: headers(vendedor.token, tienda.codigo_tienda),
      payload: cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [{ producto_id: tablero.id, cantidad_solicitada: 1, precio_unitario: 185_000, porcentaje_impuesto: 19 }], estado_venta_id: 4 }),
    });
    expect(guardado.statusCode, guardado.body).toBe(200);
    const { venta_id: ventaId, version } = guardado.json().data as { venta_id: number; version: number };

    expect((await llamar('PUT', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda, cuerpo())).statusCode).toBe(200);
    expect((await llamar('PUT', '/api/ventas/borrador', vendedor.token, tienda.codigo_tienda, cuerpo({ venta_id: ventaId, contenido: contenido('Editado') }))).statusCode).toBe(200);
    expect((await filas(vendedor.id)).map((f) => f.venta_id)).toEqual([null, ventaId]);
    expect((await llamar('GET', `/api/ventas/borrador?venta_id=${ventaId}`, vendedor.token, tienda.codigo_tienda)).json().data.borrador.contenido).toEqual(contenido('Editado'));

    const otraVez = await entorno.app.inject({
      method: 'POST',
      url: '/api/facturas/guardar',
      headers: headers(vendedor.token, tienda.codigo_tienda),
      payload: cuerpoGuardarVenta({ venta_id: ventaId, version, tercero_id: cliente.id, lineas: [{ producto_id: tablero.id, cantidad_solicitada: 2, precio_unitario: 185_000, porcentaje_impuesto: 19 }], estado_venta_id: 1 }),
    });
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    // The edited order's draft went with its save; the new order's stays.
    expect((await filas(vendedor.id)).map((f) => f.venta_id)).toEqual([null]);
  });
});

describe('a quantity the amounts cannot hold', () => {
  const guardarCantidad = (cantidad: number) =>
    entorno.app.inject({
      method: 'POST',
      url: '/api/facturas/guardar',
      headers: headers(vendedor.token, tienda.codigo_tienda),
      // The body's totals cannot be computed for such a line: those of one board, with the line's quantity after.
      payload: cuerpoGuardarVenta(
        { tercero_id: cliente.id, lineas: [{ producto_id: tablero.id, cantidad_solicitada: 1, precio_unitario: 185_000, porcentaje_impuesto: 19 }] },
        { productoList: [{ producto_id: tablero.id, cantidad_solicitada: cantidad, precio_unitario: 185_000, porcentaje_descuento: 0 }] },
      ),
    });

  it('99,999,999,999 answers 422 on the line’s quantity', async () => {
    const respuesta = await guardarCantidad(99_999_999_999);
    expect(respuesta.statusCode, respuesta.body).toBe(422);
    expect(Object.keys(respuesta.json().errors)).toEqual(['productoList.0.cantidad_solicitada']);
  });

  it('a quantity within its maximum whose line passes the largest amount answers 422 saying why, not a 409 or a 500', async () => {
    const respuesta = await guardarCantidad(999_999_999);
    expect(respuesta.statusCode, respuesta.body).toBe(422);
    expect(respuesta.json().errors).toEqual({ 'productoList.0.cantidad_solicitada': [MENSAJES_VENTA.lineaExcedeMaximo] });
  });
});

describe('the states’ names', () => {
  it('the table estado_venta holds the names people read (NOMBRES_ESTADO_VENTA), En edición with its accent', async () => {
    const tabla = await entorno.db.selectFrom('estado_venta').select(['id', 'nombre_estado_venta']).orderBy('id').execute();
    expect(Object.fromEntries(tabla.map((e) => [e.id, e.nombre_estado_venta]))).toEqual(NOMBRES_ESTADO_VENTA);
  });
});
