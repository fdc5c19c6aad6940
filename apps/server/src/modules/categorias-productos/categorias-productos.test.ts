import { ERRORES, MENSAJES_CATEGORIA_PRODUCTO } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, crearCategoria, crearEscenario, crearSiigo, type Escenario } from '../../../test/factories';

const entorno = usarEntorno();
let e: Escenario;

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  await crearSiigo(entorno.db);
});

const token = (rol: keyof Escenario['porRol']) => e.porRol[rol].token;
const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, tk: string | null, payload?: unknown, tienda = e.tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, ...(tk ? { headers: headers(tk, tienda) } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('GET /api/maestros/categorias-productos', () => {
  it('refuses a call without a token with 401 and a foreign store with 403', async () => {
    expect((await llamar('GET', '/api/maestros/categorias-productos', null)).statusCode).toBe(401);
    expect((await llamar('GET', '/api/maestros/categorias-productos', token('Vendedor'), undefined, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('lists categories with their parent name to any logged-in user', async () => {
    const padre = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Aglomerados' });
    const hija = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Aglomerado RH', categoria_producto_padre_id: padre.id });
    const respuesta = await llamar('GET', '/api/maestros/categorias-productos', token('Operario'));
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.categorias_productos).toContainEqual({
      id: hija.id,
      nombre_categoria_producto: 'Aglomerado RH',
      categoria_producto_padre_id: padre.id,
      nombre_categoria_producto_padre: 'Aglomerados',
      siigo_clasificacion_inventario_id: null,
    });
  });
});

describe('POST /api/maestros/categorias-productos/crear', () => {
  const url = '/api/maestros/categorias-productos/crear';

  it('refuses a call without a token with 401', async () => {
    expect((await llamar('POST', url, null, { nombre_categoria_producto: 'X' })).statusCode).toBe(401);
  });

  it.each(['Administrador', 'Vendedor', 'Operario'] as const)('refuses %s with 403', async (rol) => {
    expect((await llamar('POST', url, token(rol), { nombre_categoria_producto: 'X' })).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await llamar('POST', url, token('Bodega'), { nombre_categoria_producto: 'X' }, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a blank name with 422 "Debe ingresar un nombre de categoría"', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_categoria_producto: '  ' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_CATEGORIA_PRODUCTO.nombre, errors: { nombre_categoria_producto: [MENSAJES_CATEGORIA_PRODUCTO.nombre] } });
  });

  it('refuses an unknown parent and an inactive classification', async () => {
    const padre = await llamar('POST', url, token('Bodega'), { nombre_categoria_producto: 'Huérfana', categoria_producto_padre_id: 999999 });
    expect(padre.json().errors).toEqual({ categoria_producto_padre_id: [MENSAJES_CATEGORIA_PRODUCTO.padreNoExiste] });
    const inactiva = await llamar('POST', url, token('Bodega'), { nombre_categoria_producto: 'Vieja', siigo_clasificacion_inventario_id: 2 });
    expect(inactiva.json().errors).toEqual({ siigo_clasificacion_inventario_id: [MENSAJES_CATEGORIA_PRODUCTO.clasificacionNoExiste] });
  });

  it('creates a category with parent "Ninguno" (null) or an existing parent', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_categoria_producto: ' Herrajes de cocina ', categoria_producto_padre_id: '', siigo_clasificacion_inventario_id: 1 });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ message: 'Categoría creada con éxito' });
    const fila = await entorno.db.selectFrom('categoria_producto').selectAll().where('id', '=', respuesta.json().data.id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ nombre_categoria_producto: 'Herrajes de cocina', categoria_producto_padre_id: null, siigo_clasificacion_inventario_id: 1 });
  });
});

describe('PUT /api/maestros/categorias-productos/{id}/editar', () => {
  const url = (id: number) => `/api/maestros/categorias-productos/${id}/editar`;

  it('refuses a call without a token with 401 and Vendedor with 403', async () => {
    const categoria = await crearCategoria(entorno.db);
    expect((await llamar('PUT', url(categoria.id), null, { nombre_categoria_producto: 'X' })).statusCode).toBe(401);
    expect((await llamar('PUT', url(categoria.id), token('Vendedor'), { nombre_categoria_producto: 'X' })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown category', async () => {
    const respuesta = await llamar('PUT', url(999999), token('Bodega'), { nombre_categoria_producto: 'X' });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.CATEGORIA_PRODUCTO_NO_ENCONTRADA.mensaje });
  });

  it('refuses a category as its own parent, or a subcategory as its parent', async () => {
    const raiz = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Raíz' });
    const hija = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Hija', categoria_producto_padre_id: raiz.id });
    const nieta = await crearCategoria(entorno.db, { nombre_categoria_producto: 'Nieta', categoria_producto_padre_id: hija.id });
    const propia = await llamar('PUT', url(raiz.id), token('Bodega'), { nombre_categoria_producto: 'Raíz', categoria_producto_padre_id: raiz.id });
    expect(propia.statusCode).toBe(422);
    expect(propia.json()).toMatchObject({ message: MENSAJES_CATEGORIA_PRODUCTO.padrePropio });
    const ciclo = await llamar('PUT', url(raiz.id), token('Bodega'), { nombre_categoria_producto: 'Raíz', categoria_producto_padre_id: nieta.id });
    expect(ciclo.statusCode).toBe(422);
    expect(ciclo.json().errors).toEqual({ categoria_producto_padre_id: [MENSAJES_CATEGORIA_PRODUCTO.padreCiclo] });
  });

  it('changes name and parent', async () => {
    const a = await crearCategoria(entorno.db);
    const b = await crearCategoria(entorno.db);
    const respuesta = await llamar('PUT', url(b.id), token('SuperAdministrador'), { nombre_categoria_producto: 'Renombrada', categoria_producto_padre_id: a.id });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Categoría actualizada con éxito' });
    const fila = await entorno.db.selectFrom('categoria_producto').select(['nombre_categoria_producto', 'categoria_producto_padre_id']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_categoria_producto: 'Renombrada', categoria_producto_padre_id: a.id });
  });
});
