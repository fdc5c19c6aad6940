import {
  aCentavos,
  cantidadAdmitida,
  DECIMALES_CANTIDAD_STOCK,
  esEncabezadoCsvInventario,
  leerCantidadCsv,
  leerPrecioCsv,
  MENSAJES_INVENTARIO,
  precioConImpuesto,
  sinAcentos,
  tieneCaracteresBinarios,
  type CargaMasiva,
  type ConsultaLista,
  type ExportarProductos,
  type InventarioActualizar,
  type MovimientoInventario,
  type OrdenInventario,
  type Pagina,
  type PreviaCargaMasiva,
  type ProductoInventario,
  type TipoMovimiento,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { firmarEnlace, leerEnlace } from '../../lib/enlaces';
import { limitesPagina, paginar } from '../../lib/paginacion';
import * as periodosService from '../periodos';
import * as repositorio from './inventario.repository';
import { ESTILOS_XLSX, escribirLibroXlsx, hojaXlsx } from '../../lib/libro-xlsx';

/** Centavos as the text of a numeric(18,2) value, exact for the database. */
const comoNumeric = (centavos: number) => (centavos / 100).toFixed(2);

const ESCALA_CANTIDAD = 10 ** DECIMALES_CANTIDAD_STOCK;

/**
 * The sum of stock quantities (numeric(14,2) text or numbers), exact: added in hundredths, so 0.1 + 0.2 is 0.3 and a
 * balance never carries a float's tail (docs/decisions.md, Inventario).
 */
function sumarCantidades(...valores: (number | string)[]): number {
  return valores.reduce<number>((total, valor) => total + Math.round(Number(valor) * ESCALA_CANTIDAD), 0) / ESCALA_CANTIDAD;
}

/**
 * A product as the stock writers lock it: its name, service group and measure type, which say whether it takes a
 * fraction, and the reference and measures the reservation check names it by.
 */
type ProductoDeStock = Awaited<ReturnType<typeof repositorio.lockProductosParaStock>>[number];

/** What says whether a product takes a fraction of its unit. */
type UnidadDeProducto = Pick<ProductoDeStock, 'nombre_producto' | 'grupo_servicio_id' | 'nombre_corto_tipo_medida' | 'nombre_tipo_medida'>;

/** A store's stock row as a writer locks it. */
type SaldoBloqueado = Awaited<ReturnType<typeof repositorio.lockSaldosExistentes>>[number];

/**
 * Stock rows a transaction already holds locked, with their products (lock order 1 and 3), as the reservation check
 * of a bill took them: handed to moverStockVarios, the bill locks and reads them once, not twice (docs/decisions.md,
 * "Una factura en pocas sentencias"). Valid only until the transaction writes them, so it is handed straight on.
 */
export interface StockBloqueado {
  codigoTienda: string;
  productos: ProductoDeStock[];
  filas: SaldoBloqueado[];
}

/**
 * docs/decisions.md, Inventario: a product counted in whole units refuses a fractional change of its stock, with the
 * message naming it; a product sold by length or area, or without a measure type, takes it exactly. A service (it has
 * a service group) is not goods counted on a shelf: its quantity is what the work measured (metres of edge banding the
 * cut plan computes), taken exactly whatever its measure type says.
 */
function fraccionRechazada(producto: UnidadDeProducto, cantidad: number): string | undefined {
  if (producto.grupo_servicio_id !== null) return undefined;
  const { nombre_corto_tipo_medida: corto, nombre_tipo_medida: nombre } = producto;
  const tipo = corto === null || nombre === null ? null : { nombre_corto_tipo_medida: corto, nombre_tipo_medida: nombre };
  return cantidadAdmitida(cantidad, tipo) ? undefined : MENSAJES_INVENTARIO.cantidadEntera(producto.nombre_producto);
}

/** The refusal of fraccionRechazada as a 422 naming the request's field. */
function exigirCantidadAdmitida(producto: UnidadDeProducto, cantidad: number, campo: string): void {
  const rechazo = fraccionRechazada(producto, cantidad);
  if (rechazo !== undefined) throw campoInvalido(campo, rechazo);
}

export interface CambioStock {
  codigoTienda: string;
  productoId: number;
  tipo: TipoMovimiento;
  /** Signed change of the balance (negative for a sale), in the product's unit. */
  cantidad: number;
  /** The request's field a refused fraction is reported under ('cantidad' unless told). */
  campo?: string;
  userId: number | null;
  motivo: string;
  documento?: string | null;
  /** Unit cost of the units added; when given for an entry, the store's cost becomes the weighted average. */
  costoUnitario?: number | null;
  /** A new unit price for the store, if it changes too. */
  precioUnitario?: number | null;
}

/**
 * Every stock movement is dated today: lock order step 0, the period lock (docs/decisions-periodos.md). Today's month
 * is never closed nor being closed (only months that ended can be), so this never refuses nor waits, even when a bill
 * or an annulment reaches it after its row locks (they checked today already, and a second check is free).
 */
function exigirPeriodoDeHoy(db: Trx, codigoTienda: string): Promise<void> {
  return periodosService.exigirPeriodosAbiertos(db, codigoTienda, [new Date()]);
}

/**
 * Changes a store's stock of one product by `cantidad` and appends its movement, in the caller's transaction.
 * The row is locked first (SELECT … FOR UPDATE), so concurrent changes queue and none is lost. Returns the
 * new balance. Billing uses this for sales (VENTA) and annulments (ANULACION).
 */
export async function moverStock(db: Trx, cambio: CambioStock): Promise<number> {
  await exigirPeriodoDeHoy(db, cambio.codigoTienda);
  const [producto] = await repositorio.lockProductosParaStock(db, [cambio.productoId]);
  if (!producto) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  exigirCantidadAdmitida(producto, cambio.cantidad, cambio.campo ?? 'cantidad');
  const saldo = await repositorio.lockSaldo(db, cambio.codigoTienda, cambio.productoId);
  if (!saldo) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  const nuevo = sumarCantidades(saldo.cantidad, cambio.cantidad);
  let costo = aCentavos(saldo.costo_inventario_unitario);
  if (cambio.costoUnitario != null && cambio.cantidad > 0) {
    // Weighted average cost of what was on hand (never below 0 units) and what comes in.
    const previas = Math.max(Number(saldo.cantidad), 0);
    costo = Math.round((previas * costo + cambio.cantidad * aCentavos(cambio.costoUnitario)) / (previas + cambio.cantidad));
  }
  await repositorio.updateSaldo(db, cambio.codigoTienda, cambio.productoId, {
    cantidad: nuevo,
    costo_inventario_unitario: Number(comoNumeric(costo)),
    ...(cambio.precioUnitario != null ? { precio_unitario: cambio.precioUnitario } : {}),
  });
  if (cambio.cantidad !== 0) {
    await repositorio.insertMovimiento(db, {
      codigo_tienda: cambio.codigoTienda,
      producto_id: cambio.productoId,
      tipo_movimiento: cambio.tipo,
      cantidad: cambio.cantidad,
      saldo: nuevo,
      costo_unitario: cambio.costoUnitario != null ? cambio.costoUnitario : comoNumeric(costo),
      user_id: cambio.userId,
      motivo: cambio.motivo,
      documento: cambio.documento ?? null,
    });
  }
  return nuevo;
}

/** Sets a store's balance to `cantidad` (the product form's quantity), recording the difference as a movement. */
export async function fijarStock(
  db: Trx,
  datos: { codigoTienda: string; productoId: number; cantidad: number; precioUnitario: number; userId: number | null; tipo: TipoMovimiento; motivo: string; documento: string },
): Promise<void> {
  await exigirPeriodoDeHoy(db, datos.codigoTienda);
  if ((await repositorio.lockProductosParaStock(db, [datos.productoId])).length === 0) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  const saldo = await repositorio.lockSaldo(db, datos.codigoTienda, datos.productoId);
  if (!saldo) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  await moverStock(db, {
    codigoTienda: datos.codigoTienda,
    productoId: datos.productoId,
    tipo: datos.tipo,
    cantidad: sumarCantidades(datos.cantidad, -Number(saldo.cantidad)),
    userId: datos.userId,
    motivo: datos.motivo,
    documento: datos.documento,
    precioUnitario: datos.precioUnitario,
  });
}

/** A new product gets a stock row in every store at its list price (quantity 0). */
export function crearSaldosProducto(db: Db, productoId: number, precio: number): Promise<void> {
  return repositorio.insertSaldosTodasTiendas(db, productoId, precio);
}

/** PUT inventarios/actualizar (spec 001 Inventory form): adds units and sets the store's unit price. */
export async function agregarInventario(db: Trx, actor: Actor, datos: InventarioActualizar): Promise<number> {
  const codigoTienda = tiendaDelActor(actor);
  if (!(await repositorio.findProductoBasico(db, datos.producto_id))) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  return moverStock(db, {
    codigoTienda,
    productoId: datos.producto_id,
    tipo: 'ENTRADA',
    cantidad: datos.cantidad_inventario,
    campo: 'cantidad_inventario',
    userId: actor.userId,
    motivo: 'Entrada de inventario',
    documento: 'Inventario',
    costoUnitario: datos.costo_unitario,
    precioUnitario: datos.precio_unitario,
  });
}

/** Largest number of row errors listed back (the rest are counted). */
const MAXIMO_ERRORES_LISTADOS = 200;

interface FilaValida {
  fila: number;
  referencia: string;
  productoId: number;
  cantidad: number;
  precio: string | null;
}

const celdasDe = (item: CargaMasiva['items'][number]) => [item.referencia, item.cantidad, item.precio];

/**
 * Checks every row of a CSV load (docs/decisions-productos.md): unknown reference, missing, ambiguous or bad
 * quantity, ambiguous or bad price. Any bad row refuses the whole file with the row-numbered messages (422
 * CARGA_MASIVA_CON_ERRORES). The one validation of both the preview and the load, so they never disagree.
 */
async function validarCarga(db: Db, entrada: CargaMasiva): Promise<FilaValida[]> {
  // A row's number is its line in the file (the screen sends it) or else its place in the payload.
  const todas = entrada.items.map((item, indice) => ({ ...item, fila: item.fila ?? indice + 1 }));
  // Text read from a binary file (a spreadsheet or PDF renamed .csv) is full of control characters: not a CSV.
  if (todas.some((item) => celdasDe(item).some((celda) => typeof celda === 'string' && tieneCaracteresBinarios(celda)))) {
    throw campoInvalido('archivo', MENSAJES_INVENTARIO.archivoNoTexto);
  }
  // The header is the first row when its cells are the column names (the screen's reader already drops it; any
  // other caller may send it). Any other row is data, even a reference such as 'REFERENCIA-01'.
  const items = todas.length > 0 && esEncabezadoCsvInventario(celdasDe(todas[0]!)) ? todas.slice(1) : todas;
  if (items.length === 0) throw campoInvalido('items', MENSAJES_INVENTARIO.archivoVacio);
  const claves = [...new Set(items.map((item) => item.referencia.trim().toLowerCase()).filter(Boolean))];
  const productos = new Map((await repositorio.findProductosPorReferencias(db, claves)).map((p) => [p.clave, p]));

  const errores: string[] = [];
  const validas: FilaValida[] = [];
  for (const item of items) {
    const referencia = item.referencia.trim();
    const problemas: string[] = [];
    const producto = productos.get(referencia.toLowerCase());
    if (!referencia) problemas.push('falta la referencia');
    else if (producto === undefined) problemas.push(`la referencia ${referencia} no existe`);
    // docs/decisions-productos.md: a blank quantity is an error, never one unit (the spec's "1 if missing" loaded stock
    // nobody counted).
    const cantidad = leerCantidadCsv(item.cantidad);
    if (cantidad.vacio) problemas.push('falta la cantidad');
    else if (cantidad.error !== undefined) problemas.push(cantidad.error);
    else if (producto !== undefined) {
      const rechazo = fraccionRechazada(producto, cantidad.valor);
      if (rechazo !== undefined) problemas.push(rechazo);
    }
    // A blank price keeps the store's price.
    const precio = leerPrecioCsv(item.precio);
    if (!precio.vacio && precio.error !== undefined) problemas.push(precio.error);
    if (problemas.length > 0) {
      errores.push(`Fila ${item.fila}: ${problemas.join('; ')}`);
    } else if (producto && !cantidad.vacio && cantidad.error === undefined && (precio.vacio || precio.error === undefined)) {
      validas.push({
        fila: item.fila,
        referencia: producto.referencia,
        productoId: producto.id,
        cantidad: cantidad.valor,
        precio: precio.vacio ? null : comoNumeric(aCentavos(precio.valor)),
      });
    }
  }
  if (errores.length > 0) {
    const listados = errores.slice(0, MAXIMO_ERRORES_LISTADOS);
    if (errores.length > listados.length) listados.push(`… y ${errores.length - listados.length} filas más con errores`);
    throw new AppError('CARGA_MASIVA_CON_ERRORES', `${MENSAJES_INVENTARIO.cargaConErrores} (${errores.length} con errores)`, { items: listados });
  }
  return validas;
}

/**
 * POST inventarios/carga-masiva/previsualizar (docs/decisions-productos.md): the same validation as the load, then each
 * row with the store's current and new quantity and price, applying nothing. A product repeated in the file starts each
 * row from the previous row's result, as the load applies them. Plain reads, no locks: the load adds to whatever the
 * stock is when it runs, so a sale in between still ends right.
 */
export async function previsualizarCarga(db: Db, codigoTienda: string, entrada: CargaMasiva): Promise<PreviaCargaMasiva> {
  const validas = await validarCarga(db, entrada);
  const ids = [...new Set(validas.map((fila) => fila.productoId))];
  const saldos = new Map((await repositorio.findSaldosParaPrevia(db, codigoTienda, ids)).map((s) => [s.producto_id, { ...s, cantidad: Number(s.cantidad) }]));
  const items = validas.map((fila) => {
    const saldo = saldos.get(fila.productoId)!;
    const cantidadActual = saldo.cantidad;
    const precioActual = Number(saldo.precio_unitario);
    saldo.cantidad = sumarCantidades(saldo.cantidad, fila.cantidad);
    if (fila.precio !== null) saldo.precio_unitario = fila.precio;
    return {
      fila: fila.fila,
      referencia: saldo.referencia,
      nombre_producto: saldo.nombre_producto,
      cantidad_actual: cantidadActual,
      cantidad_nueva: saldo.cantidad,
      precio_actual: precioActual,
      precio_nuevo: fila.precio === null ? null : Number(fila.precio),
    };
  });
  return { filas: items.length, productos: ids.length, items };
}

/**
 * POST inventarios/carga-masiva (docs/decisions-productos.md): every row is checked first (validarCarga); any bad row
 * refuses the whole file, nothing applied. Otherwise every row adds its quantity and sets the price if given, as one
 * movement each, all in the caller's transaction: balances locked once, written with two set-based statements.
 */
export async function cargaMasiva(db: Trx, actor: Actor, entrada: CargaMasiva): Promise<{ filas: number; productos: number }> {
  const codigoTienda = tiendaDelActor(actor);
  await exigirPeriodoDeHoy(db, codigoTienda);
  const validas = await validarCarga(db, entrada);
  const ids = [...new Set(validas.map((fila) => fila.productoId))];
  await repositorio.lockProductosParaStock(db, ids);
  const saldos = new Map((await repositorio.lockSaldosVarios(db, codigoTienda, ids)).map((s) => [s.producto_id, { ...s, cantidad: Number(s.cantidad) }]));
  const movimientos: repositorio.MovimientoNuevo[] = [];
  for (const fila of validas) {
    const saldo = saldos.get(fila.productoId)!;
    saldo.cantidad = sumarCantidades(saldo.cantidad, fila.cantidad);
    if (fila.precio !== null) saldo.precio_unitario = fila.precio;
    if (fila.cantidad === 0) continue;
    movimientos.push({
      codigo_tienda: codigoTienda,
      producto_id: fila.productoId,
      tipo_movimiento: 'CARGA_MASIVA',
      cantidad: fila.cantidad,
      saldo: saldo.cantidad,
      costo_unitario: saldo.costo_inventario_unitario,
      user_id: actor.userId,
      motivo: 'Carga masiva de inventario',
      documento: 'Archivo CSV',
    });
  }
  await repositorio.updateSaldosVarios(
    db,
    codigoTienda,
    [...saldos.values()].map((s) => ({ producto_id: s.producto_id, cantidad: s.cantidad, precio_unitario: s.precio_unitario })),
  );
  await repositorio.insertMovimientosVarios(db, movimientos);
  return { filas: validas.length, productos: ids.length };
}

/**
 * The catalog's search as this module uses it: the productos module's BuscadorProductos (app.buscadorProductos)
 * fits it. Declared here because productos depends on inventario (a new product gets its stock rows), not the reverse.
 */
export interface BuscadorCatalogo {
  pagina<T extends { id: number }>(
    filtros: { busqueda?: string },
    offset: number,
    limit: number,
    leer: (ids: number[]) => Promise<{ version: string; filas: T[] }>,
    orden?: { columna: 'referencia' | 'nombre_producto'; direccion: 'asc' | 'desc' },
  ): Promise<{ total: number; filas: T[] }>;
  paginaOrdenadaEnBase<T>(
    filtros: { busqueda?: string },
    offset: number,
    limit: number,
    leerOrdenada: (ids: number[] | null, offset: number, limit: number) => Promise<{ version: string; filas: T[] }>,
  ): Promise<{ total: number; filas: T[] }>;
}

/**
 * GET inventarios: a page of the store's products with quantity, price and cost, found by the catalog's search,
 * newest first or by a column: reference and name sorted by the search index, quantity and price by PostgreSQL.
 */
export async function listarInventario(
  db: Db,
  buscador: BuscadorCatalogo,
  codigoTienda: string,
  consulta: ConsultaLista<OrdenInventario>,
): Promise<Pagina<ProductoInventario>> {
  const filtros = consulta.query ? { busqueda: consulta.query } : {};
  const offset = limitesPagina({ page: consulta.page, perPage: consulta.per_page }).desde;
  const leer = (ids: number[]) => repositorio.findInventarioPorIds(db, codigoTienda, ids);
  const { orden: columna, direccion } = consulta;
  const { filas, total } = !columna
    ? await buscador.pagina(filtros, offset, consulta.per_page, leer)
    : columna === 'referencia' || columna === 'nombre_producto'
      ? await buscador.pagina(filtros, offset, consulta.per_page, leer, { columna, direccion })
      : await buscador.paginaOrdenadaEnBase(filtros, offset, consulta.per_page, (ids, desde, cuantos) =>
          repositorio.findInventarioOrdenado(db, codigoTienda, ids, { columna, direccion }, desde, cuantos),
        );
  const productos = filas.map((fila) => ({
    ...fila,
    cantidad: Number(fila.cantidad),
    precio_unitario: Number(fila.precio_unitario),
    costo_inventario_unitario: Number(fila.costo_inventario_unitario),
  }));
  return paginar(productos, total, consulta.page, consulta.per_page);
}

/** A product's movements in the store, newest first (kardex), `perPage` a page. */
export async function listarMovimientos(
  db: Db,
  opciones: { codigoTienda: string; productoId: number; page: number; perPage: number },
): Promise<{ producto: { id: number; referencia: string; nombre_producto: string }; movimientos: Pagina<MovimientoInventario> }> {
  const producto = await repositorio.findProductoBasico(db, opciones.productoId);
  if (!producto) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  const { filas, total } = await repositorio.listMovimientos(db, opciones);
  const movimientos = filas.map((fila) => ({
    ...fila,
    id: Number(fila.id),
    fecha: fila.fecha.toISOString(),
    cantidad: Number(fila.cantidad),
    saldo: Number(fila.saldo),
    costo_unitario: Number(fila.costo_unitario),
  }));
  return { producto, movimientos: paginar(movimientos, total, opciones.page, opciones.perPage) };
}

const PROPOSITO_EXPORTAR = 'exportar-productos';
/** A public export link works for 10 minutes. */
const MINUTOS_ENLACE = 10;

/** The signed, expiring public link of the product export (docs/decisions-productos.md). */
export async function crearEnlaceExportacion(
  db: Db,
  secreto: string,
  actor: Actor,
  datos: ExportarProductos,
): Promise<{ token: string; expira_en: string }> {
  const grupo = await repositorio.findGrupoYLinea(db, datos.grupo_id, datos.linea_id);
  if (!grupo) throw campoInvalido('grupo_id', MENSAJES_INVENTARIO.grupo);
  if (datos.linea_id !== null && grupo.linea_id === null) {
    throw campoInvalido('linea_id', 'La línea no pertenece al grupo seleccionado');
  }
  const expira = new Date(Date.now() + MINUTOS_ENLACE * 60_000);
  const token = await firmarEnlace(
    secreto,
    PROPOSITO_EXPORTAR,
    { grupo_id: datos.grupo_id, linea_id: datos.linea_id, codigo_tienda: tiendaDelActor(actor), user_id: actor.userId },
    expira,
  );
  return { token, expira_en: expira.toISOString() };
}

/** Renders the .xlsx of a public export link; refuses a token that is not ours or has expired. */
export async function exportarProductos(db: Db, secreto: string, token: string): Promise<{ archivo: Buffer; nombre: string }> {
  const datos = await leerEnlace(secreto, PROPOSITO_EXPORTAR, token);
  if (!datos || typeof datos.grupo_id !== 'number' || typeof datos.codigo_tienda !== 'string') throw new AppError('ENLACE_EXPORTACION_INVALIDO');
  const lineaId = typeof datos.linea_id === 'number' ? datos.linea_id : null;
  const grupo = await repositorio.findGrupoYLinea(db, datos.grupo_id, lineaId);
  if (!grupo) throw new AppError('ENLACE_EXPORTACION_INVALIDO');
  const filas = await repositorio.listProductosExportar(db, { codigoTienda: datos.codigo_tienda, grupoId: datos.grupo_id, lineaId });

  const archivo = await escribirLibroXlsx(null, async (libro) => {
    const hoja = hojaXlsx(libro, 'Productos', [
      { header: 'Referencia', key: 'referencia', width: 18 },
      { header: 'Nombre producto', key: 'nombre_producto', width: 44 },
      { header: 'Grupo', key: 'nombre_grupo', width: 20 },
      { header: 'Línea', key: 'nombre_linea', width: 20 },
      { header: 'Cantidad disponible', key: 'cantidad', width: 12 },
      { header: 'Precio unitario', key: 'precio_unitario', width: 16, style: ESTILOS_XLSX.pesos },
      { header: 'Precio con IVA', key: 'precio_con_iva', width: 16, style: ESTILOS_XLSX.pesos },
      { header: 'Costo unitario', key: 'costo_inventario_unitario', width: 16, style: ESTILOS_XLSX.pesos },
      { header: 'Largo (mm)', key: 'medida_largo', width: 11 },
      { header: 'Ancho (mm)', key: 'medida_ancho', width: 11 },
    ]);
    for (const fila of filas) {
      await hoja.fila({
        ...fila,
        cantidad: Number(fila.cantidad),
        precio_unitario: Number(fila.precio_unitario),
        precio_con_iva: precioConImpuesto(fila.precio_unitario, fila.porcentaje_impuesto),
        costo_inventario_unitario: Number(fila.costo_inventario_unitario),
      });
    }
    hoja.cerrar();
  });
  const sufijo = grupo.nombre_linea ? `${grupo.nombre_grupo}-${grupo.nombre_linea}` : grupo.nombre_grupo;
  const nombre = sinAcentos(`productos-${datos.codigo_tienda}-${sufijo}`).replace(/[^a-z0-9-]+/g, '-');
  return { archivo, nombre: `${nombre}.xlsx` };
}

/** Each product's total over `cambios`, in its unit: what a sale moves and what the whole-unit rule reads. */
function totalPorProducto(cambios: readonly { productoId: number; cantidad: number }[]): Map<number, number> {
  const porProducto = new Map<number, number>();
  for (const cambio of cambios) porProducto.set(cambio.productoId, sumarCantidades(porProducto.get(cambio.productoId) ?? 0, cambio.cantidad));
  return porProducto;
}

/**
 * Refuses (422 on the field `campoDe` names for the product) quantities that billing would refuse: each product's total over `cambios`, in its unit, where
 * a whole-unit product takes whole units (docs/decisions.md, Inventario). The order's save checks it, so an order
 * that cannot be billed is never saved; billing checks it again under its locks (moverStockVarios).
 */
export async function exigirCantidadesVendibles(db: Db, cambios: { productoId: number; cantidad: number }[], campoDe: (productoId: number) => string): Promise<void> {
  const porProducto = totalPorProducto(cambios);
  if (porProducto.size === 0) return;
  for (const producto of await repositorio.findProductosDeStock(db, [...porProducto.keys()])) {
    exigirCantidadAdmitida(producto, porProducto.get(producto.id)!, campoDe(producto.id));
  }
}

/**
 * Changes the store's stock of several products at once (a sale's lines when billing or annulling), in the caller's
 * transaction: the products' key-share locks and then their stock rows, both in ascending id order (lock order items
 * 1 and 3), so two bills sharing products queue instead of deadlocking; one statement writes the balances and the
 * movements. Stock may go below zero (docs/decisions.md "Facturación"). Answers the new balance per product.
 */
export async function moverStockVarios(
  db: Trx,
  datos: {
    codigoTienda: string;
    tipo: TipoMovimiento;
    userId: number | null;
    motivo: string;
    documento: string;
    cambios: { productoId: number; cantidad: number }[];
    /** Gives back movements already written (an annulment): exactly what they moved, never refused by the unit rule. */
    devolucion?: boolean;
    /** The rows this transaction already locked for exactly these products (a bill's reservation check). */
    bloqueado?: StockBloqueado;
  },
): Promise<Map<number, number>> {
  const porProducto = totalPorProducto(datos.cambios);
  const ids = [...porProducto.keys()].sort((a, b) => a - b);
  const saldos = new Map<number, number>();
  if (ids.length === 0) return saldos;
  await exigirPeriodoDeHoy(db, datos.codigoTienda);
  const { productos, filas } = cubreProductos(datos.bloqueado, datos.codigoTienda, ids) ? datos.bloqueado : await bloquearStock(db, datos.codigoTienda, ids);
  if (productos.length !== ids.length) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  // What moves is each product's total, in its unit: a whole-unit product takes whole units (docs/decisions.md, Inventario).
  if (!datos.devolucion) for (const producto of productos) exigirCantidadAdmitida(producto, porProducto.get(producto.id)!, 'cantidad');
  const nuevos = filas.map((fila) => ({ ...fila, nueva: sumarCantidades(fila.cantidad, porProducto.get(fila.producto_id)!) }));
  await repositorio.updateSaldosConMovimientos(
    db,
    datos.codigoTienda,
    nuevos
      .filter((fila) => porProducto.get(fila.producto_id) !== 0)
      .map((fila) => ({
        codigo_tienda: datos.codigoTienda,
        producto_id: fila.producto_id,
        tipo_movimiento: datos.tipo,
        cantidad: porProducto.get(fila.producto_id)!,
        saldo: fila.nueva,
        costo_unitario: fila.costo_inventario_unitario,
        user_id: datos.userId,
        motivo: datos.motivo,
        documento: datos.documento,
      })),
  );
  for (const fila of nuevos) saldos.set(fila.producto_id, fila.nueva);
  return saldos;
}

/**
 * Reverses, product by product, what the movements of `tipoOriginal` naming `documento` moved in the store (a sale's
 * annulment gives back exactly what its bill took out, net of what its partial returns already put back: both types
 * named), as movements of `datos.tipo`. Answers the products moved.
 */
export async function reversarMovimientosDocumento(
  db: Trx,
  datos: {
    codigoTienda: string;
    productoIds: number[];
    tipoOriginal: TipoMovimiento | readonly TipoMovimiento[];
    documento: string;
    tipo: TipoMovimiento;
    userId: number | null;
    motivo: string;
  },
): Promise<number> {
  const tipos = typeof datos.tipoOriginal === 'string' ? [datos.tipoOriginal] : [...datos.tipoOriginal];
  const movidos = await repositorio.sumMovimientosDocumento(db, datos.codigoTienda, datos.productoIds, tipos, datos.documento);
  const cambios = movidos.filter((m) => Number(m.cantidad) !== 0).map((m) => ({ productoId: m.producto_id, cantidad: -Number(m.cantidad) }));
  await moverStockVarios(db, { codigoTienda: datos.codigoTienda, tipo: datos.tipo, userId: datos.userId, motivo: datos.motivo, documento: datos.documento, cambios, devolucion: true });
  return cambios.length;
}

/** A stock product as the reservation check reads it: its name, whether it is a board (measures), its balance. */
export interface SaldoParaReserva {
  productoId: number;
  nombre: string;
  esTablero: boolean;
  cantidad: number;
}

/**
 * Takes the locks a reservation check needs (docs/decisions-reservas.md, "Concurrencia"): the products' key-share locks
 * and their stock rows in this store, both in ascending id (lock order items 1 and 3, as a bill takes them), so two
 * orders saved at once for the last board queue here and the second reads the first's lines once it commits; a bill of
 * those products queues too. Answers the stock products among `ids` (services reserve nothing) with their balance.
 */
export async function bloquearSaldosParaReserva(db: Trx, codigoTienda: string, ids: number[]): Promise<{ saldos: SaldoParaReserva[]; bloqueado: StockBloqueado }> {
  const ordenados = [...new Set(ids)].sort((a, b) => a - b);
  if (ordenados.length === 0) return { saldos: [], bloqueado: { codigoTienda, productos: [], filas: [] } };
  const leidos = await repositorio.lockProductosYSaldos(db, codigoTienda, ordenados);
  const productos = leidos.productos.filter((p) => p.grupo_servicio_id === null);
  const filas = await completarSaldos(db, codigoTienda, productos.map((p) => p.id), leidos.saldos);
  return { saldos: saldosParaReserva(productos, filas), bloqueado: { codigoTienda, productos, filas } };
}

/** The stock products among `ids` with their balance in the store (0 without a row), without a lock. */
export async function leerSaldosParaReserva(db: Db, codigoTienda: string, ids: number[]): Promise<SaldoParaReserva[]> {
  if (ids.length === 0) return [];
  const [productos, filas] = await Promise.all([repositorio.findProductosDeStock(db, ids), repositorio.findSaldosStock(db, codigoTienda, ids)]);
  return saldosParaReserva(productos.filter((p) => p.grupo_servicio_id === null), filas);
}

function saldosParaReserva(productos: readonly ProductoDeStock[], filas: readonly { producto_id: number; cantidad: string | number }[]): SaldoParaReserva[] {
  const saldos = new Map(filas.map((f) => [f.producto_id, Number(f.cantidad)]));
  return productos.map((p) => ({
    productoId: p.id,
    nombre: `${p.referencia} - ${p.nombre_producto}`,
    esTablero: p.medida_largo !== null && p.medida_ancho !== null,
    cantidad: saldos.get(p.id) ?? 0,
  }));
}

/** The products' key-share locks, then their stock rows in the store (lock order 1 and 3), both in ascending id. */
async function bloquearStock(db: Trx, codigoTienda: string, ids: number[]): Promise<StockBloqueado> {
  const productos = await repositorio.lockProductosParaStock(db, ids);
  return { codigoTienda, productos, filas: await bloquearSaldosExistentes(db, codigoTienda, ids) };
}

/** The store's stock rows of `ids`, locked: they normally exist (a product gets one in every store); only a missing one needs the insert. */
async function bloquearSaldosExistentes(db: Trx, codigoTienda: string, ids: number[]): Promise<SaldoBloqueado[]> {
  return completarSaldos(db, codigoTienda, ids, await repositorio.lockSaldosExistentes(db, codigoTienda, ids));
}

/** `filas`, the locked stock rows found of `ids`, when every product has one; else the missing ones are created and all locked (lockSaldosVarios). */
async function completarSaldos(db: Trx, codigoTienda: string, ids: number[], filas: SaldoBloqueado[]): Promise<SaldoBloqueado[]> {
  return filas.length === ids.length ? filas : repositorio.lockSaldosVarios(db, codigoTienda, ids);
}

/** Whether `bloqueado` holds the store's rows of exactly `ids` (sorted), products and stock rows both. */
function cubreProductos(bloqueado: StockBloqueado | undefined, codigoTienda: string, ids: readonly number[]): bloqueado is StockBloqueado {
  if (!bloqueado || bloqueado.codigoTienda !== codigoTienda) return false;
  const mismos = (lista: readonly number[]) => lista.length === ids.length && lista.every((id, n) => id === ids[n]);
  return mismos(bloqueado.productos.map((p) => p.id)) && mismos(bloqueado.filas.map((f) => f.producto_id));
}
