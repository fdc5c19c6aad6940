import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { TIPOS_IMAGEN_ADJUNTO, type ExtensionAdjunto } from '@tablero/domain';
import type { ConfigArchivos, ConfigS3 } from '../config';
import { AppError } from './app-error';

/**
 * The attachment store (docs/decisions-pagos-proveedores.md, Adjuntos): files kept outside the database, named by a
 * key the server makes ('pagos-proveedores/{uuid}.png'). A folder under the data directory by default; an
 * S3-compatible bucket when S3_BUCKET is configured (several server instances then share the files). Only pictures
 * already checked by their bytes (lib/adjuntos.ts leerImagenAdjunta) are stored, so the key's extension is the
 * file's real type.
 *
 * A key is the only thing that ever becomes a path or a URL, and only after it matched CLAVE_ARCHIVO: a folder the
 * store knows, a random UUID and a picture extension. Nothing a client sends ('../../etc/passwd', '%2e%2e',
 * '/etc/passwd', a backslash) can match it, and the folder backend checks once more that the resolved path stays
 * inside its root.
 */

/** The folders keys live in: one per kind of attachment. */
export const CARPETAS_ARCHIVOS = ['pagos-proveedores'] as const;
export type CarpetaArchivos = (typeof CARPETAS_ARCHIVOS)[number];

const EXTENSIONES = Object.keys(TIPOS_IMAGEN_ADJUNTO) as ExtensionAdjunto[];

/** A valid key: folder, lowercase UUID v4, picture extension. Nothing else is ever read or written. */
export const CLAVE_ARCHIVO = new RegExp(
  `^(${CARPETAS_ARCHIVOS.join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.(${EXTENSIONES.join('|')})$`,
);

/** Whether `clave` is a key this store could have made. */
export function esClaveArchivo(clave: unknown): clave is string {
  return typeof clave === 'string' && clave.length <= 100 && CLAVE_ARCHIVO.test(clave);
}

/** A new key for a picture of `extension` in `carpeta`. */
export function nuevaClaveArchivo(carpeta: CarpetaArchivos, extension: ExtensionAdjunto): string {
  return `${carpeta}/${randomUUID()}.${extension}`;
}

/** The MIME type a key's file is served with (its extension was read from the picture's bytes). */
export function tipoDeClave(clave: string): string {
  const extension = clave.slice(clave.lastIndexOf('.') + 1) as ExtensionAdjunto;
  return TIPOS_IMAGEN_ADJUNTO[extension];
}

export interface AlmacenArchivos {
  /** Where the files are, for logs and the docs: 'carpeta' or 's3'. */
  readonly tipo: 'carpeta' | 's3';
  /** Writes `contenido` under `clave` (a valid key). Throws ARCHIVOS_NO_DISPONIBLE (503) when the store fails. */
  guardar(clave: string, contenido: Buffer, tipo: string): Promise<void>;
  /** The file under `clave`, or null when there is none (or the key is not a valid one). */
  leer(clave: string): Promise<Buffer | null>;
}

function noDisponible(): AppError {
  return new AppError('ARCHIVOS_NO_DISPONIBLE');
}

/** The folder backend: `raiz/{carpeta}/{uuid}.{ext}`, written through a temporary name so a reader never sees half a file. */
export class AlmacenCarpeta implements AlmacenArchivos {
  readonly tipo = 'carpeta';
  private readonly raiz: string;

  constructor(raiz: string) {
    this.raiz = path.resolve(raiz);
  }

  /** The file's path, only for a valid key and only inside the root. */
  private ruta(clave: string): string | null {
    if (!esClaveArchivo(clave)) return null;
    const ruta = path.resolve(this.raiz, clave);
    const relativa = path.relative(this.raiz, ruta);
    if (relativa.startsWith('..') || path.isAbsolute(relativa)) return null;
    return ruta;
  }

  /** The folder keeps no type: the key's extension is it. */
  async guardar(clave: string, contenido: Buffer, _tipo?: string): Promise<void> {
    const ruta = this.ruta(clave);
    if (!ruta) throw new Error(`Clave de archivo no válida: ${clave}`);
    const temporal = `${ruta}.${randomUUID()}.tmp`;
    try {
      await mkdir(path.dirname(ruta), { recursive: true });
      // 'wx': never overwrite (keys are random; a collision would be a bug, not a replacement).
      await writeFile(temporal, contenido, { flag: 'wx' });
      await rename(temporal, ruta);
    } catch (error) {
      await rm(temporal, { force: true }).catch(() => undefined);
      throw Object.assign(noDisponible(), { cause: error });
    }
  }

  async leer(clave: string): Promise<Buffer | null> {
    const ruta = this.ruta(clave);
    if (!ruta) return null;
    try {
      return await readFile(ruta);
    } catch (error) {
      const codigo = (error as NodeJS.ErrnoException).code;
      if (codigo === 'ENOENT' || codigo === 'ENOTDIR' || codigo === 'EISDIR') return null;
      throw Object.assign(noDisponible(), { cause: error });
    }
  }
}

/** Longest wait for the bucket's answer. */
const ESPERA_S3_MS = 15_000;

/**
 * The S3 backend: path-style URLs `{endpoint}/{bucket}/{key}` signed with AWS Signature V4 (aws4fetch), so it works
 * with AWS S3 and with S3-compatible services (MinIO, R2, Ceph) alike.
 */
