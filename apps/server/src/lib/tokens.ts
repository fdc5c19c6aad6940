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

/** Reads a token: its claims, 'expirado' when its time is over, or null when it is not one of ours. */
export async function leerToken(secreto: string, token: string): Promise<ClaimsSesion | 'expirado' | null> {
  try {
    const { payload } = await jwtVerify(token, clave(secreto), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const conexionId = Number(payload.jti);
    if (!Number.isInteger(userId) || !Number.isInteger(conexionId)) return null;
    return { userId, conexionId };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return 'expirado';
    return null;
  }
}
