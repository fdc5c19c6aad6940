import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import { iniciarSiigoFalso, type SiigoFalso } from '../../../test/fakes/siigo-falso';
import {
  crearCategoria,
  crearEscenario,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearSiigo,
  headers,
  type Escenario,
} from '../../../test/factories';
import { puertoLibre } from '../../../test/puertos';
import { cifrarSecreto } from '../../lib/cifrado';

const entorno = usarEntorno();
const USUARIO = 'integracion@empresa.test';
const LLAVE = 'llave-de-acceso-de-prueba';
let e: Escenario;
let siigo: SiigoFalso;

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  await crearSiigo(entorno.db);
  siigo = await iniciarSiigoFalso({
    usuario: USUARIO,
    accessKey: LLAVE,
    productos: [
      { code: 'CAMBIA-1', name: 'Bisagra recta', account_group: 1253, taxes: [13156], price: 2000 },
      { code: 'IGUAL-1', name: 'Manija botón', account_group: 1253, taxes: [], price: 3000, tax_classification: 'Excluded' },
      { code: 'SOLO-EN-SIIGO', name: 'Producto que Tablero no tiene', price: 10 },
    ],
  });
});

afterAll(() => siigo?.cerrar());

/** Maestros > Factura electrónica with Siigo as the provider, at `url`. */
async function configurarSiigo(url: string) {
  await entorno.db
    .updateTable('configuracion_fe')
    .set({
      proveedor: 'SIIGO',
      proveedor_url: url,
      siigo_usuario: USUARIO,
      siigo_access_key_cifrada: cifrarSecreto(SECRETO_PRUEBA, LLAVE),
      siigo_partner_id: 'TableroPruebas',
    })
    .where('id', '=', 1)
    .execute();
}

const sincronizar = (url: string, token?: string, tienda?: string) =>
  entorno.app.inject({ method: 'POST', url, ...(token ? { headers: headers(token, tienda) } : {}) });
const PRODUCTOS = '/api/productos/sincronizar';
const CATEGORIAS = '/api/maestros/categorias-productos/sincronizar';

describe('accounting-system lookups', () => {
  it('refuse a call without a token with 401 and a foreign store with 403', async () => {
    for (const url of ['/api/siigo/clasificacion-inventario', '/api/siigo/impuesto']) {
      expect((await entorno.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await entorno.app.inject({ method: 'GET', url, headers: headers(e.porRol.Vendedor.token, e.ajena.codigo_tienda) })).statusCode).toBe(403);
    }
  });

  it('answer only the active inventory classifications', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/siigo/clasificacion-inventario', headers: headers(e.porRol.Operario.token) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ data: { grupos_clasificacion_inventario: [{ id: 1, nombre: 'Mercancía para la venta', activo: true }] } });
  });

  it('answer only the active taxes', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/siigo/impuesto', headers: headers(e.porRol.Bodega.token) });
    expect(respuesta.json()).toEqual({ data: { impuestos: [{ id: 1, nombre: 'IVA 19%', porcentaje_impuesto: 19, activo: true }] } });
  });
});

