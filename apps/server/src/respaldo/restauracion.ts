import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { lstat, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ConfigArchivos } from '../config';
import { crearDb } from '../db/database';
import { migracionesConocidas, migradorDe, migrarAlUltimo } from '../db/migrate';
import { crearAlmacenArchivos, esClaveArchivo, tipoDeClave } from '../lib/almacen-archivos';
import {
  compararCifras,
  contarFilas,
  ErrorRespaldo,
  esManifiesto,
  id,
  leerSaldos,
  tablaExiste,
  TABLAS_NEGOCIO,
  VERSION_FORMATO,
  type Manifiesto,
} from './manifiesto';
import { ejecutarArchivo, tablasPublicas } from './respaldo';

export interface OpcionesRestauracion {
  /** The database to restore into: it must be empty (no row in TABLAS_NEGOCIO). */
  url: string;
  /** The attachment store the files go to. */
  archivos: ConfigArchivos;
  /** The `.tar.gz` written by crearRespaldo. */
  archivo: string;
  /**
   * Asked once everything has been checked and before anything is written (the CLI asks the user to type RESTAURAR,
   * or answers yes for `--si`); false cancels and nothing is written.
   */
  confirmar: (manifiesto: Manifiesto) => Promise<boolean>;
}

export interface ResultadoRestauracion {
  tablas: number;
  filas: number;
  adjuntos: number;
  /** The migration the data was loaded at, and the one the database was left at. */
  migracionRespaldo: string;
  migracionFinal: string;
  segundos: number;
  manifiesto: Manifiesto;
}


async function sha256DeArchivo(ruta: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const trozo of createReadStream(ruta)) hash.update(trozo as Buffer);
  return hash.digest('hex');
}

/** Unpacks the archive into `carpeta` and reads its manifest; refuses anything that is not a readable backup of format 1. */
async function abrirArchivo(archivo: string, carpeta: string): Promise<Manifiesto> {
  if (!existsSync(archivo)) throw new ErrorRespaldo(`No existe el archivo ${archivo}.`);
  try {
    // GNU tar refuses members named with '..' or an absolute path: nothing lands outside the folder.
    await ejecutarArchivo('tar', ['-xzf', archivo, '-C', carpeta]);
  } catch (error) {
    const detalle = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new ErrorRespaldo(`El archivo ${archivo} no es un respaldo legible (está dañado o no es un .tar.gz): ${detalle}`);
  }
  let leido: unknown;
  try {
    leido = JSON.parse(await readFile(path.join(carpeta, 'manifiesto.json'), 'utf8'));
  } catch {
    throw new ErrorRespaldo(`El archivo ${archivo} no es un respaldo de Tablero: no tiene un manifiesto.json legible.`);
  }
  const version = (leido as { version_formato?: unknown } | null)?.version_formato;
  if (version !== VERSION_FORMATO) {
    throw new ErrorRespaldo(`El respaldo tiene el formato ${JSON.stringify(version ?? null)} y esta versión de Tablero solo restaura el formato ${VERSION_FORMATO}.`);
  }
  if (!esManifiesto(leido)) throw new ErrorRespaldo(`El manifiesto del respaldo ${archivo} está incompleto.`);
  const manifiesto = leido;
  // Every file as the manifest describes it, before anything is written: a damaged archive is refused whole.
  for (const tabla of manifiesto.tablas) {
    // A name is only ever a plain identifier: it becomes a path here and a quoted identifier in COPY.
    if (typeof tabla.nombre !== 'string' || !/^[a-z_][a-z0-9_]{0,62}$/.test(tabla.nombre) || !Array.isArray(tabla.columnas)) {
      throw new ErrorRespaldo(`El manifiesto del respaldo ${archivo} nombra una tabla no válida: ${JSON.stringify(tabla.nombre)}.`);
    }
    const ruta = path.join(carpeta, 'tablas', `${tabla.nombre}.bin`);
    const valida = tabla.archivo === `tablas/${tabla.nombre}.bin` && (await lstat(ruta).then((s) => s.isFile(), () => false));
    if (!valida || (await sha256DeArchivo(ruta)) !== tabla.sha256) {
      throw new ErrorRespaldo(`El respaldo está dañado: el archivo ${tabla.archivo} de la tabla ${tabla.nombre} falta o no coincide con su suma SHA-256.`);
    }
  }
  for (const adjunto of manifiesto.adjuntos) {
    const ruta = path.join(carpeta, 'adjuntos', adjunto.clave);
    const valida = esClaveArchivo(adjunto.clave) && (await lstat(ruta).then((s) => s.isFile(), () => false));
    if (!valida || (await sha256DeArchivo(ruta)) !== adjunto.sha256) {
      throw new ErrorRespaldo(`El respaldo está dañado: el adjunto ${adjunto.clave} falta o no coincide con su suma SHA-256.`);
    }
  }
  return manifiesto;
}

