import ExcelJS from 'exceljs';
import { ERRORES, MENSAJES_INVENTARIO, leerCsvInventario } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, crearEscenario, crearImpuesto, crearProducto, crearProveedor, crearTipoMedida, movimientosDe, saldoDe, type Escenario } from '../../../test/factories';

const entorno = usarEntorno();
let e: Escenario;
let base: { impuesto_id: number; proveedor_id: number };

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  base = { impuesto_id: (await crearImpuesto(entorno.db, { porcentaje_impuesto: 19 })).id, proveedor_id: (await crearProveedor(entorno.db)).id };
});

const token = (rol: keyof Escenario['porRol']) => e.porRol[rol].token;
const NO_BODEGA = ['Administrador', 'Vendedor', 'Operario'] as const;

describe('GET /api/inventarios', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/inventarios' })).statusCode).toBe(401);
  });

  it.each(NO_BODEGA)('refuses %s with 403', async (rol) => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/inventarios', headers: headers(token(rol), e.tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/inventarios', headers: headers(token('Bodega'), e.ajena.codigo_tienda) });
    expect(respuesta.statusCode).toBe(403);
  });

  it('refuses a page that is not a number with 422', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/inventarios?page=x', headers: headers(token('Bodega'), e.tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(422);
  });

  it('lists the store\'s inventory products and searches without accents', async () => {
    const producto = await crearProducto(entorno.db, {
      ...base,
      nombre_producto: 'Corredera telescópica 45 cm',
      grupo_id: 4,
      linea_id: 9,
      tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 25, precio_unitario: 18500, costo_inventario_unitario: 11000 }],
    });
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: '/api/inventarios?query=TELESCOPICA',
      headers: headers(token('Bodega'), e.tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.productos).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(respuesta.json().data.productos.data).toEqual([
      {
        id: producto.id,
        referencia: producto.referencia,
        nombre_producto: 'Corredera telescópica 45 cm',
        nombre_grupo: 'Herrajes',
        nombre_linea: 'Correderas',
        cantidad: 25,
        precio_unitario: 18500,
        costo_inventario_unitario: 11000,
      },
    ]);
  });
});

describe('GET /api/inventarios sorted and sized', () => {
  const listar = async (consulta: string) =>
    entorno.app.inject({ method: 'GET', url: `/api/inventarios?${consulta}`, headers: headers(token('Bodega'), e.tienda.codigo_tienda) });
  const pagina = async (consulta: string) => (await listar(`query=xxinv&${consulta}`)).json().data.productos;
  type Fila = { id: number; referencia: string; nombre_producto: string; cantidad: number; precio_unitario: number };

  beforeAll(async () => {
    for (let n = 0; n < 30; n++) {
      await crearProducto(entorno.db, {
        ...base,
        referencia: `XXI-${String((n * 11) % 30).padStart(2, '0')}`,
        nombre_producto: `Xxinv ${String.fromCharCode(97 + (n % 10))}`,
        tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: n % 5, precio_unitario: 500 * (1 + (n % 3)) }],
      });
    }
  });

  it('pages by the size asked (10, 25, 50 or 100)', async () => {
    const de25 = await pagina('page=1&per_page=25');
    expect(de25).toMatchObject({ per_page: 25, total: 30, last_page: 2 });
    expect(de25.data).toHaveLength(25);
  });

  it('sorts by reference, name, quantity and price either way, ties by id, and pages neither repeat nor skip', async () => {
    const referencias = (await pagina('per_page=50&orden=referencia&direccion=desc')).data.map((p: Fila) => p.referencia);
    expect(referencias).toEqual([...referencias].sort().reverse());
    expect(referencias).toHaveLength(30);

    const porCantidad = (await pagina('per_page=50&orden=cantidad&direccion=desc')).data as Fila[];
    expect(porCantidad.map((p) => p.id)).toEqual([...porCantidad].sort((x, y) => y.cantidad - x.cantidad || y.id - x.id).map((p) => p.id));
    expect(porCantidad[0]!.cantidad).toBe(4);

    const porPrecio = (await pagina('per_page=50&orden=precio_unitario')).data as Fila[];
    expect(porPrecio.map((p) => p.id)).toEqual([...porPrecio].sort((x, y) => x.precio_unitario - y.precio_unitario || x.id - y.id).map((p) => p.id));

    for (const orden of ['nombre_producto', 'precio_unitario']) {
      const ids: number[] = [];
      for (let page = 1; page <= 3; page++) ids.push(...(await pagina(`page=${page}&orden=${orden}`)).data.map((p: Fila) => p.id));
      expect(new Set(ids).size, orden).toBe(30);
    }
  });

  it('refuses a page size or sort column the list does not offer with 422', async () => {
    for (const consulta of ['per_page=7', 'per_page=1000', 'orden=costo_inventario_unitario', 'orden=id;drop table inventario', 'direccion=arriba']) {
      const respuesta = await listar(`page=1&${consulta}`);
      expect(respuesta.statusCode, consulta).toBe(422);
      expect(respuesta.json().code).toBe('DATOS_INVALIDOS');
    }
  });
});

