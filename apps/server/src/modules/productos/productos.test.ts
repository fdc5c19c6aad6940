import { ERRORES, MENSAJES_PRODUCTO, type Producto } from '@tablero/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, crearEscenario, crearImpuesto, crearProducto, crearProveedor, crearTipoMedida, fijarGruposTableros, movimientosDe, saldoDe, type Escenario } from '../../../test/factories';

const entorno = usarEntorno();
let e: Escenario;
let impuesto: { id: number };
let proveedor: { id: number; nombre_proveedor: string };

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  impuesto = await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  proveedor = await crearProveedor(entorno.db, { nombre_proveedor: 'Tableros Andinos S.A.S.' });
  await fijarGruposTableros(entorno.db, '1,3');
});

const token = (rol: keyof Escenario['porRol']) => e.porRol[rol].token;

function tablero(cambios: Record<string, unknown> = {}) {
  return {
    referencia: `MEL-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    nombre_producto: 'Tablero Melamína Blanco 15 mm',
    precio_unitario: '185,000.50',
    cantidad: 12,
    impuesto_id: impuesto.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    medida_largo: 2440,
    medida_ancho: 2150,
    ...cambios,
  };
}

describe('GET /api/productos', () => {
  it('refuses a call without a token with 401', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos' });
    expect(respuesta.statusCode).toBe(401);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos', headers: headers(token('Vendedor'), e.ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_NO_PERMITIDA.mensaje });
  });

  it('refuses a call without a store with 422 "Debe seleccionar una tienda"', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos', headers: headers(token('Vendedor')) });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIENDA_REQUERIDA.mensaje });
  });

  it('refuses a codigo_tienda in the query that is not the store of the header with 403', async () => {
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/productos?codigo_tienda=${e.otra.codigo_tienda}`,
      headers: headers(token('Vendedor'), e.tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(403);
  });

  it('refuses a page below 1 with 422', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos?page=0', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(422);
  });

  it('lets every role read the store\'s products, newest first, with the store\'s quantity and price', async () => {
    const producto = await crearProducto(entorno.db, {
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      nombre_producto: 'Bisagra cierre lento 35 mm',
      tiendas: [
        { codigo_tienda: e.tienda.codigo_tienda, cantidad: 40, precio_unitario: 5200 },
        { codigo_tienda: e.otra.codigo_tienda, cantidad: 3, precio_unitario: 5600 },
      ],
    });
    for (const rol of ['SuperAdministrador', 'Administrador', 'Vendedor', 'Bodega', 'Operario'] as const) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos', headers: headers(token(rol), e.tienda.codigo_tienda) });
      expect(respuesta.statusCode, rol).toBe(200);
      const pagina = respuesta.json().data.productos;
      expect(pagina).toMatchObject({ current_page: 1, per_page: 10 });
      expect(pagina.data[0]).toMatchObject({
        id: producto.id,
        cantidad: 40,
        precio_unitario: 5200,
        nombre_grupo: 'Herrajes',
        nombre_linea: 'Bisagras',
        porcentaje_impuesto: 19,
        nombre_proveedor: 'Tableros Andinos S.A.S.',
        codigo_tienda: e.tienda.codigo_tienda,
      });
    }
    const otra = await entorno.app.inject({ method: 'GET', url: '/api/productos', headers: headers(token('Vendedor'), e.otra.codigo_tienda) });
    expect(otra.json().data.productos.data[0]).toMatchObject({ id: producto.id, cantidad: 3, precio_unitario: 5600 });
  });

  it('finds "Tablero Melamína Blanco" by "tablero melamina blanco", ignoring accents, case and word order', async () => {
    const producto = await crearProducto(entorno.db, {
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      referencia: 'TMB-ÚNICO-18',
      nombre_producto: 'Tablero Melamína Blanco Ártico 18 mm',
      grupo_id: 1,
      linea_id: 1,
    });
    for (const query of ['tablero melamina blanco', 'BLANCO artico tablero', 'tmb-unico', 'Ártico']) {
      const respuesta = await entorno.app.inject({
        method: 'GET',
        url: `/api/productos?query=${encodeURIComponent(query)}`,
        headers: headers(token('Vendedor'), e.tienda.codigo_tienda),
      });
      const ids = respuesta.json().data.productos.data.map((p: Producto) => p.id);
      expect(ids, query).toContain(producto.id);
    }
    const nada = await entorno.app.inject({ method: 'GET', url: '/api/productos?query=melamina%20negro%20inexistente', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(nada.json().data.productos).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('matches the start of each word in any order, and a fragment from the middle of a reference', async () => {
    const producto = await crearProducto(entorno.db, {
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      referencia: 'CNT-RIG-004512',
      nombre_producto: 'Tapacantos rígidos Wengué 22 mm',
      grupo_id: 2,
      linea_id: 4,
    });
    const ids = async (query: string) =>
      (
        await entorno.app.inject({ method: 'GET', url: `/api/productos?query=${encodeURIComponent(query)}`, headers: headers(token('Vendedor'), e.tienda.codigo_tienda) })
      ).json().data.productos.data.map((p: Producto) => p.id);
    for (const query of ['tapacanto wengue', 'weng tapa rig', 'cnt-rig', '004512', '4512', 'RIG-0045']) expect(await ids(query), query).toContain(producto.id);
    for (const query of ['wengue negro', 'apacanto']) expect(await ids(query), query).not.toContain(producto.id);
  });

  it('counts every match exactly and pages through them all', async () => {
    await sql`
      insert into producto (referencia, nombre_producto, precio_unitario, impuesto_id, proveedor_id, grupo_id, linea_id)
      select 'LOTE-' || i, 'Lotecontado pieza ' || i, 1000, ${impuesto.id}, ${proveedor.id}, 4, 10 from generate_series(1, 1005) as i
    `.execute(entorno.db);
    const pagina = async (page: number) =>
      (await entorno.app.inject({ method: 'GET', url: `/api/productos?query=lotecontado&page=${page}`, headers: headers(token('Vendedor'), e.tienda.codigo_tienda) })).json().data
        .productos;
    expect(await pagina(1)).toMatchObject({ current_page: 1, last_page: 101, per_page: 10, total: 1005 });
    const ultima = await pagina(101);
    expect(ultima.data.map((p: Producto) => p.referencia)).toEqual(['LOTE-5', 'LOTE-4', 'LOTE-3', 'LOTE-2', 'LOTE-1']);
    expect(await pagina(150)).toMatchObject({ data: [], current_page: 150, last_page: 101, total: 1005 });
  });

  it('finds at once what another writer just changed in the catalog, and no longer what it renamed', async () => {
    const buscar = async (query: string) =>
      (await entorno.app.inject({ method: 'GET', url: `/api/productos?query=${encodeURIComponent(query)}`, headers: headers(token('Vendedor'), e.tienda.codigo_tienda) })).json().data
        .productos;
    expect((await buscar('zafiro')).total).toBe(0);
    // Written straight to the database (another process, a script): the search index is rebuilt on the next call.
    const { id } = await entorno.db
      .insertInto('producto')
      .values({ referencia: 'ZAF-01', nombre_producto: 'Tablero Zafiro 18 mm', precio_unitario: 1000, impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await buscar('zafiro')).toMatchObject({ total: 1, data: [expect.objectContaining({ id, nombre_producto: 'Tablero Zafiro 18 mm' })] });
    await entorno.db.updateTable('producto').set({ nombre_producto: 'Tablero Esmeralda 18 mm' }).where('id', '=', id).execute();
    expect((await buscar('zafiro')).total).toBe(0);
    expect((await buscar('esmeralda')).data.map((p: Producto) => p.id)).toEqual([id]);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos?query=%25%25', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(respuesta.json().data.productos.total).toBe(0);
  });

  it('filters by grupo_id (edge bands are group 2)', async () => {
    const canto = await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 2, linea_id: 4, nombre_producto: 'Canto rígido blanco 22x0.45' });
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos?grupo_id=2', headers: headers(token('Operario'), e.tienda.codigo_tienda) });
    const productos: Producto[] = respuesta.json().data.productos.data;
    expect(productos.map((p) => p.id)).toContain(canto.id);
    expect(productos.every((p) => p.grupo_id === 2)).toBe(true);
  });

  it('answers special services (product group 8) as a plain list with servicios_especiales=1&no_page=1', async () => {
    // Product group 8 'Servicios especiales' and its line 15 (migration 202611230200); the service group does not decide.
    const especial = await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 8, linea_id: 15, grupo_servicio_id: 3, referencia: 'SERVIPERF01', nombre_producto: 'Perforación bisagra' });
    const sinGrupoServicio = await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 8, linea_id: 15, referencia: 'SERVIRANURA01', nombre_producto: 'Ranura fondo' });
    await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 5, linea_id: 14, grupo_servicio_id: 3, referencia: 'SERVIOTRO-T' });
    await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, grupo_id: 5, linea_id: 12, grupo_servicio_id: 1, referencia: 'SERVICOR-T' });
    const listar = (consulta: string) =>
      entorno.app.inject({ method: 'GET', url: `/api/productos?${consulta}`, headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });

    const respuesta = await listar('servicios_especiales=1&no_page=1');
    expect(respuesta.statusCode).toBe(200);
    const lista: Producto[] = respuesta.json().data.productos;
    expect(Array.isArray(lista)).toBe(true);
    expect(lista.map((p) => p.id)).toEqual([sinGrupoServicio.id, especial.id]);
    expect(lista[1]).toMatchObject({ grupo_id: 8, nombre_grupo: 'Servicios especiales', nombre_linea: 'Servicios especiales', nombre_grupo_servicio: 'Servicios especiales' });

    // With a search, paged, and never together with another product group.
    expect((await listar('servicios_especiales=1&no_page=1&query=perfor')).json().data.productos.map((p: Producto) => p.id)).toEqual([especial.id]);
    expect((await listar('servicios_especiales=1')).json().data.productos).toMatchObject({ total: 2, data: [{ id: sinGrupoServicio.id }, { id: especial.id }] });
    expect((await listar('servicios_especiales=1&grupo_id=8&no_page=1')).json().data.productos).toHaveLength(2);
    expect((await listar('servicios_especiales=1&grupo_id=5&no_page=1')).json().data.productos).toEqual([]);
    expect((await listar('servicios_especiales=1&grupo_id=5')).json().data.productos).toMatchObject({ total: 0, data: [] });
  });

  it('pages 10 at a time with the page numbers of the spec', async () => {
    for (let i = 0; i < 11; i++) {
      await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, nombre_producto: `Tornillo paginado ${i}`, grupo_id: 4, linea_id: 10 });
    }
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos?query=tornillo%20paginado&page=2', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(respuesta.json().data.productos).toMatchObject({ current_page: 2, last_page: 2, per_page: 10, total: 11 });
    expect(respuesta.json().data.productos.data).toHaveLength(1);
  });
});