export class AlmacenS3 implements AlmacenArchivos {
  readonly tipo = 's3';
  private readonly cliente: AwsClient;

  constructor(private readonly config: ConfigS3) {
    // One retry on a 5xx or a network error (aws4fetch's default is ten, too long for a request that waits).
    this.cliente = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
      retries: 1,
    });
  }

  private url(clave: string): string {
    // The key is [a-z0-9-/.] only: nothing to encode.
    return `${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}/${clave}`;
  }

  async guardar(clave: string, contenido: Buffer, tipo: string): Promise<void> {
    if (!esClaveArchivo(clave)) throw new Error(`Clave de archivo no válida: ${clave}`);
    let respuesta: Response;
    try {
      respuesta = await this.cliente.fetch(this.url(clave), {
        method: 'PUT',
        body: new Uint8Array(contenido),
        // The payload's hash, signed: S3 refuses a body that arrives changed (aws4fetch would send UNSIGNED-PAYLOAD).
        headers: {
          'content-type': tipo,
          'content-length': String(contenido.length),
          'x-amz-content-sha256': createHash('sha256').update(contenido).digest('hex'),
        },
        signal: AbortSignal.timeout(ESPERA_S3_MS),
      });
    } catch (error) {
      throw Object.assign(noDisponible(), { cause: error });
    }
    await respuesta.body?.cancel();
    if (!respuesta.ok) throw Object.assign(noDisponible(), { cause: new Error(`S3 PUT ${respuesta.status}`) });
  }

  async leer(clave: string): Promise<Buffer | null> {
    if (!esClaveArchivo(clave)) return null;
    let respuesta: Response;
    try {
      respuesta = await this.cliente.fetch(this.url(clave), { method: 'GET', signal: AbortSignal.timeout(ESPERA_S3_MS) });
    } catch (error) {
      throw Object.assign(noDisponible(), { cause: error });
    }
    if (respuesta.status === 404) {
      await respuesta.body?.cancel();
      return null;
    }
    if (!respuesta.ok) {
      await respuesta.body?.cancel();
      throw Object.assign(noDisponible(), { cause: new Error(`S3 GET ${respuesta.status}`) });
    }
    return Buffer.from(await respuesta.arrayBuffer());
  }
}

/** The store the configuration names: the bucket when S3_BUCKET is set, the folder otherwise. */
export function crearAlmacenArchivos(config: ConfigArchivos): AlmacenArchivos {
  return config.s3 ? new AlmacenS3(config.s3) : new AlmacenCarpeta(config.carpeta);
}

// ---------------------------------------------------------------- signed links

/**
 * A link that opens a file in a new browser tab, where no bearer token travels: `firma` is `{expiry}.{mac}`, the
 * expiry in Unix seconds (base 36) and the first 128 bits of an HMAC-SHA256 over the purpose, the key and the expiry
 * with the server's secret. Bound to one key: a signature for one file opens no other.
 */
const FORMATO_FIRMA = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

function mac(secreto: string, clave: string, expira36: string): string {
  return createHmac('sha256', secreto).update(`enlace:assets:${clave}:${expira36}`).digest().subarray(0, 16).toString('base64url');
}

/** The signature of `clave` valid until `expiraEn`. */
export function firmarArchivo(secreto: string, clave: string, expiraEn: Date): string {
  const expira36 = Math.floor(expiraEn.getTime() / 1000).toString(36);
  return `${expira36}.${mac(secreto, clave, expira36)}`;
}

/** Whether `firma` signs `clave` and is still valid. Never throws on odd input. */
export function firmaArchivoValida(secreto: string, clave: string, firma: string, ahora: Date = new Date()): boolean {
  const partes = FORMATO_FIRMA.exec(firma);
  if (!partes) return false;
  const [, expira36, recibida] = partes as unknown as [string, string, string];
  const esperada = Buffer.from(mac(secreto, clave, expira36));
  const dada = Buffer.from(recibida);
  if (dada.length !== esperada.length || !timingSafeEqual(dada, esperada)) return false;
  return parseInt(expira36, 36) * 1000 > ahora.getTime();
}

/** How long a link of a list row or a GET stays valid: a working day, so a screen left open still opens its pictures. */
export const VIGENCIA_ENLACE_ARCHIVO_MS = 12 * 60 * 60 * 1000;

/** The signed address of a file for the web: `/api/assets?file={key}&firma={signature}`. */
export function urlArchivo(secreto: string, clave: string, ahora: Date = new Date()): string {
  const firma = firmarArchivo(secreto, clave, new Date(ahora.getTime() + VIGENCIA_ENLACE_ARCHIVO_MS));
  return `/api/assets?file=${encodeURIComponent(clave)}&firma=${firma}`;
}

/** The key a link of urlArchivo names (the `file` parameter), or null when `url` is no such link. */
export function claveDeUrlArchivo(url: string): string | null {
  let leida: URL;
  try {
    leida = new URL(url, 'http://tablero.local');
  } catch {
    return null;
  }
  if (!leida.pathname.endsWith('/api/assets')) return null;
  const clave = leida.searchParams.get('file');
  return esClaveArchivo(clave) ? clave : null;
}