describe('PUT /api/inventarios/actualizar', () => {
  const actualizar = (tk: string | null, payload: unknown, tienda: string | undefined = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'PUT', url: '/api/inventarios/actualizar', ...(tk ? { headers: headers(tk, tienda) } : {}), payload: payload as object });

  it('refuses a call without a token with 401', async () => {
    expect((await actualizar(null, {})).statusCode).toBe(401);
  });

  it.each(NO_BODEGA)('refuses %s with 403 and leaves the stock alone', async (rol) => {
    const producto = await crearProducto(entorno.db, { ...base, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 5 }] });
    const respuesta = await actualizar(token(rol), { producto_id: producto.id, precio_unitario: 100, cantidad_inventario: 3 });
    expect(respuesta.statusCode).toBe(403);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, producto.id)).toMatchObject({ cantidad: 5 });
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await actualizar(token('Bodega'), { producto_id: 1, precio_unitario: 1, cantidad_inventario: 1 }, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a call without a store with 422', async () => {
    expect((await actualizar(token('Bodega'), { producto_id: 1, precio_unitario: 1, cantidad_inventario: 1 }, '')).statusCode).toBe(422);
  });

  it('refuses missing price and quantity with the spec messages', async () => {
    const respuesta = await actualizar(token('Bodega'), { producto_id: 1, precio_unitario: '', cantidad_inventario: null });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ precio_unitario: [MENSAJES_INVENTARIO.precio], cantidad_inventario: [MENSAJES_INVENTARIO.cantidad] });
  });

  it("refuses a price of 0 with 'Debe ingresar un precio unitario', a negative quantity and one with more than 2 decimals", async () => {
    const respuesta = await actualizar(token('Bodega'), { producto_id: 1, precio_unitario: '0', cantidad_inventario: -2 });
    expect(respuesta.json().errors).toEqual({ precio_unitario: ['Debe ingresar un precio unitario'], cantidad_inventario: [MENSAJES_INVENTARIO.cantidadInvalida] });
    const fraccion = await actualizar(token('Bodega'), { producto_id: 1, precio_unitario: 10, cantidad_inventario: 1.505 });
    expect(fraccion.json().errors).toEqual({ cantidad_inventario: ['Máximo 2 decimales'] });
  });

  it('adds 2.5 m to a product sold by the metre, exactly; refuses a fraction of a product counted in units, naming it', async () => {
    const metro = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
    const unidad = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'UND', nombre_tipo_medida: 'Unidad' });
    const banda = await crearProducto(entorno.db, { ...base, tipo_medida_id: metro.id, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 10 }] });
    const bisagra = await crearProducto(entorno.db, { ...base, tipo_medida_id: unidad.id, nombre_producto: 'Bisagra recta 35 mm', tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 10 }] });

    const respuesta = await actualizar(token('Bodega'), { producto_id: banda.id, precio_unitario: 1000, cantidad_inventario: '2.5' });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data).toEqual({ cantidad: 12.5 });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, banda.id)).toMatchObject({ cantidad: 12.5 });
    expect((await movimientosDe(entorno.db, e.tienda.codigo_tienda, banda.id)).map((m) => [m.tipo_movimiento, m.cantidad, m.saldo])).toEqual([['ENTRADA', 2.5, 12.5]]);

    const rechazada = await actualizar(token('Bodega'), { producto_id: bisagra.id, precio_unitario: 1000, cantidad_inventario: 0.5 });
    expect(rechazada.statusCode).toBe(422);
    expect(rechazada.json()).toMatchObject({
      message: 'La cantidad de Bisagra recta 35 mm debe ser un número entero',
      errors: { cantidad_inventario: [MENSAJES_INVENTARIO.cantidadEntera('Bisagra recta 35 mm')] },
    });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, bisagra.id)).toMatchObject({ cantidad: 10 });
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, bisagra.id)).toEqual([]);
    // Whole units of it are taken as before.
    expect((await actualizar(token('Bodega'), { producto_id: bisagra.id, precio_unitario: 1000, cantidad_inventario: 2 })).statusCode).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, bisagra.id)).toMatchObject({ cantidad: 12 });
  });

  it('answers 404 for an unknown product', async () => {
    const respuesta = await actualizar(token('Bodega'), { producto_id: 999999, precio_unitario: 10, cantidad_inventario: 1 });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.PRODUCTO_NO_ENCONTRADO.mensaje });
  });

  it('adds the quantity, sets the price, averages the cost and writes one movement with the new balance', async () => {
    const producto = await crearProducto(entorno.db, {
      ...base,
      tiendas: [
        { codigo_tienda: e.tienda.codigo_tienda, cantidad: 10, precio_unitario: 1000, costo_inventario_unitario: 600 },
        { codigo_tienda: e.otra.codigo_tienda, cantidad: 4 },
      ],
    });
    const respuesta = await actualizar(token('Bodega'), {
      producto_id: producto.id,
      precio_unitario: '1,250.50',
      costo_unitario: 900,
      cantidad_inventario: 20,
      codigo_tienda: e.tienda.codigo_tienda,
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ message: 'Inventario actualizado con éxito', data: { cantidad: 30 } });
    // (10 × 600 + 20 × 900) / 30 = 800
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, producto.id)).toEqual({ cantidad: 30, precio_unitario: '1250.50', costo_inventario_unitario: '800.00' });
    expect(await saldoDe(entorno.db, e.otra.codigo_tienda, producto.id)).toMatchObject({ cantidad: 4 });
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, producto.id)).toEqual([
      { tipo_movimiento: 'ENTRADA', cantidad: 20, saldo: 30, costo_unitario: '900.00', user_id: e.porRol.Bodega.id, motivo: 'Entrada de inventario', documento: 'Inventario' },
    ]);
  });

  it('creates the store row of a product that had none in that store', async () => {
    const producto = await crearProducto(entorno.db, { ...base, precio_unitario: 700 });
    const respuesta = await actualizar(token('SuperAdministrador'), { producto_id: producto.id, precio_unitario: 750, cantidad_inventario: 2 });
    expect(respuesta.statusCode).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, producto.id)).toMatchObject({ cantidad: 2, precio_unitario: '750.00' });
  });

  it('loses no update when 20 additions run at the same time: the balance is the sum and each has its movement', async () => {
    const producto = await crearProducto(entorno.db, { ...base, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 0 }] });
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) => actualizar(token('Bodega'), { producto_id: producto.id, precio_unitario: 100 + i, cantidad_inventario: i + 1 })),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await saldoDe(entorno.db, e.tienda.codigo_tienda, producto.id))?.cantidad).toBe(210);
    const movimientos = await movimientosDe(entorno.db, e.tienda.codigo_tienda, producto.id);
    expect(movimientos).toHaveLength(20);
    // Each movement's balance is the previous one plus its quantity: the ledger is consistent in order.
    let saldo = 0;
    for (const movimiento of movimientos) {
      saldo += movimiento.cantidad;
      expect(movimiento.saldo).toBe(saldo);
    }
  });
});

