import { createHash } from 'node:crypto';

/** Elements of DIAN's messages that carry base64 payloads: the ZIP sent and the ApplicationResponse received. */
const ELEMENTOS_BASE64 = /(<(?:[\w.-]+:)?(contentFile|XmlBase64Bytes)(?:\s[^>]*)?>)([^<]+)(<\/)/g;

/**
 * The message as it is kept for audit: each base64 payload replaced by a marker with its length and the SHA-256 of
 * the bytes it encodes (enough to match it with the stored ZIP or ApplicationResponse), so a row stays a few KB.
 */
export function abreviarBase64(xml: string): string {
  return xml.replace(ELEMENTOS_BASE64, (_todo, apertura: string, _nombre: string, contenido: string, cierre: string) => {
    const limpio = contenido.replace(/\s+/g, '');
    const huella = createHash('sha256').update(Buffer.from(limpio, 'base64')).digest('hex');
    return `${apertura}[base64 ${limpio.length} caracteres, sha256 ${huella}]${cierre}`;
  });
}
