import { erroresClaseTributaria, MENSAJES_IMPUESTO, type Impuesto, type ImpuestoGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as repositorio from './impuestos.repository';

export async function listarImpuestos(db: Db): Promise<Impuesto[]> {
  const filas = await repositorio.listImpuestos(db);
  return filas.map((fila) => ({ ...fila, porcentaje_impuesto: Number(fila.porcentaje_impuesto) }));
}

async function validar(db: Db, datos: ImpuestoGuardar): Promise<repositorio.ImpuestoFila> {
  // The body's schema checks these too; the seed and other callers of the service are held to the same rules.
  const errores = erroresClaseTributaria(datos);
  const primero = Object.values(errores)[0]?.[0];
  if (primero) throw new AppError('DATOS_INVALIDOS', primero, errores);
  if (datos.siigo_impuesto_id !== null && !(await repositorio.existeSiigoImpuestoActivo(db, datos.siigo_impuesto_id))) {
    throw campoInvalido('siigo_impuesto_id', MENSAJES_IMPUESTO.siigoNoExiste);
  }
  // spec 001 §9: step 0.1; stored with one decimal.
  return { ...datos, porcentaje_impuesto: Math.round(datos.porcentaje_impuesto * 10) / 10 };
}

export async function crearImpuesto(db: Db, datos: ImpuestoGuardar): Promise<number> {
  return repositorio.insertImpuesto(db, await validar(db, datos));
}

/** Edits a tax; products keep pointing at it, so their price with tax follows the new percentage. */
export async function editarImpuesto(db: Db, id: number, datos: ImpuestoGuardar): Promise<void> {
  if (!(await repositorio.existeImpuesto(db, id))) throw new AppError('IMPUESTO_NO_ENCONTRADO');
  await repositorio.updateImpuesto(db, id, await validar(db, datos));
}