describe('POST /api/inventarios/carga-masiva', () => {
  const cargar = (tk: string | null, payload: unknown, tienda: string | undefined = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'POST', url: '/api/inventarios/carga-masiva', ...(tk ? { headers: headers(tk, tienda) } : {}), payload: payload as object });

  it('refuses a call without a token with 401', async () => {
    expect((await cargar(null, { items: [] })).statusCode).toBe(401);
  });

  it.each(NO_BODEGA)('refuses %s with 403', async (rol) => {
    expect((await cargar(token(rol), { items: [{ referencia: 'X', cantidad: '1', precio: '1' }] })).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await cargar(token('Bodega'), { items: [{ referencia: 'X' }] }, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a file without rows with 422 "El archivo no tiene filas para cargar"', async () => {
    const respuesta = await cargar(token('Bodega'), { items: [] });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_INVENTARIO.archivoVacio });
  });

  it('loads a good file in one go: adds each quantity, sets prices (blank keeps the price), one movement per row', async () => {
    const a = await crearProducto(entorno.db, { ...base, referencia: 'CSV-A', tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 5, precio_unitario: 100 }] });
    const b = await crearProducto(entorno.db, { ...base, referencia: 'CSV-B', precio_unitario: 300 });
    const csv = 'referencia;cantidad;precio\ncsv-a;10;1,500.50\nCSV-B;3;\nCSV-A;2;\n';
    const respuesta = await cargar(token('Bodega'), { items: leerCsvInventario(csv), nombre_archivo: 'inventario.csv', tipo_archivo: 'text/csv' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ data: { filas: 3, productos: 2 } });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, a.id)).toMatchObject({ cantidad: 17, precio_unitario: '1500.50' });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, b.id)).toMatchObject({ cantidad: 3, precio_unitario: '300.00' });
    expect((await movimientosDe(entorno.db, e.tienda.codigo_tienda, a.id)).map((m) => [m.tipo_movimiento, m.cantidad, m.saldo])).toEqual([
      ['CARGA_MASIVA', 10, 15],
      ['CARGA_MASIVA', 2, 17],
    ]);
  });

  it('skips the first row only when its cells are the column names; a reference containing "referencia" loads', async () => {
    const c = await crearProducto(entorno.db, { ...base, referencia: 'CSV-ENC' });
    const d = await crearProducto(entorno.db, { ...base, referencia: 'REFERENCIA-01', tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 1, precio_unitario: 10 }] });
    // Sent by any caller: the header as the first item is skipped, the rows keep their numbers.
    const respuesta = await cargar(token('Bodega'), {
      items: [
        { referencia: 'Referencia', cantidad: 'Cantidad', precio: 'Precio', fila: 1 },
        { referencia: 'CSV-ENC', cantidad: '4', precio: '', fila: 2 },
        { referencia: 'REFERENCIA-01', cantidad: '6', precio: '12.5', fila: 3 },
      ],
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ data: { filas: 2, productos: 2 } });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, c.id)).toMatchObject({ cantidad: 4 });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, d.id)).toMatchObject({ cantidad: 7, precio_unitario: '12.50' });

    // Read by the screen's reader: a file without a header whose first row is 'REFERENCIA-01' loads it too.
    const sinEncabezado = await cargar(token('Bodega'), { items: leerCsvInventario('REFERENCIA-01;2;\n') });
    expect(sinEncabezado.statusCode).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, d.id)).toMatchObject({ cantidad: 9 });

    // A header row anywhere else is data, and bad data: it is reported, not dropped.
    const enMedio = await cargar(token('Bodega'), { items: leerCsvInventario('CSV-ENC;1;\nreferencia;cantidad;precio\n') });
    expect(enMedio.statusCode).toBe(422);
    expect(enMedio.json().errors.items).toEqual(['Fila 2: la referencia referencia no existe; la cantidad "cantidad": Escriba solo cifras, por ejemplo 1,250.50; el precio "precio": Escriba solo cifras, por ejemplo 1,250.50']);

    const soloEncabezado = await cargar(token('Bodega'), { items: [{ referencia: 'REFERENCIA', cantidad: 'CANTIDAD', precio: 'PRECIO' }] });
    expect(soloEncabezado.statusCode).toBe(422);
    expect(soloEncabezado.json()).toMatchObject({ message: 'El archivo no tiene filas para cargar' });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, c.id)).toMatchObject({ cantidad: 4 });
  });

  it('refuses a bad file with a row-numbered Spanish error per bad row', async () => {
    const csv = 'referencia;cantidad;precio\nNO-EXISTE-1;1;100\nCSV-A;dos;100\nCSV-A;-4;100\nCSV-A;1;gratis\nCSV-A;;100\nCSV-A;1;100.255\nCSV-A;1;1500,50\nCSV-A;2.555;100\nCSV-A;2,5;100\nCSV-A;1.000;100\nCSV-A;1;8.300\n';
    const respuesta = await cargar(token('Bodega'), { items: leerCsvInventario(csv) });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({
      code: 'CARGA_MASIVA_CON_ERRORES',
      errors: {
        items: [
          'Fila 2: la referencia NO-EXISTE-1 no existe',
          'Fila 3: la cantidad "dos": Escriba solo cifras, por ejemplo 1,250.50',
          'Fila 4: la cantidad "-4": El número no puede ser negativo',
          'Fila 5: el precio "gratis": Escriba solo cifras, por ejemplo 1,250.50',
          // A blank quantity is an error (never one unit), more than 2 decimals is refused (never rounded),
          // and a decimal comma is not read as a thousands separator (docs/decisions-productos.md, Carga CSV).
          'Fila 6: falta la cantidad',
          // A dot followed by three digits may be a thousands separator: ambiguous, so never guessed.
          'Fila 7: el precio "100.255": Use coma para miles: 100,255',
          'Fila 8: el precio "1500,50": Use punto para decimales: 1500.50',
          // Quantities are read by the same reader, in the product's unit (docs/decisions.md, Inventario).
          'Fila 9: la cantidad "2.555": Use coma para miles: 2,555',
          'Fila 10: la cantidad "2,5": Use punto para decimales: 2.5',
          'Fila 11: la cantidad "1.000": ¿Miles o decimales? Escriba 1,000 o 1.00',
          'Fila 12: el precio "8.300": ¿Miles o decimales? Escriba 8,300 o 8.30',
        ],
      },
    });
    expect(respuesta.json().message).toContain(MENSAJES_INVENTARIO.cargaConErrores);
  });

  it('accepts 2.5 for a product sold by the metre and refuses it, naming the product, for one counted in units', async () => {
    const metro = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'm', nombre_tipo_medida: 'Metro' });
    const unidad = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'UND', nombre_tipo_medida: 'Unidad' });
    const banda = await crearProducto(entorno.db, { ...base, referencia: 'CSV-ML', tipo_medida_id: metro.id, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 1 }] });
    const tornillo = await crearProducto(entorno.db, { ...base, referencia: 'CSV-UND', nombre_producto: 'Tornillo 8 x 1', tipo_medida_id: unidad.id, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 1 }] });

    const rechazada = await cargar(token('Bodega'), { items: leerCsvInventario('referencia;cantidad;precio\nCSV-ML;2.5;\nCSV-UND;2.5;\nCSV-ML;1.255;\n') });
    expect(rechazada.statusCode).toBe(422);
    expect(rechazada.json().errors.items).toEqual([
      'Fila 3: La cantidad de Tornillo 8 x 1 debe ser un número entero',
      'Fila 4: la cantidad "1.255": Use coma para miles: 1,255',
    ]);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, banda.id)).toMatchObject({ cantidad: 1 });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, tornillo.id)).toMatchObject({ cantidad: 1 });

    const respuesta = await cargar(token('Bodega'), { items: leerCsvInventario('referencia;cantidad;precio\nCSV-ML;2.5;\nCSV-UND;3;\nCSV-ML;0.25;\n') });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, banda.id)).toMatchObject({ cantidad: 3.75 });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, tornillo.id)).toMatchObject({ cantidad: 4 });
    expect((await movimientosDe(entorno.db, e.tienda.codigo_tienda, banda.id)).map((m) => [m.tipo_movimiento, m.cantidad, m.saldo])).toEqual([
      ['CARGA_MASIVA', 2.5, 3.5],
      ['CARGA_MASIVA', 0.25, 3.75],
    ]);
  });

  it('reads the numbers of the file by the one reader: "2,5" and "12.400,50" refused with the accepted form, nothing loaded', async () => {
    const g = await crearProducto(entorno.db, { ...base, referencia: 'CSV-NUM', tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 5, precio_unitario: 100 }] });
    const respuesta = await cargar(token('Bodega'), { items: leerCsvInventario('referencia;cantidad;precio\nCSV-NUM;1;2,5\nCSV-NUM;1;12.400,50\nCSV-NUM;1;12,400.50\n') });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.items).toEqual([
      'Fila 2: el precio "2,5": Use punto para decimales: 2.5',
      'Fila 3: el precio "12.400,50": Use coma para miles y punto para decimales: 12,400.50',
    ]);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, g.id)).toMatchObject({ cantidad: 5, precio_unitario: '100.00' });
    const buena = await cargar(token('Bodega'), { items: leerCsvInventario('referencia;cantidad;precio\nCSV-NUM;1;12,400.50\n') });
    expect(buena.statusCode).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, g.id)).toMatchObject({ cantidad: 6, precio_unitario: '12400.50' });
  });

  it('accepts prices with up to 2 decimals, trailing zeros aside, and quantities and prices sent as numbers', async () => {
    const f = await crearProducto(entorno.db, { ...base, referencia: 'CSV-DEC', tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 0, precio_unitario: 1 }] });
    const respuesta = await cargar(token('Bodega'), {
      items: [
        { referencia: 'CSV-DEC', cantidad: '1', precio: '2,345.6700' },
        { referencia: 'CSV-DEC', cantidad: 2, precio: 99.99 },
      ],
    });
    expect(respuesta.statusCode).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, f.id)).toMatchObject({ cantidad: 3, precio_unitario: '99.99' });
    const numeros = await cargar(token('Bodega'), { items: [{ referencia: 'CSV-DEC', cantidad: 1, precio: 10.001 }, { referencia: 'CSV-DEC', cantidad: null }] });
    expect(numeros.json().errors.items).toEqual(['Fila 1: el precio "10.001": Máximo 2 decimales', 'Fila 2: falta la cantidad']);
  });

  it.each([
    ['a spreadsheet name', { nombre_archivo: 'inventario.xlsx' }, 'nombre_archivo'],
    ['a PDF type', { nombre_archivo: 'inventario.csv', tipo_archivo: 'application/pdf' }, 'tipo_archivo'],
    ['an image type', { tipo_archivo: 'image/png' }, 'tipo_archivo'],
  ])('refuses rows read from a file that is not a CSV (%s) with 422 "Solo se aceptan archivos CSV"', async (_caso, archivo, campo) => {
    const g = await crearProducto(entorno.db, { ...base, referencia: `CSV-TIPO-${campo}-${Math.random().toString(36).slice(2, 6)}`, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 0 }] });
    const respuesta = await cargar(token('Bodega'), { items: [{ referencia: g.referencia, cantidad: '1', precio: '' }], ...archivo });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ [campo]: [MENSAJES_INVENTARIO.archivoTipo] });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, g.id)).toMatchObject({ cantidad: 0 });
  });

  it('takes the rows as JSON: a raw file body answers 415, never 400, and loads nothing', async () => {
    const respuesta = await entorno.app.inject({
      method: 'POST',
      url: '/api/inventarios/carga-masiva',
      headers: { ...headers(token('Bodega'), e.tienda.codigo_tienda), 'content-type': 'text/csv' },
      payload: 'referencia;cantidad;precio\nCSV-A;1;\n',
    });
    expect(respuesta.statusCode).toBe(415);
    expect(respuesta.json().message).toEqual(expect.any(String));
  });

  it('refuses rows holding the control characters of a binary file (a spreadsheet renamed .csv)', async () => {
    const respuesta = await cargar(token('Bodega'), { items: [{ referencia: 'PK\u0003\u0004\u0014\u0000\u0006', cantidad: '\u0000', precio: '' }], nombre_archivo: 'inventario.csv' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({ message: MENSAJES_INVENTARIO.archivoNoTexto, errors: { archivo: [MENSAJES_INVENTARIO.archivoNoTexto] } });
  });

  it('applies nothing from a mixed file when any row is bad', async () => {
    const c = await crearProducto(entorno.db, { ...base, referencia: 'CSV-C', tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 8, precio_unitario: 50 }] });
    const respuesta = await cargar(token('Bodega'), { items: leerCsvInventario('CSV-C;5;60\nCSV-C;5;60\nFANTASMA;1;1\n') });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.items).toEqual(['Fila 3: la referencia FANTASMA no existe']);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, c.id)).toMatchObject({ cantidad: 8, precio_unitario: '50.00' });
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, c.id)).toEqual([]);
  });

  it('loads 20,000 rows in well under 10 seconds', async () => {
    const referencias: string[] = [];
    const filas = Array.from({ length: 2000 }, (_, i) => ({
      referencia: `MASIVA-${i}`,
      nombre_producto: `Producto masivo ${i}`,
      precio_unitario: 100,
      impuesto_id: base.impuesto_id,
      proveedor_id: base.proveedor_id,
      grupo_id: 4,
      linea_id: 10,
    }));
    await entorno.db.insertInto('producto').values(filas).execute();
    for (let i = 0; i < 20_000; i++) referencias.push(`MASIVA-${i % 2000};${(i % 7) + 1};${1000 + (i % 13)}`);
    const items = leerCsvInventario(`referencia;cantidad;precio\n${referencias.join('\n')}\n`);
    expect(items).toHaveLength(20_000);
    // The preview of the same file answers every row, in seconds too.
    const inicioPrevia = performance.now();
    const previa = await entorno.app.inject({ method: 'POST', url: '/api/inventarios/carga-masiva/previsualizar', headers: headers(token('Bodega'), e.tienda.codigo_tienda), payload: { items } });
    expect(previa.statusCode).toBe(200);
    expect(previa.json().data).toMatchObject({ filas: 20_000, productos: 2000 });
    expect(previa.json().data.items).toHaveLength(20_000);
    console.log(`Previsualización de 20.000 filas: ${((performance.now() - inicioPrevia) / 1000).toFixed(2)} s`);
    const inicio = performance.now();
    const respuesta = await cargar(token('Bodega'), { items });
    const segundos = (performance.now() - inicio) / 1000;
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data).toEqual({ filas: 20_000, productos: 2000 });
    console.log(`Carga masiva de 20.000 filas: ${segundos.toFixed(2)} s`);
    expect(segundos).toBeLessThan(10);
    const total = await entorno.db
      .selectFrom('inventario_movimiento')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('codigo_tienda', '=', e.tienda.codigo_tienda)
      .where('motivo', '=', 'Carga masiva de inventario')
      .where('producto_id', 'in', entorno.db.selectFrom('producto').select('id').where('referencia', 'like', 'MASIVA-%'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(20_000);
  }, 60_000);
});