describe('syncs with Siigo', () => {
  it('refuse a call without a token (401), a role other than the products screen’s (403) and a foreign store (403)', async () => {
    for (const url of [PRODUCTOS, CATEGORIAS]) {
      expect((await sincronizar(url)).statusCode).toBe(401);
      for (const rol of ['Vendedor', 'Operario', 'Administrador'] as const) {
        const respuesta = await sincronizar(url, e.porRol[rol].token);
        expect(respuesta.statusCode).toBe(403);
        expect(respuesta.json().message).toBe('No tiene permiso para realizar esta acción. Por favor contáctese con el administrador');
      }
      expect((await sincronizar(url, e.porRol.Bodega.token, e.ajena.codigo_tienda)).statusCode).toBe(403);
    }
    expect(siigo.estado.solicitudes).toBe(0);
  });

  it('answer 409 with where to configure it while the Siigo connection is not configured', async () => {
    for (const url of [PRODUCTOS, CATEGORIAS]) {
      const respuesta = await sincronizar(url, e.porRol.Bodega.token);
      expect(respuesta.statusCode).toBe(409);
      expect(respuesta.json().message).toBe('Configure la conexión con Siigo en Maestros > Factura electrónica');
    }
    // An access key stored under another server secret cannot be read: it must be entered again.
    await configurarSiigo(siigo.url);
    await entorno.db.updateTable('configuracion_fe').set({ siigo_access_key_cifrada: cifrarSecreto('otro-secreto-de-servidor', LLAVE) }).execute();
    const ilegible = await sincronizar(CATEGORIAS, e.porRol.Bodega.token);
    expect(ilegible.statusCode).toBe(409);
    expect(ilegible.json().message).toBe(
      'La llave de acceso de Siigo guardada no se puede leer (cambió el secreto del servidor). Ingrésela de nuevo en Maestros > Factura electrónica',
    );
    expect(siigo.estado.solicitudes).toBe(0);
  });

  it('categories: make the inventory classifications and item taxes Siigo’s, deactivating what it no longer lists', async () => {
    await configurarSiigo(siigo.url);
    const respuesta = await sincronizar(CATEGORIAS, e.porRol.Bodega.token);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({
      message: 'Se sincronizaron 3 clasificaciones de inventario y 4 impuestos de Siigo; 2 que Siigo ya no lista quedaron inactivos',
      data: { clasificaciones: 3, clasificaciones_desactivadas: 1, impuestos: 4, impuestos_desactivados: 1 },
    });

    const clasificaciones = await entorno.db.selectFrom('siigo_clasificacion_inventario').selectAll().orderBy('id').execute();
    expect(clasificaciones).toEqual([
      { id: 1, nombre: 'Mercancía para la venta', activo: false },
      { id: 2, nombre: 'Obsoleta', activo: false },
      { id: 1253, nombre: 'Productos', activo: true },
      { id: 1254, nombre: 'Servicios', activo: true },
      { id: 1255, nombre: 'Inventario en desuso', activo: false },
    ]);
    // Retentions (Retefuente 13170) are not an item's tax.
    const impuestos = await entorno.db.selectFrom('siigo_impuesto').selectAll().orderBy('id').execute();
    expect(impuestos).toEqual([
      { id: 1, nombre: 'IVA 19%', porcentaje_impuesto: '19.00', activo: false },
      { id: 2, nombre: 'IVA 16% (histórico)', porcentaje_impuesto: '16.00', activo: false },
      { id: 13156, nombre: 'IVA 19%', porcentaje_impuesto: '19.00', activo: true },
      { id: 13157, nombre: 'IVA 5%', porcentaje_impuesto: '5.00', activo: true },
      { id: 13158, nombre: 'IVA 16%', porcentaje_impuesto: '16.00', activo: false },
      { id: 13160, nombre: 'Impoconsumo 8%', porcentaje_impuesto: '8.00', activo: true },
    ]);
    const lista = await entorno.app.inject({ method: 'GET', url: '/api/siigo/impuesto', headers: headers(e.porRol.Bodega.token) });
    expect(lista.json().data.impuestos.map((impuesto: { id: number }) => impuesto.id).sort()).toEqual([13156, 13157, 13160]);
  });

  it('products: create what Siigo lacks, update what changed, leave the rest, skip what it cannot take, and record each sync', async () => {
    const db = entorno.db;
    const proveedor = await crearProveedor(db);
    const iva = await crearImpuesto(db, { nombre_impuesto: 'IVA 19% Siigo', porcentaje_impuesto: 19 });
    await db.updateTable('impuesto').set({ siigo_impuesto_id: 13156 }).where('id', '=', iva.id).execute();
    const excluido = await crearImpuesto(db, { nombre_impuesto: 'Excluido', porcentaje_impuesto: 0 });
    const herrajes = await crearCategoria(db, { nombre_categoria_producto: 'Herrajes' });
    await db.updateTable('categoria_producto').set({ siigo_clasificacion_inventario_id: 1253 }).where('id', '=', herrajes.id).execute();
    // A subcategory without its own classification takes its parent's.
    const bisagras = await crearCategoria(db, { nombre_categoria_producto: 'Bisagras', categoria_producto_padre_id: herrajes.id });
    const suelta = await crearCategoria(db, { nombre_categoria_producto: 'Sin clasificación' });

    const producto = async (referencia: string, nombre: string, precio: number, impuestoId: number, categoriaId: number, tipo: 'Product' | 'Service' = 'Product') => {
      const creado = await crearProducto(db, { referencia, nombre_producto: nombre, precio_unitario: precio, impuesto_id: impuestoId, proveedor_id: proveedor.id, tipo_producto: tipo });
      await db.updateTable('producto').set({ categoria_producto_id: categoriaId }).where('id', '=', creado.id).execute();
      return creado;
    };
    const nuevo = await producto('NUEVO-1', 'Servicio de perforación', 1000, iva.id, bisagras.id, 'Service');
    const cambia = await producto('CAMBIA-1', 'Bisagra recta', 2500, iva.id, herrajes.id);
    const igual = await producto('IGUAL-1', 'Manija botón', 3000, excluido.id, herrajes.id);
    const sinClasificacion = await producto('SIN-CLASIF', 'Tornillo', 500, iva.id, suelta.id);
    const conEspacio = await producto('CON ESPACIO', 'Corredera', 700, iva.id, herrajes.id);

    const antes = new Date();
    const respuesta = await sincronizar(PRODUCTOS, e.porRol.Bodega.token);
    expect(respuesta.statusCode).toBe(200);
    const omitidos = [
      { referencia: 'SIN-CLASIF', motivo: 'Su categoría no tiene clasificación de inventario de Siigo' },
      { referencia: 'CON ESPACIO', motivo: 'Siigo no admite espacios ni comillas en el código' },
    ];
    expect(respuesta.json()).toEqual({
      message:
        'Se sincronizaron 3 productos: 1 creados, 1 actualizados, 1 sin cambios. No se sincronizaron 2: ' +
        'SIN-CLASIF (Su categoría no tiene clasificación de inventario de Siigo); CON ESPACIO (Siigo no admite espacios ni comillas en el código)',
      data: { total: 5, creados: 1, actualizados: 1, sin_cambios: 1, omitidos, pendientes: 0 },
    });

    const enSiigo = (codigo: string) => siigo.estado.productos.find((candidato) => candidato.code === codigo)!;
    expect(enSiigo('NUEVO-1')).toMatchObject({
      name: 'Servicio de perforación',
      account_group: { id: 1253 },
      type: 'Service',
      tax_classification: 'Taxed',
      taxes: [{ id: 13156 }],
      prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: 1000 }] }],
    });
    expect(enSiigo('CAMBIA-1').prices[0]!.price_list[0]!.value).toBe(2500);
    expect(enSiigo('IGUAL-1').metadata.last_updated).toBeNull();
    expect(siigo.estado.productos.map((candidato) => candidato.code)).not.toContain('CON ESPACIO');

    const registros = await db.selectFrom('siigo_producto').selectAll().orderBy('producto_id').execute();
    expect(registros.map(({ producto_id, siigo_id }) => ({ producto_id, siigo_id }))).toEqual([
      { producto_id: nuevo.id, siigo_id: enSiigo('NUEVO-1').id },
      { producto_id: cambia.id, siigo_id: enSiigo('CAMBIA-1').id },
      { producto_id: igual.id, siigo_id: enSiigo('IGUAL-1').id },
    ]);
    for (const registro of registros) expect(registro.sincronizado_at.getTime()).toBeGreaterThanOrEqual(antes.getTime() - 1000);
    expect(registros.map((registro) => registro.producto_id)).not.toContain(sinClasificacion.id);
    expect(registros.map((registro) => registro.producto_id)).not.toContain(conEspacio.id);

    // Run again: nothing to change in Siigo, every sync time moves forward.
    const segunda = await sincronizar(PRODUCTOS, e.porRol.SuperAdministrador.token);
    expect(segunda.json().data).toMatchObject({ creados: 0, actualizados: 0, sin_cambios: 3 });
    const despues = await db.selectFrom('siigo_producto').select('sincronizado_at').orderBy('producto_id').execute();
    despues.forEach((registro, i) => expect(registro.sincronizado_at.getTime()).toBeGreaterThan(registros[i]!.sincronizado_at.getTime()));
  });

  it('run one at a time: of two at once, the second gets 409, and the lock is given back', async () => {
    siigo.fijarDemora(150);
    try {
      const respuestas = await Promise.all([sincronizar(PRODUCTOS, e.porRol.Bodega.token), sincronizar(CATEGORIAS, e.porRol.SuperAdministrador.token)]);
      expect(respuestas.map((respuesta) => respuesta.statusCode).sort()).toEqual([200, 409]);
      expect(respuestas.find((respuesta) => respuesta.statusCode === 409)!.json().message).toBe('Ya hay una sincronización en curso');
      const repetidas = await Promise.all([sincronizar(PRODUCTOS, e.porRol.Bodega.token), sincronizar(PRODUCTOS, e.porRol.Bodega.token)]);
      expect(repetidas.map((respuesta) => respuesta.statusCode).sort()).toEqual([200, 409]);
    } finally {
      siigo.fijarDemora(0);
    }
    // The lock was given back: the next one runs.
    expect((await sincronizar(CATEGORIAS, e.porRol.Bodega.token)).statusCode).toBe(200);
  });

  it('answer 503 when Siigo does not answer, and leave the stored rows as they were', async () => {
    await configurarSiigo(`http://127.0.0.1:${await puertoLibre()}`);
    try {
      const antes = await entorno.db.selectFrom('siigo_impuesto').selectAll().orderBy('id').execute();
      for (const url of [PRODUCTOS, CATEGORIAS]) {
        const respuesta = await sincronizar(url, e.porRol.Bodega.token);
        expect(respuesta.statusCode).toBe(503);
        expect(respuesta.json().message).toMatch(/Siigo no respondió\. Intente de nuevo en unos minutos \(No fue posible comunicarse con Siigo/);
      }
      expect(await entorno.db.selectFrom('siigo_impuesto').selectAll().orderBy('id').execute()).toEqual(antes);
    } finally {
      await configurarSiigo(siigo.url);
    }
  });
});
