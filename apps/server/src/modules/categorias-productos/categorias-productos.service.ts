import { MENSAJES_CATEGORIA_PRODUCTO, type CategoriaProducto, type CategoriaProductoGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as repositorio from './categorias-productos.repository';

export function listarCategorias(db: Db): Promise<CategoriaProducto[]> {
  return repositorio.listCategorias(db);
}

/** Parent (optional, never itself nor a descendant) and classification (optional, active) must hold. */
async function validar(db: Db, datos: CategoriaProductoGuardar, id: number | null): Promise<void> {
  const padre = datos.categoria_producto_padre_id;
  if (padre !== null) {
    if (padre === id) throw campoInvalido('categoria_producto_padre_id', MENSAJES_CATEGORIA_PRODUCTO.padrePropio);
    if (!(await repositorio.existeCategoria(db, padre))) throw campoInvalido('categoria_producto_padre_id', MENSAJES_CATEGORIA_PRODUCTO.padreNoExiste);
    if (id !== null && (await repositorio.esDescendiente(db, id, padre))) throw campoInvalido('categoria_producto_padre_id', MENSAJES_CATEGORIA_PRODUCTO.padreCiclo);
  }
  const clasificacion = datos.siigo_clasificacion_inventario_id;
  if (clasificacion !== null && !(await repositorio.existeClasificacionActiva(db, clasificacion))) {
    throw campoInvalido('siigo_clasificacion_inventario_id', MENSAJES_CATEGORIA_PRODUCTO.clasificacionNoExiste);
  }
}

/** Creates a category. Call inside a transaction. */
export async function crearCategoria(db: Trx, datos: CategoriaProductoGuardar): Promise<number> {
  await validar(db, datos, null);
  return repositorio.insertCategoria(db, datos);
}

/** Edits a category; its parent can never be itself or one of its subcategories. Call inside a transaction. */
export async function editarCategoria(db: Trx, id: number, datos: CategoriaProductoGuardar): Promise<void> {
  if (!(await repositorio.lockCategoria(db, id))) throw new AppError('CATEGORIA_PRODUCTO_NO_ENCONTRADA');
  await validar(db, datos, id);
  await repositorio.updateCategoria(db, id, datos);
}