describe('POST /api/inventarios/carga-masiva/previsualizar', () => {
  const previsualizar = (tk: string | null, payload: unknown, tienda: string | undefined = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'POST', url: '/api/inventarios/carga-masiva/previsualizar', ...(tk ? { headers: headers(tk, tienda) } : {}), payload: payload as object });

  it('refuses a call without a token with 401', async () => {
    expect((await previsualizar(null, { items: [{ referencia: 'X', cantidad: '1' }] })).statusCode).toBe(401);
  });

  it.each(NO_BODEGA)('refuses %s with 403', async (rol) => {
    expect((await previsualizar(token(rol), { items: [{ referencia: 'X', cantidad: '1', precio: '1' }] })).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403, in the header or the body', async () => {
    expect((await previsualizar(token('Bodega'), { items: [{ referencia: 'X', cantidad: '1' }] }, e.ajena.codigo_tienda)).statusCode).toBe(403);
    expect((await previsualizar(token('Bodega'), { items: [{ referencia: 'X', cantidad: '1' }], codigo_tienda: e.ajena.codigo_tienda })).statusCode).toBe(403);
  });

  it('refuses bad rows with 422 and the same row messages as the load, ambiguous formats included', async () => {
    await crearProducto(entorno.db, { ...base, referencia: 'PREV-MAL' });
    const respuesta = await previsualizar(token('Bodega'), { items: leerCsvInventario('referencia;cantidad;precio\nPREV-MAL;2,5;100\nPREV-MAL;1;8.300\nNADA-1;1;\n') });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json()).toMatchObject({
      code: 'CARGA_MASIVA_CON_ERRORES',
      errors: {
        items: [
          'Fila 2: la cantidad "2,5": Use punto para decimales: 2.5',
          'Fila 3: el precio "8.300": ¿Miles o decimales? Escriba 8,300 o 8.30',
          'Fila 4: la referencia NADA-1 no existe',
        ],
      },
    });
    expect((await previsualizar(token('Bodega'), { items: [] })).json()).toMatchObject({ message: MENSAJES_INVENTARIO.archivoVacio });
  });

  it('answers each row with current and new quantity and price, running through repeated products, and changes nothing', async () => {
    const a = await crearProducto(entorno.db, {
      ...base,
      referencia: 'PREV-A',
      nombre_producto: 'Previa A',
      tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 5, precio_unitario: 100 }],
    });
    const b = await crearProducto(entorno.db, { ...base, referencia: 'PREV-B', nombre_producto: 'Previa B', precio_unitario: 300 });
    const antes = await saldoDe(entorno.db, e.tienda.codigo_tienda, b.id);
    const respuesta = await previsualizar(token('Bodega'), {
      items: leerCsvInventario('referencia;cantidad;precio\nprev-a;10;1,500.50\nPREV-B;3;\nPREV-A;2;8300\n'),
      nombre_archivo: 'inventario.csv',
      tipo_archivo: 'text/csv',
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({
      data: {
        filas: 3,
        productos: 2,
        items: [
          { fila: 2, referencia: 'PREV-A', nombre_producto: 'Previa A', cantidad_actual: 5, cantidad_nueva: 15, precio_actual: 100, precio_nuevo: 1500.5 },
          { fila: 3, referencia: 'PREV-B', nombre_producto: 'Previa B', cantidad_actual: antes?.cantidad ?? 0, cantidad_nueva: (antes?.cantidad ?? 0) + 3, precio_actual: 300, precio_nuevo: null },
          { fila: 4, referencia: 'PREV-A', nombre_producto: 'Previa A', cantidad_actual: 15, cantidad_nueva: 17, precio_actual: 1500.5, precio_nuevo: 8300 },
        ],
      },
    });
    // Nothing applied: balances, prices and the ledger are as before.
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, a.id)).toMatchObject({ cantidad: 5, precio_unitario: '100.00' });
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, b.id)).toEqual(antes);
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, a.id)).toEqual([]);
    expect(await movimientosDe(entorno.db, e.tienda.codigo_tienda, b.id)).toEqual([]);

    // The load sent after confirming applies exactly what the preview showed.
    const carga = await entorno.app.inject({
      method: 'POST',
      url: '/api/inventarios/carga-masiva',
      headers: headers(token('Bodega'), e.tienda.codigo_tienda),
      payload: { items: leerCsvInventario('referencia;cantidad;precio\nprev-a;10;1,500.50\nPREV-B;3;\nPREV-A;2;8300\n') },
    });
    expect(carga.statusCode).toBe(200);
    expect(await saldoDe(entorno.db, e.tienda.codigo_tienda, a.id)).toMatchObject({ cantidad: 17, precio_unitario: '8300.00' });
  });
});

