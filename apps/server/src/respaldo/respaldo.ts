import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { relojNegocio } from '@tablero/domain';
import { to as copyTo } from 'pg-copy-streams';
import type { ConfigArchivos } from '../config';
import { crearAlmacenArchivos, esClaveArchivo } from '../lib/almacen-archivos';
import {
  ErrorRespaldo,
  id,
  leerSaldos,
  VERSION_FORMATO,
  type AdjuntoManifiesto,
  type Manifiesto,
  type SecuenciaManifiesto,
  type TablaManifiesto,
} from './manifiesto';

export const ejecutarArchivo = promisify(execFile);

export interface OpcionesRespaldo {
  /** The database to back up. */
  url: string;
  /** The attachment store of the configuration (a folder, or an S3 bucket). */
  archivos: ConfigArchivos;
  /** The folder the archive is written to (created when missing). */
  destino: string;
  /** base-datos.ts huellaSecreto: kept in the manifest so the restore can tell whether the secret travelled too. */
  huellaSecreto?: string | null;
  ahora?: Date;
}

export interface ResultadoRespaldo {
  archivo: string;
  bytes: number;
  tablas: number;
  filas: number;
  adjuntos: number;
  /** Keys the database names that the store does not have (reported, not fatal: the backup keeps what exists). */
  adjuntosFaltantes: string[];
  segundos: number;
  manifiesto: Manifiesto;
}

