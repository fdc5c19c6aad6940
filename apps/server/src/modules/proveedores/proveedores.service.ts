import { ERRORES, type ConsultaLista, type OrdenProveedor, type Pagina, type Proveedor, type ProveedorGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as repositorio from './proveedores.repository';

const nitDuplicado = () =>
  new AppError('PROVEEDOR_NIT_DUPLICADO', undefined, { nit: [ERRORES.PROVEEDOR_NIT_DUPLICADO.mensaje] });

/** Every supplier by name, for pickers (supplier payments). */
export function listarProveedores(db: Db, busqueda?: string): Promise<Proveedor[]> {
  return repositorio.listProveedores(db, busqueda);
}

/** One page of suppliers by name (spec 002 §2.13). */
export async function listarProveedoresPagina(db: Db, consulta: ConsultaLista<OrdenProveedor>): Promise<Pagina<Proveedor>> {
  const { filas, total } = await repositorio.listProveedoresPagina(db, consulta);
  return paginar(filas, total, consulta.page, consulta.per_page);
}

/** Creates a supplier; 409 with a field message when the NIT belongs to another supplier. */
export async function crearProveedor(db: Db, datos: ProveedorGuardar): Promise<number> {
  const id = await repositorio.insertProveedor(db, datos);
  if (id === null) throw nitDuplicado();
  return id;
}

/** Replaces every field of a supplier; 404 when it does not exist, 409 when the NIT is another's. */
export async function actualizarProveedor(db: Db, id: number, datos: ProveedorGuardar): Promise<void> {
  const resultado = await repositorio.updateProveedor(db, id, datos);
  if (resultado === 'no_existe') throw new AppError('PROVEEDOR_NO_ENCONTRADO');
  if (resultado === 'nit_duplicado') throw nitDuplicado();
}
