import { z } from 'zod';

/**
 * A voucher's picture attached to a payment (spec 002 §3 adjunto_comprobante {nombre_temp, extension_archivo, adjunto};
 * §5: only images, compressed at quality 50 before sending). The sale's payments and the supplier payments keep it (the
 * credit and advance payments take none). The picture travels in the JSON body as base64.
 */

export const MENSAJES_ADJUNTO = {
  // spec 002 §5 Voucher attachment.
  noCumple: 'No se adjuntó el archivo por que no cumple con lo estipulado',
  archivo: 'Debe seleccionar un archivo',
  lectura: 'Error al cargar el archivo',
  grande: 'El comprobante adjunto supera 1 MB aun comprimido. Adjunte una foto más pequeña',
} as const;

/** The picture formats a browser compresses to and shows back: the file's bytes must be one of these. */
export const TIPOS_IMAGEN_ADJUNTO = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type ExtensionAdjunto = keyof typeof TIPOS_IMAGEN_ADJUNTO;
export const EXTENSIONES_ADJUNTO = Object.keys(TIPOS_IMAGEN_ADJUNTO) as [ExtensionAdjunto, ...ExtensionAdjunto[]];

/** Largest picture kept, in bytes, once compressed: a phone photo at quality 50 weighs a few hundred kB. */
export const ADJUNTO_MAXIMO_BYTES = 1024 * 1024;
/** Its base64 length: four characters per three bytes. */
export const ADJUNTO_MAXIMO_BASE64 = Math.ceil(ADJUNTO_MAXIMO_BYTES / 3) * 4;

/** The name the file had on the user's machine (shown back; never used as a path); blank is null. */
export const nombreTempAdjuntoSchema = z
  .string()
  .trim()
  .max(120)
  .nullish()
  .transform((v) => v || null);

export const adjuntoComprobanteSchema = z.object({
  nombre_temp: nombreTempAdjuntoSchema,
  extension_archivo: z.enum(EXTENSIONES_ADJUNTO, { error: MENSAJES_ADJUNTO.noCumple }),
  adjunto: z
    .string({ error: MENSAJES_ADJUNTO.archivo })
    .min(1, MENSAJES_ADJUNTO.archivo)
    .max(ADJUNTO_MAXIMO_BASE64, MENSAJES_ADJUNTO.grande)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, MENSAJES_ADJUNTO.noCumple)
    // Whole groups of four: a shorter last group is a file cut in transit.
    .refine((texto) => texto.length % 4 === 0, MENSAJES_ADJUNTO.noCumple),
});
export type AdjuntoComprobante = z.output<typeof adjuntoComprobanteSchema>;

/** The format a picture's first bytes show (JPEG, PNG or WebP), or null for anything else. */
export function extensionDeImagen(bytes: Uint8Array): ExtensionAdjunto | null {
  const empieza = (firma: number[], desde = 0) => firma.every((byte, i) => bytes[desde + i] === byte);
  if (empieza([0xff, 0xd8, 0xff])) return 'jpg';
  if (empieza([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (empieza([0x52, 0x49, 0x46, 0x46]) && empieza([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Whether a picture of that format is whole, by how it must end: PNG with its IEND chunk, JPEG with the end-of-image
 * marker (zero padding after it tolerated), WebP with as many bytes as its RIFF header declares. A picture cut in
 * transit starts well and would be kept, and shown broken, without this.
 */
export function imagenCompleta(bytes: Uint8Array, extension: ExtensionAdjunto): boolean {
  const n = bytes.length;
  if (extension === 'png') {
    const fin = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
    return n >= 8 + fin.length && fin.every((byte, i) => bytes[n - fin.length + i] === byte);
  }
  if (extension === 'jpg') {
    let fin = n;
    while (fin > 0 && bytes[fin - 1] === 0x00) fin--;
    return fin >= 4 && bytes[fin - 2] === 0xff && bytes[fin - 1] === 0xd9;
  }
  if (n < 12) return false;
  const declarado = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
  return declarado + 8 === n;
}
