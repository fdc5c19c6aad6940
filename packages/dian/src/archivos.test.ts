import { describe, expect, it } from 'vitest';
import { comprimirZip, leerZip, nombreArchivoDian } from './archivos';
import { imagenQr } from './qr';

describe('nombreArchivoDian', () => {
  it('pads the NIT to 10 digits, uses 000 for own software, the year and an 8-digit hex counter', () => {
    expect(nombreArchivoDian('fv', '900123456', 1, 2026)).toBe('fv09001234560002600000001.xml');
    expect(nombreArchivoDian('nc', '900123456', 255, 2026)).toBe('nc090012345600026000000ff.xml');
    expect(nombreArchivoDian('ad', '800197268', 0x1a2b3c4d, 2030)).toBe('ad0800197268000301a2b3c4d.xml');
    expect(nombreArchivoDian('z', '900123456', 16, 2026)).toBe('z09001234560002600000010.zip');
    expect(nombreArchivoDian('fv', '900123456', 1, 2026)).toHaveLength(29);
  });

  it('refuses values that do not fit the pattern', () => {
    expect(() => nombreArchivoDian('fv', '900.123.456', 1, 2026)).toThrow(/NIT/);
    expect(() => nombreArchivoDian('fv', '900123456', 0, 2026)).toThrow(/Consecutivo/);
    expect(() => nombreArchivoDian('fv', '900123456', 2 ** 32, 2026)).toThrow(/Consecutivo/);
    expect(() => nombreArchivoDian('fv', '900123456', 1, 26)).toThrow(/Año/);
  });
});

describe('comprimirZip / leerZip', () => {
  it('round-trips text (UTF-8) and binary files', () => {
    const binario = Uint8Array.from({ length: 5000 }, (_, i) => (i * 31) % 256);
    const zip = comprimirZip([
      { nombre: 'fv09001234560002600000001.xml', contenido: '<Invoice>Diseño ñ €</Invoice>' },
      { nombre: 'factura.pdf', contenido: binario },
    ]);
    expect(Buffer.from(zip.subarray(0, 4)).toString('hex')).toBe('504b0304');
    const archivos = leerZip(zip);
    expect(archivos.map((a) => a.nombre)).toEqual(['fv09001234560002600000001.xml', 'factura.pdf']);
    expect(new TextDecoder().decode(archivos[0]!.contenido)).toBe('<Invoice>Diseño ñ €</Invoice>');
    expect(archivos[1]!.contenido).toEqual(binario);
  });

  it('refuses repeated names and data that is not a ZIP', () => {
    expect(() => comprimirZip([{ nombre: 'a.xml', contenido: 'x' }, { nombre: 'a.xml', contenido: 'y' }])).toThrow(/repetido/);
    expect(() => leerZip(new TextEncoder().encode('no es un zip'))).toThrow(/ZIP/);
  });
});

describe('imagenQr', () => {
  it('draws a PNG', async () => {
    const png = await imagenQr('NumFac: SETP990000101\nhttps://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=abc');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(500);
  });
});