describe('fractional stock of a product sold by the metre (docs/decisions.md, Inventario)', () => {
  it('shows 2.5 in the preview, the load, the inventory list and the kardex', async () => {
    const metro = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
    const banda = await crearProducto(entorno.db, {
      ...base,
      referencia: 'FRAC-ML',
      nombre_producto: 'Canto fraccionario',
      tipo_medida_id: metro.id,
      tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 0, precio_unitario: 100 }],
    });
    const bodega = headers(token('Bodega'), e.tienda.codigo_tienda);
    const items = leerCsvInventario('referencia;cantidad;precio\nFRAC-ML;2.5;\nFRAC-ML;0.75;\n');
    const previa = await entorno.app.inject({ method: 'POST', url: '/api/inventarios/carga-masiva/previsualizar', headers: bodega, payload: { items } });
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json().data.items.map((i: { cantidad_actual: number; cantidad_nueva: number }) => [i.cantidad_actual, i.cantidad_nueva])).toEqual([
      [0, 2.5],
      [2.5, 3.25],
    ]);
    expect((await entorno.app.inject({ method: 'POST', url: '/api/inventarios/carga-masiva', headers: bodega, payload: { items } })).statusCode).toBe(200);

    const lista = await entorno.app.inject({ method: 'GET', url: '/api/inventarios?query=FRAC-ML', headers: bodega });
    expect(lista.statusCode).toBe(200);
    expect(lista.json().data.productos.data).toMatchObject([{ id: banda.id, cantidad: 3.25 }]);
    const kardex = await entorno.app.inject({ method: 'GET', url: `/api/inventarios/${banda.id}/movimientos`, headers: bodega });
    expect(kardex.statusCode).toBe(200);
    expect(kardex.json().data.movimientos.data.map((m: { cantidad: number; saldo: number }) => [m.cantidad, m.saldo])).toEqual([
      [0.75, 3.25],
      [2.5, 2.5],
    ]);
  });
});