describe('GET /api/productos sorted and sized', () => {
  const listar = async (consulta: string) =>
    entorno.app.inject({ method: 'GET', url: `/api/productos?${consulta}`, headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
  const pagina = async (consulta: string) => (await listar(`query=yyorden&${consulta}`)).json().data.productos;
  let creados: { id: number; referencia: string }[] = [];

  beforeAll(async () => {
    creados = [];
    // 30 products; three share each name and each store price, so ties are many; the store's stock varies.
    for (let n = 0; n < 30; n++) {
      const referencia = `YYO-${String((n * 7) % 30).padStart(2, '0')}`;
      const producto = await crearProducto(entorno.db, {
        impuesto_id: impuesto.id,
        proveedor_id: proveedor.id,
        referencia,
        nombre_producto: `Yyorden ${String.fromCharCode(97 + (n % 10))}`,
        tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: n % 4, precio_unitario: 1000 * (1 + (n % 3)) }],
      });
      creados.push({ id: producto.id, referencia });
    }
  });

  it('pages by the size asked (10, 25, 50 or 100)', async () => {
    const de25 = await pagina('page=1&per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2, current_page: 1 });
    expect(de25.data).toHaveLength(25);
    expect((await pagina('page=2&per_page=25')).data).toHaveLength(5);
    expect(await pagina('page=1')).toMatchObject({ per_page: 10, last_page: 3 });
  });

  it('sorts by reference and name (search index) either way, ties by id in the same direction', async () => {
    const referencias = (await pagina('per_page=50&orden=referencia')).data.map((p: Producto) => p.referencia);
    expect(referencias).toEqual([...creados.map((c) => c.referencia)].sort());
    const alReves = (await pagina('per_page=50&orden=referencia&direccion=desc')).data.map((p: Producto) => p.referencia);
    expect(alReves).toEqual([...referencias].reverse());

    const porNombre = (await pagina('per_page=50&orden=nombre_producto&direccion=desc')).data as Producto[];
    const esperado = [...porNombre].sort((x, y) => (x.nombre_producto < y.nombre_producto ? 1 : x.nombre_producto > y.nombre_producto ? -1 : y.id - x.id));
    expect(porNombre.map((p) => p.id)).toEqual(esperado.map((p) => p.id));
    expect(porNombre[0]!.nombre_producto).toBe('Yyorden j');

    // Pages of a sorted list neither repeat nor skip a product, though three share each name.
    const porPaginas: number[] = [];
    for (let page = 1; page <= 3; page++) porPaginas.push(...(await pagina(`page=${page}&orden=nombre_producto`)).data.map((p: Producto) => p.id));
    expect(new Set(porPaginas).size).toBe(30);
  });

  it('sorts by the store\'s price and stock (PostgreSQL) either way, ties by id, pages without repeats', async () => {
    const porPrecio = (await pagina('per_page=50&orden=precio_unitario&direccion=desc')).data as Producto[];
    const esperado = [...porPrecio].sort((x, y) => y.precio_unitario - x.precio_unitario || y.id - x.id);
    expect(porPrecio.map((p) => p.id)).toEqual(esperado.map((p) => p.id));
    expect(porPrecio[0]!.precio_unitario).toBe(3000);
    expect(porPrecio).toHaveLength(30);

    const porCantidad = (await pagina('per_page=50&orden=cantidad')).data as Producto[];
    expect(porCantidad.map((p) => p.id)).toEqual([...porCantidad].sort((x, y) => x.cantidad - y.cantidad || x.id - y.id).map((p) => p.id));

    const porPaginas: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const respuesta = await pagina(`page=${page}&orden=precio_unitario`);
      expect(respuesta).toMatchObject({ total: 30, last_page: 3, current_page: page });
      porPaginas.push(...respuesta.data.map((p: Producto) => p.id));
    }
    expect(new Set(porPaginas).size).toBe(30);
  });

  it('sorts the whole catalog (no search) by price in PostgreSQL with the exact total', async () => {
    const todos = (await listar('per_page=100&orden=precio_unitario&direccion=desc')).json().data.productos;
    const precios = todos.data.map((p: Producto) => p.precio_unitario);
    expect(precios).toEqual([...precios].sort((a, b) => b - a));
    const sinOrden = (await listar('per_page=100')).json().data.productos;
    expect(todos.total).toBe(sinOrden.total);
  });

  it('refuses a page size or sort column the list does not offer with 422', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=costo_inventario_unitario', 'orden=id;drop table producto', 'direccion=arriba']) {
      const respuesta = await listar(`page=1&${consulta}`);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });
});

