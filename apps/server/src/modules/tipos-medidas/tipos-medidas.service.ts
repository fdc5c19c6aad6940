import type { TipoMedida, TipoMedidaGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import * as repositorio from './tipos-medidas.repository';

export function listarTiposMedidas(db: Db): Promise<TipoMedida[]> {
  return repositorio.listTiposMedidas(db);
}

export function crearTipoMedida(db: Db, datos: TipoMedidaGuardar): Promise<number> {
  return repositorio.insertTipoMedida(db, datos);
}

export async function editarTipoMedida(db: Db, id: number, datos: TipoMedidaGuardar): Promise<void> {
  if (!(await repositorio.updateTipoMedida(db, id, datos))) throw new AppError('TIPO_MEDIDA_NO_ENCONTRADO');
}
