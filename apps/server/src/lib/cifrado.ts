import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (the signing certificate and its password, the software PIN, provider keys, the SMTP
 * password) are encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret (TOKEN_SECRET
 * or the generated one in the data folder). Every server instance sharing TOKEN_SECRET reads them; a database copy
 * without the secret does not. Changing TOKEN_SECRET makes them unreadable: they must then be entered again.
 * Format: 'v1:' + base64(iv 12 bytes | tag 16 bytes | ciphertext).
 */
const VERSION = 'v1:';

function claveDe(secreto: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secreto, 'tablero', 'secretos-configuracion', 32));
}

export function cifrarSecreto(secreto: string, claro: string | Buffer): string {
  const iv = randomBytes(12);
  const cifrador = createCipheriv('aes-256-gcm', claveDe(secreto), iv);
  const cuerpo = Buffer.concat([cifrador.update(typeof claro === 'string' ? Buffer.from(claro, 'utf8') : claro), cifrador.final()]);
  return VERSION + Buffer.concat([iv, cifrador.getAuthTag(), cuerpo]).toString('base64');
}

/** The clear bytes, or null when the text was not encrypted with this secret (altered, or another TOKEN_SECRET). */
export function descifrarSecreto(secreto: string, cifrado: string): Buffer | null {
  if (!cifrado.startsWith(VERSION)) return null;
  const datos = Buffer.from(cifrado.slice(VERSION.length), 'base64');
  if (datos.length < 28) return null;
  try {
    const descifrador = createDecipheriv('aes-256-gcm', claveDe(secreto), datos.subarray(0, 12));
    descifrador.setAuthTag(datos.subarray(12, 28));
    return Buffer.concat([descifrador.update(datos.subarray(28)), descifrador.final()]);
  } catch {
    return null;
  }
}