/** The business tables of the target that hold rows (a table not created yet counts as empty). */
async function tablasConFilas(cliente: pg.ClientBase): Promise<string[]> {
  const llenas: string[] = [];
  for (const tabla of TABLAS_NEGOCIO) {
    if (!(await tablaExiste(cliente, tabla))) continue;
    const { rows } = await cliente.query<{ hay: boolean }>(`select exists (select 1 from ${id(tabla)}) as hay`);
    if (rows[0]!.hay) llenas.push(tabla);
  }
  return llenas;
}

function noVacia(tablas: string[]): ErrorRespaldo {
  return new ErrorRespaldo(
    `La base de datos de destino no está vacía: ${tablas.length === 1 ? 'la tabla' : 'las tablas'} ${tablas.join(', ')} ${tablas.length === 1 ? 'tiene' : 'tienen'} filas. ` +
      'La restauración solo escribe en una base vacía; no se escribió nada.',
  );
}

/**
 * Restores a backup of crearRespaldo into the empty database at `url` and the attachment store: checks the archive
 * (format, every file's SHA-256, a schema version this build knows), refuses a target with business rows, asks
 * `confirmar`, migrates the target up to the backup's last migration, then in ONE transaction (triggers and foreign
 * key checks off, session_replication_role = replica: the dump is a consistent snapshot) empties what the migrations
 * seeded, loads every table with COPY, sets the sequences, recounts every table and balance and compares them with the
 * manifest, writes the attachments, and commits only when everything matched. Last, the later migrations of this build.
 */
