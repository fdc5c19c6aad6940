import { errors, jwtVerify, SignJWT } from 'jose';

export interface ClaimsSesion {
  userId: number;
  conexionId: number;
}

function clave(secreto: string): Uint8Array {
  return new TextEncoder().encode(secreto);
}

/** Signs a session token: subject the user, jti the connection (so revoking the connection revokes it). */
export function firmarToken(secreto: string, claims: ClaimsSesion, expiraEn: Date): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setJti(String(claims.conexionId))
    .setIssuedAt()
    .setExpirationTime(expiraEn)
    .sign(clave(secreto));
}

/** Tokens already verified that a reader remembers; past this many, the oldest is forgotten. */
const TOKENS_RECORDADOS = 10_000;

/**
 * A token reader for one secret: each answer is its claims, 'expirado' when its time is over, or null when it is not
 * one of ours. A token verified once is remembered with its expiry: the signature check runs on every request otherwise
 * and cost a third of a list request's server time (docs/decisions-productos.md, Búsqueda y rendimiento). Only the
 * signature is remembered; whether its session is still open is read on every request (auth plugin).
 */
export function crearLectorTokens(secreto: string): (token: string) => Promise<ClaimsSesion | 'expirado' | null> {
  const llave = clave(secreto);
  const verificados = new Map<string, ClaimsSesion & { expiraMs: number }>();
  return async (token) => {
    const recordado = verificados.get(token);
    if (recordado) {
      if (recordado.expiraMs > Date.now()) return { userId: recordado.userId, conexionId: recordado.conexionId };
      verificados.delete(token);
      return 'expirado';
    }
    try {
      const { payload } = await jwtVerify(token, llave, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const conexionId = Number(payload.jti);
      if (!Number.isInteger(userId) || !Number.isInteger(conexionId) || payload.exp === undefined) return null;
      if (verificados.size >= TOKENS_RECORDADOS) verificados.delete(verificados.keys().next().value!);
      verificados.set(token, { userId, conexionId, expiraMs: payload.exp * 1000 });
      return { userId, conexionId };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return 'expirado';
      return null;
    }
  };
}
