import { ADJUNTO_MAXIMO_BYTES, MENSAJES_ADJUNTO, type AdjuntoComprobante } from '@tablero/domain';

/** Longest side of a kept voucher picture, in pixels: a phone photo's text stays readable. */
const LADO_MAXIMO = 1600;
/** spec 002 §9: pictures are compressed at quality 50 before sending. */
const CALIDAD = 0.5;

/** A refusal the dialog shows as it is (one of MENSAJES_ADJUNTO). */
export class ImagenNoAdjuntada extends Error {}

function aBase64(bytes: Uint8Array): string {
  let binario = '';
  // In slices: String.fromCharCode with a whole megabyte of arguments overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario);
}

/**
 * A voucher picture as the API takes it (spec 002 §3 adjunto_comprobante, §5): only images ('No se adjuntó el
 * archivo…' otherwise), scaled to at most 1600 px a side and re-encoded as JPEG at quality 50, so a 5 MB phone photo
 * travels as a few hundred kB. Throws ImagenNoAdjuntada with the message to show.
 */
export async function comprimirImagen(archivo: File): Promise<AdjuntoComprobante> {
  if (!archivo.type.startsWith('image/')) throw new ImagenNoAdjuntada(MENSAJES_ADJUNTO.noCumple);
  let imagen: ImageBitmap;
  try {
    imagen = await createImageBitmap(archivo);
  } catch {
    // The browser cannot read it as a picture (a damaged file or a format it does not know).
    throw new ImagenNoAdjuntada(MENSAJES_ADJUNTO.lectura);
  }
  const escala = Math.min(1, LADO_MAXIMO / Math.max(imagen.width, imagen.height));
  const lienzo = document.createElement('canvas');
  lienzo.width = Math.max(1, Math.round(imagen.width * escala));
  lienzo.height = Math.max(1, Math.round(imagen.height * escala));
  const contexto = lienzo.getContext('2d');
  if (!contexto) throw new ImagenNoAdjuntada(MENSAJES_ADJUNTO.lectura);
  // JPEG has no transparency: a transparent PNG gets a white background instead of a black one.
  contexto.fillStyle = '#ffffff';
  contexto.fillRect(0, 0, lienzo.width, lienzo.height);
  contexto.drawImage(imagen, 0, 0, lienzo.width, lienzo.height);
  imagen.close();
  const blob = await new Promise<Blob | null>((listo) => lienzo.toBlob(listo, 'image/jpeg', CALIDAD));
  if (!blob) throw new ImagenNoAdjuntada(MENSAJES_ADJUNTO.lectura);
  if (blob.size > ADJUNTO_MAXIMO_BYTES) throw new ImagenNoAdjuntada(MENSAJES_ADJUNTO.grande);
  return { nombre_temp: archivo.name.slice(0, 120), extension_archivo: 'jpg', adjunto: aBase64(new Uint8Array(await blob.arrayBuffer())) };
}