export async function restaurarRespaldo(opciones: OpcionesRestauracion): Promise<ResultadoRestauracion> {
  const inicio = performance.now();
  const carpeta = await mkdtemp(path.join(tmpdir(), 'tablero-restauracion-'));
  let cliente: pg.Client | null = null;
  let db: ReturnType<typeof crearDb> | null = null;
  try {
    const manifiesto = await abrirArchivo(opciones.archivo, carpeta);

    const conocidas = await migracionesConocidas();
    if (!conocidas.includes(manifiesto.ultima_migracion)) {
      throw new ErrorRespaldo(
        `El respaldo es de una versión de Tablero que esta no conoce: su última migración es ${manifiesto.ultima_migracion} y la última de esta versión es ${conocidas.at(-1)}. ` +
          'Restáurelo con la versión de Tablero que lo creó o con una posterior.',
      );
    }

    cliente = new pg.Client({ connectionString: opciones.url });
    cliente.on('error', () => {});
    await cliente.connect();
    const llenas = await tablasConFilas(cliente);
    if (llenas.length > 0) throw noVacia(llenas);

    if (!(await opciones.confirmar(manifiesto))) throw new ErrorRespaldo('Restauración cancelada: no se escribió nada.');

    // Migrations run with the limits off: a later migration may rewrite a big table.
    db = crearDb(opciones.url, { statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0, maxConexiones: 2 });
    const { error: errorMigracion, results } = await migradorDe(db).migrateTo(manifiesto.ultima_migracion);
    if (errorMigracion) {
      const fallida = results?.find((r) => r.status === 'Error')?.migrationName ?? '';
      throw new ErrorRespaldo(`No se pudo llevar la base de destino a la migración ${manifiesto.ultima_migracion} (falló ${fallida}): ${(errorMigracion as Error).message}`);
    }

    await cliente.query('begin');
    try {
      // Triggers (summaries, search texts, consecutives, foreign keys) do not fire: their results are in the dump.
      await cliente.query('set local session_replication_role = replica').catch((error: Error) => {
        throw new ErrorRespaldo(
          `El usuario de la base de datos no puede desactivar los disparadores para cargar (session_replication_role): ${error.message}. ` +
            'Use un superusuario o, en PostgreSQL 15 o posterior, GRANT SET ON PARAMETER session_replication_role al usuario.',
        );
      });
      await cliente.query('set local statement_timeout = 0');
      await cliente.query('set local idle_in_transaction_session_timeout = 0');

      const destino = new Map((await tablasPublicas(cliente)).map((t) => [t.nombre, t.columnas]));
      for (const tabla of manifiesto.tablas) {
        const columnas = destino.get(tabla.nombre);
        const iguales = columnas && columnas.length === tabla.columnas.length && tabla.columnas.every((c) => columnas.includes(c));
        if (!iguales) {
          throw new ErrorRespaldo(`La tabla ${tabla.nombre} de la base de destino no tiene las columnas del respaldo, aun en la migración ${manifiesto.ultima_migracion}; no se escribió nada.`);
        }
      }
      const lista = manifiesto.tablas.map((t) => id(t.nombre)).join(', ');
      // No one writes while we load; and whoever wrote since the first check is seen now.
      await cliente.query(`lock table ${lista} in access exclusive mode`);
      const llenasAhora = await tablasConFilas(cliente);
      if (llenasAhora.length > 0) throw noVacia(llenasAhora);

      // NOT VALID checks hold old rows that predate them (cuenta_credito_movimiento_venta): COPY would check those rows
      // as new ones, so such checks step aside while loading and come back as they were, NOT VALID.
      const { rows: noValidadas } = await cliente.query<{ tabla: string; nombre: string; definicion: string }>(`
        select c.relname as tabla, k.conname as nombre, pg_get_constraintdef(k.oid) as definicion
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and k.contype = 'c' and not k.convalidated`);
      for (const r of noValidadas) await cliente.query(`alter table ${id(r.tabla)} drop constraint ${id(r.nombre)}`);

      // What the migrations seeded (lookup rows, parameters, the migration bookkeeping) is replaced by the backup's.
      await cliente.query(`truncate ${lista}`);
      for (const tabla of manifiesto.tablas) {
        const copia = cliente.query(copyFrom(`copy ${id(tabla.nombre)} (${tabla.columnas.map(id).join(', ')}) from stdin (format binary)`));
        await pipeline(createReadStream(path.join(carpeta, tabla.archivo)), copia);
      }
      for (const r of noValidadas) await cliente.query(`alter table ${id(r.tabla)} add constraint ${id(r.nombre)} ${r.definicion}`);

      // Sequences: where the backup left them, and never below their column's max (an id loaded must not come again).
      const { rows: duenos } = await cliente.query<{ secuencia: string; tabla: string | null; columna: string | null }>(`
        select s.relname as secuencia, t.relname as tabla, a.attname as columna
        from pg_class s
        join pg_namespace n on n.oid = s.relnamespace
        left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        left join pg_class t on t.oid = d.refobjid
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where n.nspname = 'public' and s.relkind = 'S'`);
      const respaldadas = new Map(manifiesto.secuencias.map((s) => [s.nombre, s]));
      for (const { secuencia, tabla, columna } of duenos) {
        const guardada = respaldadas.get(secuencia);
        const desde = guardada ? BigInt(guardada.ultimo_valor) - (guardada.llamada ? 0n : 1n) : 0n;
        let maximo = 0n;
        if (tabla && columna) {
          const { rows } = await cliente.query<{ maximo: string | null }>(`select max(${id(columna)})::text as maximo from ${id(tabla)}`);
          maximo = rows[0]!.maximo ? BigInt(rows[0]!.maximo) : 0n;
        }
        const valor = desde > maximo ? desde : maximo;
        if (valor >= 1n) await cliente.query(`select setval($1, $2::bigint, true)`, [`public.${secuencia}`, valor.toString()]);
        else await cliente.query(`select setval($1, (select seqmin from pg_sequence where seqrelid = $1::regclass), false)`, [`public.${secuencia}`]);
      }

      // The same figures, read the same way, before committing: any difference and nothing was restored.
      const esperadas = { filas: Object.fromEntries(manifiesto.tablas.map((t) => [t.nombre, t.filas])), ...manifiesto.cifras };
      const halladas = { filas: await contarFilas(cliente, manifiesto.tablas.map((t) => t.nombre)), ...(await leerSaldos(cliente)) };
      const diferencias = compararCifras(esperadas, halladas);
      if (diferencias.length > 0) {
        throw new ErrorRespaldo(`La base restaurada no coincide con el respaldo; no se guardó nada:\n  ${diferencias.join('\n  ')}`);
      }

      // The files before the commit: a store that fails leaves the database empty, and the restore can run again
      // (the keys are the same, a second write replaces the first).
      const almacen = crearAlmacenArchivos(opciones.archivos);
      for (const adjunto of manifiesto.adjuntos) {
        await almacen.guardar(adjunto.clave, await readFile(path.join(carpeta, 'adjuntos', adjunto.clave)), tipoDeClave(adjunto.clave));
      }
      await cliente.query('commit');
    } catch (error) {
      await cliente.query('rollback').catch(() => {});
      throw error;
    }

    await migrarAlUltimo(db);
    const final = (await cliente.query<{ name: string }>('select name from kysely_migration order by name desc limit 1')).rows[0]!.name;
    return {
      tablas: manifiesto.tablas.length,
      filas: manifiesto.tablas.reduce((suma, t) => suma + t.filas, 0),
      adjuntos: manifiesto.adjuntos.length,
      migracionRespaldo: manifiesto.ultima_migracion,
      migracionFinal: final,
      segundos: (performance.now() - inicio) / 1000,
      manifiesto,
    };
  } finally {
    await cliente?.end().catch(() => {});
    await db?.destroy().catch(() => {});
    await rm(carpeta, { recursive: true, force: true });
  }
}
