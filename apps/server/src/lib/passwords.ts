import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(clave: string, sal: Buffer, largo: number, opciones: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(clave, sal, largo, opciones, (error, derivada) => (error ? reject(error) : resolve(derivada))),
  );
}

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~130 MB and too long per login on 2 cores;
// N=2^15 keeps a login near 50 ms while staying far from brute-forceable.
const N = 2 ** 15;
const R = 8;
const P = 1;
const LARGO = 32;

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64), so parameters can rise later. */
export async function hashPassword(clave: string): Promise<string> {
  const sal = randomBytes(16);
  const derivada = await scrypt(clave, sal, LARGO, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, sal.toString('base64'), derivada.toString('base64')].join('$');
}

export async function verifyPassword(clave: string, guardado: string): Promise<boolean> {
  const [algoritmo, n, r, p, sal, hash] = guardado.split('$');
  if (algoritmo !== 'scrypt' || !n || !r || !p || !sal || !hash) return false;
  const esperado = Buffer.from(hash, 'base64');
  const derivada = await scrypt(clave, Buffer.from(sal, 'base64'), esperado.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(derivada, esperado);
}

/** A hash of nothing, checked when the e-mail is unknown so that both answers take the same time. */
export const HASH_SENUELO = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