describe('GET /api/productos/{id}', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/productos/1' })).statusCode).toBe(401);
  });

  it('answers 404 with the Spanish message for an unknown product', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/productos/999999', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.PRODUCTO_NO_ENCONTRADO.mensaje });
  });

  it('answers data.producto with its function and the store\'s values, also to Operario', async () => {
    const producto = await crearProducto(entorno.db, {
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 7, precio_unitario: 1500, costo_inventario_unitario: 900 }],
    });
    await entorno.db.updateTable('producto').set({ funcion_producto_id: 1 }).where('id', '=', producto.id).execute();
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/productos/${producto.id}?codigo_tienda=${e.tienda.codigo_tienda}`,
      headers: headers(token('Operario'), e.tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.producto).toMatchObject({
      id: producto.id,
      referencia: producto.referencia,
      nombre_funcion_producto: 'Venta',
      cantidad: 7,
      precio_unitario: 1500,
      costo_inventario_unitario: 900,
    });
  });
});

describe('GET /api/productos/codigo/{referencia}', () => {
  const leer = (tk: string | null, referencia: string, tienda: string = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'GET', url: `/api/productos/codigo/${encodeURIComponent(referencia)}`, ...(tk ? { headers: headers(tk, tienda) } : {}) });

  it('refuses a call without a token with 401', async () => {
    expect((await leer(null, 'SERVICOR1')).statusCode).toBe(401);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await leer(token('Bodega'), 'SERVICOR1', e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown reference, one of 60 characters, one beyond any reference or with a NUL', async () => {
    // A NUL in a path never reaches a route: the app answers its generic 404.
    expect((await leer(token('Vendedor'), 'A\u0000B')).statusCode).toBe(404);
    for (const referencia of ['NO-EXISTE-123', 'x'.repeat(60)]) {
      const respuesta = await leer(token('Vendedor'), referencia);
      expect(respuesta.statusCode, referencia).toBe(404);
      expect(respuesta.json()).toMatchObject({ message: ERRORES.PRODUCTO_NO_ENCONTRADO.mensaje });
    }
    // An invalid path parameter is a resource that does not exist: 404, like an id beyond integer.
    expect((await leer(token('Vendedor'), 'x'.repeat(61))).statusCode).toBe(404);
  });

  it('finds the product by its reference in any case, with the store\'s price and stock', async () => {
    const producto = await crearProducto(entorno.db, {
      impuesto_id: impuesto.id,
      proveedor_id: proveedor.id,
      tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 4, precio_unitario: 2750, costo_inventario_unitario: 1000 }],
    });
    const respuesta = await leer(token('Vendedor'), producto.referencia.toLowerCase());
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.producto).toMatchObject({ id: producto.id, referencia: producto.referencia, cantidad: 4, precio_unitario: 2750 });
  });
});

describe('POST /api/productos/crear', () => {
  const crear = (tk: string | null, payload: unknown, tienda: string | undefined = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'POST', url: '/api/productos/crear', ...(tk ? { headers: headers(tk, tienda) } : {}), payload: payload as object });

  it('refuses a call without a token with 401', async () => {
    expect((await crear(null, tablero())).statusCode).toBe(401);
  });

  it.each(['Administrador', 'Vendedor', 'Operario'] as const)('refuses %s with 403 and creates nothing', async (rol) => {
    const datos = tablero();
    const respuesta = await crear(token(rol), datos);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.ROL_NO_PERMITIDO.mensaje });
    expect(await entorno.db.selectFrom('producto').select('id').where('referencia', '=', datos.referencia).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await crear(token('Bodega'), tablero(), e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses an empty body with 422 and the Spanish message of every required field', async () => {
    const respuesta = await crear(token('Bodega'), {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({
      referencia: [MENSAJES_PRODUCTO.referencia],
      nombre_producto: [MENSAJES_PRODUCTO.nombre],
      precio_unitario: [MENSAJES_PRODUCTO.precio],
      cantidad: [MENSAJES_PRODUCTO.cantidad],
      impuesto_id: [MENSAJES_PRODUCTO.impuesto],
      proveedor_id: [MENSAJES_PRODUCTO.proveedor],
      grupo_id: [MENSAJES_PRODUCTO.grupo],
      linea_id: [MENSAJES_PRODUCTO.linea],
    });
  });

  it('keeps 2.5 m of a product sold by the metre; refuses a fraction of one counted in units, naming it, creating nothing', async () => {
    const metro = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
    const unidad = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'UND', nombre_tipo_medida: 'Unidad' });
    const canto = tablero({ grupo_id: 2, linea_id: 4, medida_largo: null, medida_ancho: null, nombre_producto: 'Canto rígido 22 mm', tipo_medida_id: metro.id, cantidad: '2.5' });
    const creado = await crear(token('Bodega'), canto);
    expect(creado.statusCode, creado.body).toBe(200);
    const { id } = await entorno.db.selectFrom('producto').select('id').where('referencia', '=', canto.referencia).executeTakeFirstOrThrow();
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, id)).toMatchObject({ cantidad: 2.5 });
    expect((await movimientosDe(entorno.db, e.tienda.codigo_tienda, id)).map((m) => [m.tipo_movimiento, m.cantidad, m.saldo])).toEqual([['INICIAL', 2.5, 2.5]]);

    const bisagra = tablero({ grupo_id: 4, linea_id: 8, medida_largo: null, medida_ancho: null, nombre_producto: 'Bisagra de cierre lento', tipo_medida_id: unidad.id, cantidad: 2.5 });
    const rechazado = await crear(token('Bodega'), bisagra);
    expect(rechazado.statusCode).toBe(422);
    expect(rechazado.json()).toMatchObject({ errors: { cantidad: ['La cantidad de Bisagra de cierre lento debe ser un número entero'] } });
    expect(await entorno.db.selectFrom('producto').select('id').where('referencia', '=', bisagra.referencia).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a board group without length and width with "Debe ingresar un valor"', async () => {
    const respuesta = await crear(token('Bodega'), tablero({ medida_largo: '', medida_ancho: null }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({
      message: MENSAJES_PRODUCTO.medida,
      errors: { medida_largo: [MENSAJES_PRODUCTO.medida], medida_ancho: [MENSAJES_PRODUCTO.medida] },
    });
  });

  it('refuses a negative price, a negative quantity, one with more than 2 decimals and a line of another group', async () => {
    const respuesta = await crear(token('Bodega'), tablero({ precio_unitario: -1, cantidad: -1 }));
    expect(respuesta.json().errors).toMatchObject({ precio_unitario: [MENSAJES_PRODUCTO.precioNegativo], cantidad: [MENSAJES_PRODUCTO.cantidadInvalida] });
    expect((await crear(token('Bodega'), tablero({ cantidad: 1.505 }))).json().errors).toMatchObject({ cantidad: ['Máximo 2 decimales'] });
    const linea = await crear(token('Bodega'), tablero({ linea_id: 4 }));
    expect(linea.statusCode).toBe(422);
    expect(linea.json().errors).toEqual({ linea_id: [MENSAJES_PRODUCTO.lineaDeOtroGrupo] });
  });

  it('refuses unknown tax and supplier with their messages', async () => {
    const respuesta = await crear(token('Bodega'), tablero({ impuesto_id: 999999, proveedor_id: 999999 }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ impuesto_id: [MENSAJES_PRODUCTO.impuesto], proveedor_id: [MENSAJES_PRODUCTO.proveedor] });
  });

  it('creates a board product: stock rows in every store, its quantity as the opening movement in the selected store', async () => {
    const datos = tablero({ descripcion_producto: '  Melamina de alta resistencia  ', prefijo: '' });
    const respuesta = await crear(token('Bodega'), { ...datos, codigo_tienda: e.tienda.codigo_tienda });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ message: 'Producto creado con éxito' });
    const id = respuesta.json().data.id as number;

    const fila = await entorno.db.selectFrom('producto').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({
      referencia: datos.referencia,
      prefijo: null,
      descripcion_producto: 'Melamina de alta resistencia',
      precio_unitario: '185000.50',
      medida_largo: 2440,
      medida_ancho: 2150,
    });
    const buscado = await entorno.app.inject({ method: 'GET', url: `/api/productos?query=${encodeURIComponent(datos.referencia)}`, headers: headers(token('Bodega'), e.tienda.codigo_tienda) });
    expect(buscado.json().data.productos.data.map((p: Producto) => p.id)).toEqual([id]);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, id)).toMatchObject({ cantidad: 12, precio_unitario: '185000.50' });
    expect(await saldoDe(entorno.db, e.otra.codigo_tienda, id)).toMatchObject({ cantidad: 0, precio_unitario: '185000.50' });
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, id)).toEqual([
      expect.objectContaining({ tipo_movimiento: 'INICIAL', cantidad: 12, saldo: 12, user_id: e.porRol.Bodega.id }),
    ]);
    expect(await movimientosDe(entorno.db, e.otra.codigo_tienda, id)).toEqual([]);
  });

  it('refuses a product type outside the list with its Spanish message, creating nothing', async () => {
    const datos = tablero({ tipo_producto: 'Servicio' });
    const respuesta = await crear(token('Bodega'), datos);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ tipo_producto: [MENSAJES_PRODUCTO.tipoProducto] });
    expect(await entorno.db.selectFrom('producto').select('id').where('referencia', '=', datos.referencia).execute()).toEqual([]);
  });

  it('keeps the product type (a good unless told), and the list and detail show it with its tax kind', async () => {
    const excluido = await crearImpuesto(entorno.db, { nombre_impuesto: 'Excluido', porcentaje_impuesto: 0 });
    const bien = await crear(token('Bodega'), tablero());
    const servicio = await crear(token('Bodega'), tablero({ tipo_producto: 'Service', impuesto_id: excluido.id, grupo_id: 4, linea_id: 9, cantidad: 0 }));
    expect([bien.statusCode, servicio.statusCode]).toEqual([200, 200]);
    const ids = [bien.json().data.id as number, servicio.json().data.id as number];
    const filas = await entorno.db.selectFrom('producto').select(['id', 'tipo_producto']).where('id', 'in', ids).orderBy('id').execute();
    expect(filas.map((f) => f.tipo_producto)).toEqual(['Product', 'Service']);
    const detalle = await entorno.app.inject({ method: 'GET', url: `/api/productos/${ids[1]}`, headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(detalle.json().data.producto).toMatchObject({ tipo_producto: 'Service', clase_tributaria: 'Excluded' });
    const lista = await entorno.app.inject({ method: 'GET', url: '/api/productos?no_page=1', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    const enLista = (lista.json().data.productos as Producto[]).filter((p) => ids.includes(p.id));
    expect(enLista.map((p) => [p.tipo_producto, p.clase_tributaria]).sort()).toEqual([
      ['Product', 'Taxed'],
      ['Service', 'Excluded'],
    ]);
  });

  it('ignores length and width for a group that is not a board group', async () => {
    const respuesta = await crear(token('SuperAdministrador'), tablero({ grupo_id: 4, linea_id: 9, medida_largo: 500, cantidad: 0 }));
    expect(respuesta.statusCode).toBe(200);
    const fila = await entorno.db.selectFrom('producto').select(['medida_largo', 'medida_ancho']).where('id', '=', respuesta.json().data.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ medida_largo: null, medida_ancho: null });
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, respuesta.json().data.id)).toEqual([]);
  });

  it('refuses a reference that exists in any case with 409', async () => {
    const datos = tablero();
    expect((await crear(token('Bodega'), datos)).statusCode).toBe(200);
    const repetida = await crear(token('Bodega'), tablero({ referencia: datos.referencia.toLowerCase() }));
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json()).toMatchObject({ message: ERRORES.PRODUCTO_REFERENCIA_DUPLICADA.mensaje });
  });
});

describe('PUT /api/productos/{id}/editar', () => {
  let productoId: number;
  const editar = (tk: string | null, id: number, payload: unknown, tienda: string | undefined = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'PUT', url: `/api/productos/${id}/editar`, ...(tk ? { headers: headers(tk, tienda) } : {}), payload: payload as object });

  beforeAll(async () => {
    const respuesta = await entorno.app.inject({
      method: 'POST',
      url: '/api/productos/crear',
      headers: headers(token('Bodega'), e.tienda.codigo_tienda),
      payload: tablero({ referencia: 'EDITABLE-1', cantidad: 10 }),
    });
    productoId = respuesta.json().data.id;
  });

  it('refuses a call without a token with 401', async () => {
    expect((await editar(null, productoId, tablero())).statusCode).toBe(401);
  });

  it.each(['Administrador', 'Vendedor', 'Operario'] as const)('refuses %s with 403', async (rol) => {
    expect((await editar(token(rol), productoId, tablero({ referencia: 'EDITABLE-1' }))).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1' }), e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a blank name with 422 "Debe ingresar un nombre de producto"', async () => {
    const respuesta = await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1', nombre_producto: '  ' }));
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ nombre_producto: [MENSAJES_PRODUCTO.nombre] });
  });

  it('refuses an inactive tax for a new choice but lets a product keep the inactive tax it has', async () => {
    const viejo = await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA 16% (anterior)', porcentaje_impuesto: 16 });
    const conViejo = await crearProducto(entorno.db, { impuesto_id: viejo.id, proveedor_id: proveedor.id, referencia: 'IVA16-1' });
    await entorno.db.updateTable('impuesto').set({ activo: false }).where('id', '=', viejo.id).execute();
    const nuevo = await entorno.app.inject({
      method: 'POST',
      url: '/api/productos/crear',
      headers: headers(token('Bodega'), e.tienda.codigo_tienda),
      payload: tablero({ referencia: 'IVA16-2', impuesto_id: viejo.id }),
    });
    expect(nuevo.statusCode).toBe(422);
    expect(nuevo.json().errors).toEqual({ impuesto_id: [MENSAJES_PRODUCTO.impuesto] });
    const cambio = await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1', impuesto_id: viejo.id }));
    expect(cambio.statusCode).toBe(422);
    const mismo = await editar(token('Bodega'), conViejo.id, tablero({ referencia: 'IVA16-1', impuesto_id: viejo.id }));
    expect(mismo.statusCode).toBe(200);
  });

  it('answers 404 for an unknown product', async () => {
    const respuesta = await editar(token('Bodega'), 999999, tablero());
    expect(respuesta.statusCode).toBe(404);
  });

  it('refuses the reference of another product with 409', async () => {
    const otro = await crearProducto(entorno.db, { impuesto_id: impuesto.id, proveedor_id: proveedor.id, referencia: 'OTRA-REF-9' });
    expect(otro.id).toBeGreaterThan(0);
    const respuesta = await editar(token('Bodega'), productoId, tablero({ referencia: 'otra-ref-9' }));
    expect(respuesta.statusCode).toBe(409);
  });

  it('edits the fields and records a changed quantity as an adjustment in the selected store only', async () => {
    const respuesta = await editar(token('SuperAdministrador'), productoId, tablero({ referencia: 'EDITABLE-1', nombre_producto: 'Tablero editado', precio_unitario: 190000, cantidad: 7 }));
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Producto actualizado con éxito' });
    const fila = await entorno.db.selectFrom('producto').select(['nombre_producto', 'precio_unitario']).where('id', '=', productoId).executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_producto: 'Tablero editado', precio_unitario: '190000.00' });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, productoId)).toMatchObject({ cantidad: 7, precio_unitario: '190000.00' });
    expect(await saldoDe(entorno.db, e.otra.codigo_tienda, productoId)).toMatchObject({ cantidad: 0 });
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, productoId)).toEqual([
      expect.objectContaining({ tipo_movimiento: 'INICIAL', cantidad: 10, saldo: 10 }),
      expect.objectContaining({ tipo_movimiento: 'AJUSTE', cantidad: -3, saldo: 7, user_id: e.porRol.SuperAdministrador.id }),
    ]);
  });

  it('changes the product type, and refuses one outside the list', async () => {
    const malo = await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1', tipo_producto: 'Otro' }));
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors).toEqual({ tipo_producto: [MENSAJES_PRODUCTO.tipoProducto] });
    const bueno = await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1', tipo_producto: 'Service', cantidad: 7 }));
    expect(bueno.statusCode).toBe(200);
    const fila = await entorno.db.selectFrom('producto').select('tipo_producto').where('id', '=', productoId).executeTakeFirstOrThrow();
    expect(fila.tipo_producto).toBe('Service');
    await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1', cantidad: 7 }));
    const deNuevo = await entorno.db.selectFrom('producto').select('tipo_producto').where('id', '=', productoId).executeTakeFirstOrThrow();
    expect(deNuevo.tipo_producto).toBe('Product');
  });

  it('writes no movement when the quantity does not change', async () => {
    const antes = (await movimientosDe(entorno.db, e.tienda.codigo_tienda, productoId)).length;
    const respuesta = await editar(token('Bodega'), productoId, tablero({ referencia: 'EDITABLE-1', cantidad: 7 }));
    expect(respuesta.statusCode).toBe(200);
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, productoId)).toHaveLength(antes);
  });
});

describe('lookups of the product form', () => {
  it('refuses a call without a token with 401', async () => {
    for (const url of ['/api/listas/grupos', '/api/listas/funciones-productos', '/api/listas/grupo-servicio', '/api/listas/grupos/1/lineas', '/api/listas/proveedores']) {
      expect((await entorno.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('answers groups, functions, service groups and suppliers to any logged-in user', async () => {
    const h = headers(token('Operario'), e.tienda.codigo_tienda);
    const grupos = await entorno.app.inject({ method: 'GET', url: '/api/listas/grupos', headers: h });
    expect(grupos.json().data.grupos).toEqual(
      expect.arrayContaining([{ id: 1, nombre_grupo: 'Tableros melamina' }, { id: 2, nombre_grupo: 'Tapacantos' }, { id: 8, nombre_grupo: 'Servicios especiales' }]),
    );
    const funciones = await entorno.app.inject({ method: 'GET', url: '/api/listas/funciones-productos', headers: h });
    expect(funciones.json().data.funciones_productos[0]).toEqual({ id: 1, nombre_funcion_producto: 'Venta' });
    const servicios = await entorno.app.inject({ method: 'GET', url: '/api/listas/grupo-servicio', headers: h });
    // spec 002 §9: 1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque.
    expect(servicios.json().data.grupos_servicios).toEqual([
      { id: 1, nombre_grupo_servicio: 'Corte' },
      { id: 2, nombre_grupo_servicio: 'Enchape' },
      { id: 3, nombre_grupo_servicio: 'Servicios especiales' },
      { id: 6, nombre_grupo_servicio: 'Empaque' },
    ]);
    const proveedores = await entorno.app.inject({ method: 'GET', url: '/api/listas/proveedores', headers: h });
    expect(proveedores.json().data.proveedores).toContainEqual({ id: proveedor.id, nombre_proveedor: 'Tableros Andinos S.A.S.' });
  });

  it('answers the lines of a group, and 404 for an unknown group', async () => {
    const h = headers(token('Vendedor'));
    const lineas = await entorno.app.inject({ method: 'GET', url: '/api/listas/grupos/2/lineas', headers: h });
    expect(lineas.json().data.lineas.map((l: { id: number; grupo_id: number }) => [l.id, l.grupo_id])).toEqual([
      [5, 2],
      [4, 2],
    ]);
    const especiales = await entorno.app.inject({ method: 'GET', url: '/api/listas/grupos/8/lineas', headers: h });
    expect(especiales.json().data.lineas).toEqual([{ id: 15, grupo_id: 8, nombre_linea: 'Servicios especiales' }]);
    const desconocido = await entorno.app.inject({ method: 'GET', url: '/api/listas/grupos/99/lineas', headers: h });
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json()).toMatchObject({ message: ERRORES.GRUPO_NO_ENCONTRADO.mensaje });
  });
});