/** 'YYYYMMDD-HHMMSS' of `fecha` on the business's wall clock: the archive's name carries the local date and time. */
export function sello(fecha: Date): string {
  // 'YYYY-MM-DDTHH:MM:SS' of the wall clock, without its separators.
  return relojNegocio()(fecha).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** The tables of the public schema and their columns (generated ones left out), in name order. */
export async function tablasPublicas(cliente: pg.ClientBase): Promise<{ nombre: string; columnas: string[] }[]> {
  const { rows } = await cliente.query<{ nombre: string; columnas: string[] }>(`
    select c.relname as nombre, array_agg(a.attname::text order by a.attnum) as columnas
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind = 'r'
    group by c.relname
    order by c.relname`);
  return rows;
}

/**
 * The attachment keys the database names: every text column of the public schema whose name holds 'adjunto'
 * (pago_proveedor_forma_pago.adjunto_comprobante_pago today), keeping only values that are store keys.
 */
async function clavesReferenciadas(cliente: pg.ClientBase): Promise<string[]> {
  const { rows: columnas } = await cliente.query<{ tabla: string; columna: string }>(`
    select table_name as tabla, column_name as columna from information_schema.columns
    where table_schema = 'public' and column_name like '%adjunto%' and data_type in ('character varying', 'text')
    order by 1, 2`);
  const claves = new Set<string>();
  for (const { tabla, columna } of columnas) {
    const { rows } = await cliente.query<{ valor: string }>(`select distinct ${id(columna)} as valor from ${id(tabla)} where ${id(columna)} is not null`);
    for (const { valor } of rows) if (esClaveArchivo(valor)) claves.add(valor);
  }
  return [...claves].sort();
}

/** The keys of the files in the store's folder (a temporary '.tmp' of a write under way is not a key, and is left). */
async function clavesEnCarpeta(raiz: string): Promise<string[]> {
  let entradas: string[];
  try {
    entradas = await readdir(raiz, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entradas.map((e) => e.split(path.sep).join('/')).filter(esClaveArchivo).sort();
}

/**
 * Writes a backup of the database at `url` and of the attachment store into `destino`
 * (`tablero-respaldo-YYYYMMDD-HHMMSS.tar.gz`): every table of the public schema in COPY's binary format, read in one
 * REPEATABLE READ, READ ONLY transaction (one consistent snapshot while the app keeps writing), the sequences, the
 * attachments and `manifiesto.json` with the counts and balances the restore checks. pg-boss's schema `pgboss` (job
 * state: pending e-mails and e-invoice sends) is left out.
 */
export async function crearRespaldo(opciones: OpcionesRespaldo): Promise<ResultadoRespaldo> {
  const inicio = performance.now();
  const ahora = opciones.ahora ?? new Date();
  await mkdir(opciones.destino, { recursive: true });
  // Staged next to the archive (same disk, no tmpfs limit), removed whatever happens.
  const carpeta = await mkdtemp(path.join(opciones.destino, '.respaldo-en-curso-'));
  let parcial: string | null = null;
  try {
    await mkdir(path.join(carpeta, 'tablas'));
    await mkdir(path.join(carpeta, 'adjuntos'));

    const cliente = new pg.Client({ connectionString: opciones.url });
    cliente.on('error', () => {});
    await cliente.connect();
    const tablas: TablaManifiesto[] = [];
    let secuencias: SecuenciaManifiesto[] = [];
    let referenciadas: string[] = [];
    let ultimaMigracion: string;
    let version: string;
    let cifras: Manifiesto['cifras'];
    try {
      await cliente.query('begin isolation level repeatable read, read only');
      // A big table's COPY may take minutes; the role's or database's default limits must not cut it.
      await cliente.query('set local statement_timeout = 0');
      await cliente.query('set local idle_in_transaction_session_timeout = 0');
      const { rows: migraciones } = await cliente
        .query<{ name: string }>('select name from kysely_migration order by name desc limit 1')
        .catch(() => ({ rows: [] as { name: string }[] }));
      if (!migraciones[0]) throw new ErrorRespaldo('La base de datos no es de Tablero (no tiene migraciones aplicadas): no se creó ningún respaldo.');
      ultimaMigracion = migraciones[0].name;
      version = (await cliente.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;

      for (const { nombre, columnas } of await tablasPublicas(cliente)) {
        const archivo = `tablas/${nombre}.bin`;
        const hash = createHash('sha256');
        const copia = cliente.query(copyTo(`copy ${id(nombre)} (${columnas.map(id).join(', ')}) to stdout (format binary)`));
        await pipeline(
          copia,
          async function* (fuente: AsyncIterable<Buffer>) {
            for await (const trozo of fuente) {
              hash.update(trozo);
              yield trozo;
            }
          },
          createWriteStream(path.join(carpeta, archivo)),
        );
        tablas.push({ nombre, columnas, filas: copia.rowCount, archivo, sha256: hash.digest('hex') });
      }

      const { rows: nombresSecuencias } = await cliente.query<{ nombre: string }>(
        `select c.relname as nombre from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`,
      );
      secuencias = [];
      for (const { nombre } of nombresSecuencias) {
        const { rows } = await cliente.query<{ ultimo_valor: string; llamada: boolean }>(`select last_value::text as ultimo_valor, is_called as llamada from ${id(nombre)}`);
        secuencias.push({ nombre, ...rows[0]! });
      }
      cifras = await leerSaldos(cliente);
      referenciadas = await clavesReferenciadas(cliente);
      await cliente.query('commit');
    } finally {
      await cliente.end().catch(() => {});
    }

    // The files: the folder's every picture, or (a bucket cannot be listed through the store) those the database names.
    const almacen = crearAlmacenArchivos(opciones.archivos);
    const claves = opciones.archivos.s3 ? referenciadas : await clavesEnCarpeta(opciones.archivos.carpeta);
    const adjuntos: AdjuntoManifiesto[] = [];
    const faltantes = new Set(referenciadas);
    for (const clave of claves) {
      const contenido = await almacen.leer(clave);
      if (!contenido) continue;
      faltantes.delete(clave);
      const ruta = path.join(carpeta, 'adjuntos', clave);
      await mkdir(path.dirname(ruta), { recursive: true });
      await writeFile(ruta, contenido);
      adjuntos.push({ clave, bytes: contenido.length, sha256: createHash('sha256').update(contenido).digest('hex') });
    }

    const manifiesto: Manifiesto = {
      version_formato: VERSION_FORMATO,
      creado_en: ahora.toISOString(),
      ultima_migracion: ultimaMigracion,
      version_postgresql: version,
      tablas,
      secuencias,
      almacen_adjuntos: almacen.tipo,
      adjuntos,
      cifras,
      huella_secreto: opciones.huellaSecreto ?? null,
    };
    await writeFile(path.join(carpeta, 'manifiesto.json'), `${JSON.stringify(manifiesto, null, 2)}\n`);

    // Two backups in the same second get distinct names; the archive appears under its name only once complete.
    const base = `tablero-respaldo-${sello(ahora)}`;
    let archivo = path.join(opciones.destino, `${base}.tar.gz`);
    for (let n = 2; await stat(archivo).then(() => true, () => false); n++) archivo = path.join(opciones.destino, `${base}-${n}.tar.gz`);
    parcial = `${archivo}.parcial`;
    try {
      await ejecutarArchivo('tar', ['-czf', parcial, '-C', carpeta, '.']);
    } catch (error) {
      throw new ErrorRespaldo(`No se pudo empaquetar el respaldo con tar: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`);
    }
    await rename(parcial, archivo);
    parcial = null;
    const { size } = await stat(archivo);
    return {
      archivo,
      bytes: size,
      tablas: tablas.length,
      filas: tablas.reduce((suma, t) => suma + t.filas, 0),
      adjuntos: adjuntos.length,
      adjuntosFaltantes: [...faltantes].sort(),
      segundos: (performance.now() - inicio) / 1000,
      manifiesto,
    };
  } finally {
    await rm(carpeta, { recursive: true, force: true });
    if (parcial) await rm(parcial, { force: true });
  }
}
