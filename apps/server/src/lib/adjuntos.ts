import { ADJUNTO_MAXIMO_BYTES, extensionDeImagen, imagenCompleta, MENSAJES_ADJUNTO, TIPOS_IMAGEN_ADJUNTO, type AdjuntoComprobante } from '@tablero/domain';
import { campoInvalido } from './app-error';

/** A voucher picture ready to keep: the name it is listed by, its MIME type and its bytes. */
export interface ImagenAdjunta {
  nombre: string;
  tipo: string;
  contenido: Buffer;
}

/**
 * Reads a payment's voucher picture (spec 002 §3 adjunto_comprobante, §5: images only): the base64 must decode to at
 * most ADJUNTO_MAXIMO_BYTES whose first bytes are a JPEG, PNG or WebP picture, whatever extension the client named
 * (the bytes decide the type it is served with, so a renamed file is never served as an image). `nombre` is the name
 * the server gives it (the user's file name is not trusted as one). Refusals are 422 on `campo`.
 */
export function leerImagenAdjunta(adjunto: AdjuntoComprobante, nombre: string, campo: string): ImagenAdjunta {
  const invalido = (mensaje: string) => campoInvalido(campo, mensaje);
  const contenido = Buffer.from(adjunto.adjunto, 'base64');
  if (contenido.length > ADJUNTO_MAXIMO_BYTES) throw invalido(MENSAJES_ADJUNTO.grande);
  const extension = extensionDeImagen(contenido);
  if (extension === null || !imagenCompleta(contenido, extension)) throw invalido(MENSAJES_ADJUNTO.noCumple);
  return { nombre: `${nombre}.${extension}`, tipo: TIPOS_IMAGEN_ADJUNTO[extension], contenido };
}
