import {
  erroresMedidasTablero,
  GRUPO_SERVICIOS_ESPECIALES,
  leerListaEnteros,
  redondearDinero,
  MAXIMO_LISTA_SIN_PAGINAR,
  MENSAJES_PRODUCTO,
  type OrdenProducto,
  type Pagina,
  type Producto,
  type ProductoGuardar,
  type ProductosConsulta,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { limitesPagina, paginar } from '../../lib/paginacion';
import * as inventarioService from '../inventario';
import * as parametrosService from '../parametros';
import type { BuscadorProductos } from './productos.buscador';
import { COLUMNAS_ORDEN_INDICE, type ColumnaOrdenIndice, type FiltrosProductos } from './productos.indice';
import * as repositorio from './productos.repository';

function aProducto(fila: repositorio.FilaProducto, codigoTienda: string): Producto {
  return {
    ...fila,
    codigo_tienda: codigoTienda,
    precio_unitario: Number(fila.precio_unitario),
    costo_inventario_unitario: Number(fila.costo_inventario_unitario),
    cantidad: Number(fila.cantidad),
    porcentaje_impuesto: Number(fila.porcentaje_impuesto),
    fecha_registro: fila.fecha_registro.toISOString(),
  };
}


/**
 * GET productos (spec 001 §7): a page of the store's products (`per_page` rows), newest first or by the column
 * `orden` in `direccion`; `grupo_id` narrows to a product
 * group (edge bands: 2); `servicios_especiales=1` to product group 8; `no_page=1` answers a plain list.
 */
export async function listarProductos(
  db: Db,
  buscador: BuscadorProductos,
  codigoTienda: string,
  consulta: ProductosConsulta,
): Promise<Pagina<Producto> | Producto[]> {
  // Both filters name a product group: another group than 8 together with special services matches nothing.
  const grupoId = consulta.servicios_especiales ? GRUPO_SERVICIOS_ESPECIALES : consulta.grupo_id;
  const contradictorio = consulta.servicios_especiales === true && consulta.grupo_id !== undefined && consulta.grupo_id !== grupoId;
  const filtros: FiltrosProductos = {
    ...(consulta.query ? { busqueda: consulta.query } : {}),
    ...(grupoId !== undefined ? { grupoId } : {}),
  };
  const porPagina = consulta.no_page ? MAXIMO_LISTA_SIN_PAGINAR : consulta.per_page;
  const offset = consulta.no_page ? 0 : limitesPagina({ page: consulta.page, perPage: porPagina }).desde;
  const resultado = contradictorio
    ? { filas: [], total: 0 }
    : await buscarPagina(db, buscador, codigoTienda, filtros, consulta, offset, porPagina);
  const productos = resultado.filas.map((fila) => aProducto(fila, codigoTienda));
  return consulta.no_page ? productos : paginar(productos, resultado.total, consulta.page, porPagina);
}

/** Reference and name are sorted by the search index; the store's price, stock and the date by PostgreSQL. */
function esColumnaDelIndice(columna: OrdenProducto): columna is ColumnaOrdenIndice {
  return (COLUMNAS_ORDEN_INDICE as readonly string[]).includes(columna);
}

/** One page of the matching products in the order asked: newest first, or sorted by the index or by PostgreSQL. */
function buscarPagina(
  db: Db,
  buscador: BuscadorProductos,
  codigoTienda: string,
  filtros: FiltrosProductos,
  consulta: Pick<ProductosConsulta, 'orden' | 'direccion'>,
  offset: number,
  limit: number,
): Promise<{ filas: repositorio.FilaProducto[]; total: number }> {
  const leer = (ids: number[]) => repositorio.findProductosPorIds(db, codigoTienda, ids);
  const { orden: columna, direccion } = consulta;
  if (!columna) return buscador.pagina(filtros, offset, limit, leer);
  if (esColumnaDelIndice(columna)) return buscador.pagina(filtros, offset, limit, leer, { columna, direccion });
  return buscador.paginaOrdenadaEnBase(filtros, offset, limit, (ids, desde, cuantos) =>
    repositorio.findProductosOrdenados(db, codigoTienda, ids, { columna, direccion }, desde, cuantos),
  );
}

/** GET productos/{id}: the product with the store's price, quantity and cost; 404 when it does not exist. */
export async function leerProducto(db: Db, codigoTienda: string, id: number): Promise<Producto> {
  const fila = await repositorio.findProducto(db, codigoTienda, id);
  if (!fila) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  return aProducto(fila, codigoTienda);
}

/** One product by its reference (spec 000 §7 "product by id or code"), without case, with the store's price. */
export async function leerProductoPorReferencia(db: Db, codigoTienda: string, referencia: string): Promise<Producto> {
  const encontrado = await repositorio.findProductoPorReferencia(db, referencia.trim());
  if (!encontrado) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  return leerProducto(db, codigoTienda, encontrado.id);
}

/** Several products by id with the store's price (an order's lines), by id; the missing ones are simply absent. */
export async function leerProductos(db: Db, codigoTienda: string, ids: number[]): Promise<Map<number, Producto>> {
  const filas = await repositorio.findProductos(db, codigoTienda, [...new Set(ids)]);
  return new Map(filas.map((fila) => [fila.id, aProducto(fila, codigoTienda)]));
}

/** A product's id by its reference (without case), or undefined: what the demo data and imports look products up by. */
export async function idPorReferencia(db: Db, referencia: string): Promise<number | undefined> {
  return (await repositorio.findProductoPorReferencia(db, referencia))?.id;
}

/** Board groups (parameter LISTA_GRUPOS_TABLEROS); none when the parameter is missing. */
export async function gruposTableros(db: Db): Promise<number[]> {
  const valor = await parametrosService.valorParametro(db, 'LISTA_GRUPOS_TABLEROS');
  return valor === null ? [] : leerListaEnteros(valor);
}

/** Checks what the schema cannot: catalogs exist, the line is the group's, board sizes for board groups. */
async function validar(db: Db, datos: ProductoGuardar, productoId: number | null = null): Promise<repositorio.ProductoFila> {
  const errores: Record<string, string[]> = {};
  // The tax must be active (spec 000 §3 Tax), unless it is the one the edited product already has.
  const existe = await repositorio.revisarReferencias(db, datos, productoId);
  if (!existe.impuesto) errores.impuesto_id = [MENSAJES_PRODUCTO.impuesto];
  if (!existe.proveedor) errores.proveedor_id = [MENSAJES_PRODUCTO.proveedor];
  if (!existe.grupo) errores.grupo_id = [MENSAJES_PRODUCTO.grupo];
  if (!existe.linea) errores.linea_id = [MENSAJES_PRODUCTO.linea];
  else if (existe.grupo && !existe.linea_del_grupo) errores.linea_id = [MENSAJES_PRODUCTO.lineaDeOtroGrupo];
  if (!existe.funcion_producto) errores.funcion_producto_id = [MENSAJES_PRODUCTO.opcionInvalida];
  if (!existe.grupo_servicio) errores.grupo_servicio_id = [MENSAJES_PRODUCTO.opcionInvalida];
  if (!existe.categoria_producto) errores.categoria_producto_id = [MENSAJES_PRODUCTO.opcionInvalida];
  if (!existe.tipo_medida) errores.tipo_medida_id = [MENSAJES_PRODUCTO.opcionInvalida];
  const tableros = await gruposTableros(db);
  Object.assign(errores, erroresMedidasTablero(datos, tableros));
  const primero = Object.values(errores)[0]?.[0];
  if (primero) throw new AppError('DATOS_INVALIDOS', primero, errores);

  const esTablero = tableros.includes(datos.grupo_id);
  return {
    referencia: datos.referencia,
    prefijo: datos.prefijo,
    nombre_producto: datos.nombre_producto,
    descripcion_producto: datos.descripcion_producto,
    precio_unitario: redondearDinero(datos.precio_unitario),
    impuesto_id: datos.impuesto_id,
    funcion_producto_id: datos.funcion_producto_id,
    proveedor_id: datos.proveedor_id,
    grupo_id: datos.grupo_id,
    linea_id: datos.linea_id,
    // Length and width belong to boards only (spec 001 Product form).
    medida_largo: esTablero ? datos.medida_largo : null,
    medida_ancho: esTablero ? datos.medida_ancho : null,
    grupo_servicio_id: datos.grupo_servicio_id,
    categoria_producto_id: datos.categoria_producto_id,
    tipo_medida_id: datos.tipo_medida_id,
    tipo_producto: datos.tipo_producto,
  };
}

/** 409 PRODUCTO_REFERENCIA_DUPLICADA, on the reference field. */
const referenciaDuplicada = () => new AppError('PRODUCTO_REFERENCIA_DUPLICADA', undefined, { referencia: ['Ya existe un producto con esa referencia'] });

/** The selected store's quantity and price the form sets, as a stock movement of `tipo` that names the product. */
function stockDelFormulario(actor: Actor, codigoTienda: string, productoId: number, datos: ProductoGuardar, fila: repositorio.ProductoFila, tipo: 'INICIAL' | 'AJUSTE', motivo: string) {
  return {
    codigoTienda,
    productoId,
    cantidad: datos.cantidad,
    precioUnitario: fila.precio_unitario,
    userId: actor.userId,
    tipo,
    motivo,
    documento: `Producto ${fila.referencia}`,
  };
}

/**
 * POST productos/crear: the product, its stock row in every store at its price, and in the selected store its
 * quantity as an opening movement. Call inside a transaction.
 */
export async function crearProducto(db: Trx, actor: Actor, datos: ProductoGuardar): Promise<number> {
  const codigoTienda = tiendaDelActor(actor);
  const fila = await validar(db, datos);
  const id = await repositorio.insertProducto(db, fila);
  if (id === undefined) throw referenciaDuplicada();
  await inventarioService.crearSaldosProducto(db, id, fila.precio_unitario);
  await inventarioService.fijarStock(db, stockDelFormulario(actor, codigoTienda, id, datos, fila, 'INICIAL', 'Creación del producto'));
  return id;
}

/**
 * PUT productos/{id}/editar: the product's fields, and in the selected store its price and quantity; a changed
 * quantity is recorded as an adjustment movement. Call inside a transaction.
 */
export async function editarProducto(db: Trx, actor: Actor, id: number, datos: ProductoGuardar): Promise<void> {
  const codigoTienda = tiendaDelActor(actor);
  if (!(await repositorio.lockProducto(db, id))) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  const fila = await validar(db, datos, id);
  const otro = await repositorio.findProductoPorReferencia(db, fila.referencia);
  if (otro && otro.id !== id) throw referenciaDuplicada();
  await repositorio.updateProducto(db, id, fila);
  await inventarioService.fijarStock(db, stockDelFormulario(actor, codigoTienda, id, datos, fila, 'AJUSTE', 'Ajuste desde el formulario del producto'));
}

export const listarFuncionesProductos = (db: Db) => repositorio.listFuncionesProductos(db);
export const listarGrupos = (db: Db) => repositorio.listGrupos(db);
export const listarGruposServicio = (db: Db) => repositorio.listGruposServicio(db);
export const listarProveedores = (db: Db) => repositorio.listProveedoresActivos(db);

/** Lines of a group (choosing a group reloads them, spec 001 §4); 404 for an unknown group. */
export async function listarLineas(db: Db, grupoId: number) {
  if (!(await repositorio.findGrupo(db, grupoId))) throw new AppError('GRUPO_NO_ENCONTRADO');
  return repositorio.listLineasDeGrupo(db, grupoId);
}
