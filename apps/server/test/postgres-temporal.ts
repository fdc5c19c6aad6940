import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { iniciarPostgresEmbebido, type OpcionesEmbebido, type PostgresEmbebido } from '../src/db/embedded';
import { puertoLibre } from './puertos';

/**
 * A fresh folder under the system's temporary one, readable by others: as root, PostgreSQL runs as the 'postgres'
 * user, who must be able to reach its data folder inside.
 */
export async function carpetaTemporal(prefijo: string): Promise<string> {
  const carpeta = await mkdtemp(path.join(tmpdir(), prefijo));
  await chmod(carpeta, 0o755);
  return carpeta;
}

export interface PostgresTemporal {
  embebido: PostgresEmbebido;
  /** Its data folder (the benchmarks read its processes' CPU time). */
  directorioDatos: string;
  /** Stops PostgreSQL and deletes its folder. */
  detener: () => Promise<void>;
}

/**
 * A throwaway embedded PostgreSQL on a free port, for the test run and the benchmarks. The test run asks for
 * `desechable` (no fsync); the benchmarks keep PostgreSQL's durable defaults, so their figures are production's.
 */
export async function iniciarPostgresTemporal(prefijo: string, opciones: Pick<OpcionesEmbebido, 'desechable'> = {}): Promise<PostgresTemporal> {
  const carpeta = await carpetaTemporal(prefijo);
  const borrar = () => rm(carpeta, { recursive: true, force: true });
  try {
    const directorioDatos = path.join(carpeta, 'postgres');
    const embebido = await iniciarPostgresEmbebido(directorioDatos, await puertoLibre(), opciones);
    return {
      embebido,
      directorioDatos,
      detener: async () => {
        await embebido.detener();
        await borrar();
      },
    };
  } catch (error) {
    await borrar();
    throw error;
  }
}