describe('GET /api/inventarios/{producto_id}/movimientos', () => {
  it('refuses a call without a token with 401, and Vendedor with 403', async () => {
    expect((await entorno.app.inject({ method: 'GET', url: '/api/inventarios/1/movimientos' })).statusCode).toBe(401);
    const vendedor = await entorno.app.inject({ method: 'GET', url: '/api/inventarios/1/movimientos', headers: headers(token('Vendedor'), e.tienda.codigo_tienda) });
    expect(vendedor.statusCode).toBe(403);
  });

  it('answers 404 for an unknown product', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/inventarios/999999/movimientos', headers: headers(token('Bodega'), e.tienda.codigo_tienda) });
    expect(respuesta.statusCode).toBe(404);
  });

  it('lists the product\'s movements in the store, newest first, with who made them', async () => {
    const producto = await crearProducto(entorno.db, { ...base, tiendas: [{ codigo_tienda: e.tienda.codigo_tienda }] });
    for (const cantidad of [3, 4]) {
      await entorno.app.inject({
        method: 'PUT',
        url: '/api/inventarios/actualizar',
        headers: headers(token('Bodega'), e.tienda.codigo_tienda),
        payload: { producto_id: producto.id, precio_unitario: 10, cantidad_inventario: cantidad },
      });
    }
    const respuesta = await entorno.app.inject({
      method: 'GET',
      url: `/api/inventarios/${producto.id}/movimientos`,
      headers: headers(token('Bodega'), e.tienda.codigo_tienda),
    });
    expect(respuesta.statusCode).toBe(200);
    const { producto: leido, movimientos } = respuesta.json().data;
    expect(leido).toEqual({ id: producto.id, referencia: producto.referencia, nombre_producto: producto.nombre_producto });
    expect(movimientos.data.map((m: { cantidad: number; saldo: number; nombre_usuario: string }) => [m.cantidad, m.saldo, m.nombre_usuario])).toEqual([
      [4, 7, e.porRol.Bodega.name],
      [3, 3, e.porRol.Bodega.name],
    ]);
    const otra = await entorno.app.inject({ method: 'GET', url: `/api/inventarios/${producto.id}/movimientos`, headers: headers(token('Bodega'), e.otra.codigo_tienda) });
    expect(otra.json().data.movimientos.total).toBe(0);

    // The kardex dialog chooses its page size like every list; a size it does not offer is a 422.
    const porPagina = (consulta: string) =>
      entorno.app.inject({ method: 'GET', url: `/api/inventarios/${producto.id}/movimientos?${consulta}`, headers: headers(token('Bodega'), e.tienda.codigo_tienda) });
    expect((await porPagina('page=1&per_page=25')).json().data.movimientos).toMatchObject({ per_page: 25, total: 2 });
    expect((await porPagina('page=1&per_page=7')).statusCode).toBe(422);
  });
});

