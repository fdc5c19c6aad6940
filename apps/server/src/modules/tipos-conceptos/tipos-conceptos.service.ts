import { ERRORES, type ConsultaLista, type OrdenTipoConcepto, type Pagina, type TipoConcepto } from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as repositorio from './tipos-conceptos.repository';

const duplicado = () =>
  new AppError('TIPO_CONCEPTO_DUPLICADO', undefined, { nombre_tipo_concepto: [ERRORES.TIPO_CONCEPTO_DUPLICADO.mensaje] });

/** Every concept type by name, for pickers (supplier payments). */
export function listarTiposConceptos(db: Db, busqueda?: string): Promise<TipoConcepto[]> {
  return repositorio.listTiposConceptos(db, busqueda);
}

/** One page of concept types by name (spec 002 §2.14). */
export async function listarTiposConceptosPagina(db: Db, consulta: ConsultaLista<OrdenTipoConcepto>): Promise<Pagina<TipoConcepto>> {
  const { filas, total } = await repositorio.listTiposConceptosPagina(db, consulta);
  return paginar(filas, total, consulta.page, consulta.per_page);
}

/** Creates a concept type; 409 when another has the same name (without case). */
export async function crearTipoConcepto(db: Db, nombre: string): Promise<number> {
  const id = await repositorio.insertTipoConcepto(db, nombre);
  if (id === null) throw duplicado();
  return id;
}

/** Renames a concept type; 404 when missing, 409 when the name is another's. */
export async function actualizarTipoConcepto(db: Db, id: number, nombre: string): Promise<void> {
  const resultado = await repositorio.updateTipoConcepto(db, id, nombre);
  if (resultado === 'no_existe') throw new AppError('TIPO_CONCEPTO_NO_ENCONTRADO');
  if (resultado === 'duplicado') throw duplicado();
}
