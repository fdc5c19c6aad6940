import { strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Prefixes of DIAN file names: invoice, credit note, AttachedDocument, the ZIP that carries them, and the POS
 * equivalent document and its nota de ajuste (Anexo técnico documento equivalente electrónico v1.0, §8.13.5).
 */
export type TipoArchivoDian = 'fv' | 'nc' | 'ad' | 'z' | 'ds' | 'ncs';

/**
 * DIAN's file name (Anexo técnico, nombre de archivos): prefix, issuer NIT padded to 10 digits, '000' for own
 * software, the last two digits of the year and an 8-digit hexadecimal per-company file counter.
 */
export function nombreArchivoDian(tipo: TipoArchivoDian, nit: string, consecutivo: number, anio: number): string {
  if (!/^\d{1,10}$/.test(nit)) throw new Error(`NIT no válido para el nombre de archivo: '${nit}'`);
  if (!Number.isInteger(consecutivo) || consecutivo < 1 || consecutivo > 0xffffffff) {
    throw new Error(`Consecutivo de archivo fuera de rango: ${consecutivo}`);
  }
  if (!Number.isInteger(anio) || anio < 2000 || anio > 2099) throw new Error(`Año no válido: ${anio}`);
  const extension = tipo === 'z' ? 'zip' : 'xml';
  return `${tipo}${nit.padStart(10, '0')}000${String(anio % 100).padStart(2, '0')}${consecutivo.toString(16).padStart(8, '0')}.${extension}`;
}

export interface ArchivoZip {
  nombre: string;
  contenido: string | Uint8Array;
}

/** A deflated ZIP; strings are stored as UTF-8. */
export function comprimirZip(archivos: ArchivoZip[]): Uint8Array {
  const entradas: Record<string, Uint8Array> = {};
  for (const archivo of archivos) {
    if (archivo.nombre in entradas) throw new Error(`Archivo repetido en el ZIP: ${archivo.nombre}`);
    entradas[archivo.nombre] = typeof archivo.contenido === 'string' ? strToU8(archivo.contenido) : archivo.contenido;
  }
  return zipSync(entradas, { level: 6 });
}

/** The files of a ZIP (DIAN answers and test fixtures), in archive order. */
export function leerZip(zip: Uint8Array): { nombre: string; contenido: Uint8Array }[] {
  let entradas: Record<string, Uint8Array>;
  try {
    entradas = unzipSync(zip);
  } catch {
    throw new Error('El archivo no es un ZIP válido');
  }
  return Object.entries(entradas)
    .filter(([nombre]) => !nombre.endsWith('/'))
    .map(([nombre, contenido]) => ({ nombre, contenido }));
}