describe('product export', () => {
  const enlace = (tk: string | null, payload: unknown, tienda: string | undefined = e.tienda.codigo_tienda) =>
    entorno.app.inject({ method: 'POST', url: '/api/inventarios/exportar/enlace', ...(tk ? { headers: headers(tk, tienda) } : {}), payload: payload as object });

  it('refuses a link without a token with 401, Vendedor with 403, another store with 403', async () => {
    expect((await enlace(null, { grupo_id: 1 })).statusCode).toBe(401);
    expect((await enlace(token('Vendedor'), { grupo_id: 1 })).statusCode).toBe(403);
    expect((await enlace(token('Bodega'), { grupo_id: 1 }, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses a missing group with "Debe seleccionar al menos un grupo", and a line of another group', async () => {
    const respuesta = await enlace(token('Bodega'), {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ grupo_id: [MENSAJES_INVENTARIO.grupo] });
    const linea = await enlace(token('Bodega'), { grupo_id: 1, linea_id: 9 });
    expect(linea.statusCode).toBe(422);
  });

  it('gives a signed link that downloads a real .xlsx of the group\'s products with the store\'s values', async () => {
    await crearProducto(entorno.db, {
      ...base,
      referencia: 'EXP-MDF-18',
      nombre_producto: 'MDF crudo 18 mm',
      grupo_id: 3,
      linea_id: 6,
      tiendas: [{ codigo_tienda: e.tienda.codigo_tienda, cantidad: 9, precio_unitario: 100000 }],
    });
    const respuesta = await enlace(token('Bodega'), { grupo_id: 3, linea_id: 6 });
    expect(respuesta.statusCode).toBe(200);
    const { url } = respuesta.json().data;
    expect(url).toMatch(/^\/api\/public\/productos\/exportar\?token=[\w.-]{100,}$/);

    const archivo = await entorno.app.inject({ method: 'GET', url });
    expect(archivo.statusCode).toBe(200);
    expect(archivo.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(archivo.headers['content-disposition']).toMatch(/attachment; filename="productos-.*-tableros-mdf-mdf-crudo\.xlsx"/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(archivo.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Productos')!;
    expect(hoja.getRow(1).values).toEqual(expect.arrayContaining(['Referencia', 'Nombre producto', 'Precio con IVA']));
    expect(hoja.rowCount).toBe(2);
    expect(hoja.getRow(2).values).toEqual([undefined, 'EXP-MDF-18', 'MDF crudo 18 mm', 'Tableros MDF', 'MDF crudo', 9, 100000, 119000, 0]);
  });

  it('refuses a tampered or foreign token, and a session token, with 404', async () => {
    const { url } = (await enlace(token('Bodega'), { grupo_id: 1 })).json().data;
    const alterado = await entorno.app.inject({ method: 'GET', url: `${url.slice(0, -3)}abc` });
    expect(alterado.statusCode).toBe(404);
    expect(alterado.json()).toMatchObject({ message: ERRORES.ENLACE_EXPORTACION_INVALIDO.mensaje });
    const sesion = await entorno.app.inject({ method: 'GET', url: `/api/public/productos/exportar?token=${token('Bodega')}` });
    expect(sesion.statusCode).toBe(404);
    const sinToken = await entorno.app.inject({ method: 'GET', url: '/api/public/productos/exportar?grupo_id=1' });
    expect(sinToken.statusCode).toBe(422);
  });
});
