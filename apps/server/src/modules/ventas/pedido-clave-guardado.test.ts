import { randomUUID } from 'node:crypto';
import { ERRORES, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_VENTA } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearImpuesto, crearProducto, crearProveedor, crearTercero, crearTienda, crearUsuariosPorRol, cuerpoGuardarVenta, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';

// docs/decisions.md "Un pedido nuevo se guarda una sola vez": a new order's save sent again with its key answers the
// order it made; a different save under the key is refused naming that order; no key keeps the old behaviour.
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let vendedor: UsuarioConSesion;
let otroVendedor: UsuarioConSesion;
let cliente: { id: number };
let tablero: { id: number };

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  vendedor = usuarios.porRol.Vendedor;
  otroVendedor = usuarios.superAdmin;
  const iva = await crearImpuesto(db, { porcentaje_impuesto: 19 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    nombre_producto: 'Tablero MDF crudo 15 mm',
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 500, precio_unitario: 98_000 }],
  });
  cliente = await crearTercero(db, { nombres: 'Hernán', apellidos: 'Gómez Ospina' });
});

const cuerpo = (cantidad: number, cambios: Record<string, unknown> = {}) =>
  cuerpoGuardarVenta({ tercero_id: cliente.id, lineas: [{ producto_id: tablero.id, cantidad_solicitada: cantidad, precio_unitario: 98_000, porcentaje_impuesto: 19 }] }, cambios);
const guardar = (payload: object, token = vendedor.token) =>
  entorno.app.inject({ method: 'POST', url: '/api/facturas/guardar', headers: headers(token, tienda.codigo_tienda), payload });
const ventasDe = (clave: string) =>
  entorno.db.selectFrom('venta').select(['id', 'vendedor_id', 'huella_guardado']).where('clave_guardado', '=', clave).execute();
const lineasDe = async (ventaId: number) => (await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', ventaId).execute()).length;
const totalVentas = async () => Number((await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST facturas/guardar with a save key', () => {
  it('the same save sent again (its answer lost) answers the order the first made, with one order and its lines once', async () => {
    const clave = randomUUID();
    const primera = await guardar(cuerpo(2, { clave_guardado: clave }));
    expect(primera.statusCode, primera.body).toBe(200);
    const antes = await totalVentas();
    const segunda = await guardar(cuerpo(2, { clave_guardado: clave }));
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(segunda.json().data).toEqual(primera.json().data);
    expect(await totalVentas()).toBe(antes);
    const filas = await ventasDe(clave);
    expect(filas).toHaveLength(1);
    expect(filas[0]!.vendedor_id).toBe(vendedor.id);
    expect(filas[0]!.huella_guardado).toMatch(/^[0-9a-f]{64}$/);
    expect(await lineasDe(filas[0]!.id)).toBe(1);
  });

  it('a retry that adds the reservation confirmation is still the same save', async () => {
    const clave = randomUUID();
    const primera = await guardar(cuerpo(1, { clave_guardado: clave }));
    expect(primera.statusCode, primera.body).toBe(200);
    const otra = await guardar(cuerpo(1, { clave_guardado: clave, confirmar_reservas: true }));
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json().data.venta_id).toBe(primera.json().data.venta_id);
    expect(await ventasDe(clave)).toHaveLength(1);
  });

  it('two sends of one save at once make one order (the key is locked), both answered with it', async () => {
    const clave = randomUUID();
    const antes = await totalVentas();
    const respuestas = await Promise.all([guardar(cuerpo(3, { clave_guardado: clave })), guardar(cuerpo(3, { clave_guardado: clave }))]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(respuestas[0]!.json().data.venta_id).toBe(respuestas[1]!.json().data.venta_id);
    expect(await totalVentas()).toBe(antes + 1);
    expect(await ventasDe(clave)).toHaveLength(1);
  });

  it('a different save under a used key is refused naming the order, and neither makes another nor changes the first', async () => {
    const clave = randomUUID();
    const primera = await guardar(cuerpo(2, { clave_guardado: clave }));
    expect(primera.statusCode, primera.body).toBe(200);
    const ventaId: number = primera.json().data.venta_id;
    const antes = await totalVentas();
    for (const [payload, token] of [
      [cuerpo(5, { clave_guardado: clave }), vendedor.token],
      [cuerpo(2, { clave_guardado: clave }), otroVendedor.token],
    ] as const) {
      const respuesta = await guardar(payload, token);
      expect(respuesta.statusCode, respuesta.body).toBe(409);
      expect(respuesta.json()).toMatchObject({ code: 'PEDIDO_YA_GUARDADO', message: MENSAJES_VENTA.pedidoYaGuardado(ventaId) });
    }
    expect(ERRORES.PEDIDO_YA_GUARDADO.status).toBe(409);
    expect(await totalVentas()).toBe(antes);
    const guardada = await entorno.db.selectFrom('venta_detalle').select('cantidad').where('venta_id', '=', ventaId).executeTakeFirstOrThrow();
    expect(Number(guardada.cantidad)).toBe(2);
  });

  it('without a key every save is a new order, as before; an edited order ignores the key', async () => {
    const antes = await totalVentas();
    expect((await guardar(cuerpo(1))).statusCode).toBe(200);
    const sinClave = await guardar(cuerpo(1));
    expect(sinClave.statusCode).toBe(200);
    expect(await totalVentas()).toBe(antes + 2);
    const { venta_id, version } = sinClave.json().data as { venta_id: number; version: number };
    const editada = await guardar(cuerpo(4, { venta_id, version, clave_guardado: randomUUID() }));
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json().data.venta_id).toBe(venta_id);
    expect((await entorno.db.selectFrom('venta').select('clave_guardado').where('id', '=', venta_id).executeTakeFirstOrThrow()).clave_guardado).toBeNull();
  });

  it('refuses a key that is not a UUID with 422 in Spanish, saving nothing', async () => {
    const antes = await totalVentas();
    for (const clave of ['no-es-una-clave', 'a'.repeat(5000), 42]) {
      const respuesta = await guardar(cuerpo(1, { clave_guardado: clave }));
      expect(respuesta.statusCode, String(clave).slice(0, 20)).toBe(422);
      expect(respuesta.json().errors.clave_guardado).toEqual([MENSAJES_VENTA.campos]);
    }
    // A NUL byte is refused before the schema, as in every text (MENSAJE_CARACTERES_NO_PERMITIDOS).
    const conNul = await guardar(cuerpo(1, { clave_guardado: '123e4567-e89b-42d3-a456-42661417400\u0000' }));
    expect(conNul.statusCode).toBe(422);
    expect(conNul.json().errors.clave_guardado).toEqual([MENSAJE_CARACTERES_NO_PERMITIDOS]);
    expect(await totalVentas()).toBe(antes);
  });
});
