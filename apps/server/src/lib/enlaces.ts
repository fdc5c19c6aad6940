import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Short-lived signed links for public documents (ARCHITECTURE §4: "their ids are unguessable signed
 * tokens, not bare integers"). Each link names its purpose as the audience, so a session token is never
 * accepted as a link (it has no audience) and a link never as a session (it has no numeric subject).
 */
function clave(secreto: string): Uint8Array {
  return new TextEncoder().encode(secreto);
}

export async function firmarEnlace(secreto: string, proposito: string, datos: Record<string, unknown>, expiraEn: Date): Promise<string> {
  return new SignJWT({ ...datos })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(proposito)
    .setIssuedAt()
    .setExpirationTime(expiraEn)
    .sign(clave(secreto));
}

/** The link's data, or null when the token is not ours, is for another purpose or its time is over. */
export async function leerEnlace(secreto: string, proposito: string, token: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, clave(secreto), { algorithms: ['HS256'], audience: proposito });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
