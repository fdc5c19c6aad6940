import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import * as repositorio from './salud.repository';

/** How long the health check waits for PostgreSQL before calling it down (a load balancer polls every few seconds). */
const ESPERA_MS = 2_000;

/** Resolves when the database answers within ESPERA_MS; otherwise a 503 (BASE_DATOS_NO_DISPONIBLE). */
export async function revisar(db: Db): Promise<void> {
  let temporizador: NodeJS.Timeout | undefined;
  const vencido = new Promise<never>((_resolve, reject) => {
    temporizador = setTimeout(() => reject(new AppError('BASE_DATOS_NO_DISPONIBLE')), ESPERA_MS);
  });
  try {
    await Promise.race([repositorio.ping(db), vencido]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BASE_DATOS_NO_DISPONIBLE');
  } finally {
    clearTimeout(temporizador);
  }
}
