import { describe, expect, it } from 'vitest';
import { ADJUNTO_MAXIMO_BYTES, adjuntoComprobanteSchema, extensionDeImagen, imagenCompleta, MENSAJES_ADJUNTO } from './adjuntos';

const bytes = (hex: string, relleno = 8) => new Uint8Array([...Buffer.from(hex, 'hex'), ...new Uint8Array(relleno)]);

describe('extensionDeImagen', () => {
  it('names JPEG, PNG and WebP by their first bytes and nothing else', () => {
    expect(extensionDeImagen(bytes('ffd8ffe0'))).toBe('jpg');
    expect(extensionDeImagen(bytes('89504e470d0a1a0a'))).toBe('png');
    expect(extensionDeImagen(new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(extensionDeImagen(new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(extensionDeImagen(new Uint8Array(Buffer.from('%PDF-1.7')))).toBeNull();
    expect(extensionDeImagen(new Uint8Array())).toBeNull();
  });
});

describe('imagenCompleta', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

  it('takes a whole picture and refuses one cut in transit', () => {
    expect(imagenCompleta(png, 'png')).toBe(true);
    expect(imagenCompleta(png.subarray(0, png.length - 1), 'png')).toBe(false);
    expect(imagenCompleta(png.subarray(0, 9), 'png')).toBe(false);
    expect(imagenCompleta(bytes('ffd8ffe000104a464946ffd9', 0), 'jpg')).toBe(true);
    expect(imagenCompleta(bytes('ffd8ffe000104a464946ffd9', 3), 'jpg')).toBe(true);
    expect(imagenCompleta(bytes('ffd8ffe000104a464946', 0), 'jpg')).toBe(false);
    const webp = new Uint8Array([...Buffer.from('RIFF'), 12, 0, 0, 0, ...Buffer.from('WEBPVP8 '), 0, 0, 0, 0]);
    expect(imagenCompleta(webp, 'webp')).toBe(true);
    expect(imagenCompleta(webp.subarray(0, 18), 'webp')).toBe(false);
  });
});

describe('adjuntoComprobanteSchema', () => {
  const valido = { nombre_temp: ' foto.jpg ', extension_archivo: 'jpg', adjunto: Buffer.from('imagen').toString('base64') };

  it('takes a picture in base64 and trims its name', () => {
    expect(adjuntoComprobanteSchema.parse(valido)).toEqual({ ...valido, nombre_temp: 'foto.jpg' });
    expect(adjuntoComprobanteSchema.parse({ ...valido, nombre_temp: null }).nombre_temp).toBeNull();
  });

  it('refuses another extension, text that is not base64, nothing, and more than 1 MB with the spec 002 messages', () => {
    const mensaje = (datos: object) => adjuntoComprobanteSchema.safeParse({ ...valido, ...datos }).error?.issues[0]?.message;
    expect(mensaje({ extension_archivo: 'pdf' })).toBe(MENSAJES_ADJUNTO.noCumple);
    expect(mensaje({ adjunto: 'hola mundo' })).toBe(MENSAJES_ADJUNTO.noCumple);
    expect(mensaje({ adjunto: '' })).toBe(MENSAJES_ADJUNTO.archivo);
    expect(mensaje({ adjunto: 'A'.repeat(Math.ceil((ADJUNTO_MAXIMO_BYTES + 3) / 3) * 4) })).toBe(MENSAJES_ADJUNTO.grande);
  });
});
