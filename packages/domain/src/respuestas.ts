import { z } from 'zod';
import { ERRORES } from './errores';
import { idRutaSchema, paginaConsultaSchema } from './limites';
import { tamanoPaginaSchema } from './paginacion';

/**
 * The contract of an answer (docs/architecture.md §4 "One contract per route"): every /api route declares its answer in
 * `schema.response`, built from the schemas of its module here in packages/domain, and the server refuses to start
 * with a route that does not (apps/server/src/plugins/docs.ts). The serializer sends what the schema declares, in the
 * schema's key order, and nothing else; the OpenAPI document at /api/docs/json shows it.
 */

/**
 * An instant in an answer: a `Date` where the server builds the answer (a timestamptz column), its ISO text
 * (`toISOString`, what JSON.stringify writes) in the JSON; the OpenAPI document shows it as a date-time string.
 * Calendar dates (date columns) are plain 'YYYY-MM-DD' strings instead.
 */
export const instanteSchema = z.date();

/**
 * What the JSON of an answer holds for a value the server answers as `T` (a schema's `z.infer`): every Date is its ISO
 * text. The web and the live events read answers through this type, never through a hand-written interface.
 */
export type EnJson<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? EnJson<U>[]
    : T extends object
      ? { [K in keyof T]: EnJson<T[K]> }
      : T;

/**
 * The bytes of a file as the handler sends them (a Buffer, or the text of an HTML page or of the metrics): `type:
 * string, format: binary` in the OpenAPI document.
 */
export const archivoSchema = z
  .custom<Uint8Array | string>((valor) => valor instanceof Uint8Array || typeof valor === 'string')
  .meta({ type: 'string', format: 'binary' });

/**
 * The answer of a route that sends a file (a PDF, an .xlsx, a picture, Prometheus text) instead of JSON: one entry
 * per content type it may send, each with the file's bytes. Buffers and strings with their own content type never
 * pass through the JSON serializer, so this only declares the answer (and documents it); the bytes go out unchanged.
 */
export function respuestaArchivo(descripcion: string, tiposContenido: readonly [string, ...string[]]) {
  return {
    description: descripcion,
    content: Object.fromEntries(tiposContenido.map((tipo) => [tipo, { schema: archivoSchema }])) as Record<string, { schema: typeof archivoSchema }>,
  };
}

/**
 * The 404 of a signed link that cannot be served, as a browser gets it (Accept: text/html): a small Spanish page
 * (apps/server/src/lib/enlaces.ts). Any other client gets the JSON error, which no schema serializes.
 */
export const respuestaEnlaceInvalido = respuestaArchivo('Enlace inválido o vencido: una página HTML para un navegador; el error JSON si no', ['text/html']);

/** The content types of the files the server sends. */
export const TIPOS_ARCHIVO = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The answer of a write that only tells what happened: `{ message }`. */
export const mensajeSchema = z.object({ message: z.string() });

/** `{ data }`: the answer of a read, around its module's schema (`respuestaDatos(ventaCompletaSchema)`). */
export function respuestaDatos<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** `{ message, data }`: the answer of a write that tells what happened and answers what it wrote. */
export function respuestaMensajeDatos<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

/** `{ id }`: the data of a creation's answer, the new row's id. */
export const idCreadoDatosSchema = z.object({ id: z.number().int() });

/** `{ message, data: { id } }`: the answer of a creation. */
export const idCreadoSchema = respuestaMensajeDatos(idCreadoDatosSchema);

/** `{ url, expira_en }`: a signed download link and when it stops working (an ISO instant). */
export const enlaceDescargaSchema = z.object({ url: z.string(), expira_en: z.string() });

/**
 * The `:token` of a signed public link's path: any text, since the service reads the link and answers 404 for whatever
 * is not one (the router already caps a path segment at 100 characters).
 */
export const tokenParamsSchema = z.object({ token: z.string() });

/** `/:id`: the path of a route that names one row. */
export const idParamsSchema = z.object({ id: idRutaSchema });

/** `?token=`: the signed token of an export link (a spreadsheet to download); a missing one is the link's 404. */
export const enlaceExportacionConsultaSchema = z.object({ token: z.string({ error: ERRORES.ENLACE_EXPORTACION_INVALIDO.mensaje }).max(2000) });

/** `?page&per_page`: a page of a list whose filters travel in the body. */
export const paginacionConsultaSchema = z.object({ page: paginaConsultaSchema, per_page: tamanoPaginaSchema });
