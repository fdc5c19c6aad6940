import type { Ingreso, UsuarioSesion } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { ActorUsuario } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { firmarToken } from '../../lib/tokens';
import * as conexionesService from '../conexiones';
import * as usuariosService from '../usuarios';
import * as repositorio from './sesion.repository';

export interface ContextoIngreso {
  ip: string;
  userAgent: string;
  secreto: string;
  horasToken: number;
  /** Failed attempts allowed per e-mail in VENTANA_CORREO_MS, and attempts per IP in VENTANA_IP_MS. */
  maxFallidos: number;
  maxPorIp: number;
}

/** Windows of the two login limits (README: INGRESO_MAX_POR_IP, INGRESO_MAX_FALLIDOS_POR_EMAIL). */
export const VENTANA_IP_MS = 5 * 60_000;
export const VENTANA_CORREO_MS = 15 * 60_000;

/**
 * spec 000 §7 ingreso: checks the credentials, opens a connection and signs its token.
 * Both limits are reserved before the password is even looked at, each with one atomic statement in PostgreSQL:
 * 30 guesses sent at once get exactly the allowed number evaluated, whichever server instance takes them. The
 * e-mail's reservation is given back when the login succeeds, so it counts failures only.
 * Not one transaction on purpose: a failed attempt must stay counted and recorded when the login is refused.
 */
export async function ingresar(db: Db, credenciales: Ingreso, contexto: ContextoIngreso): Promise<UsuarioSesion> {
  if ((await repositorio.reservarIntento(db, `ip:${contexto.ip}`, VENTANA_IP_MS)) > contexto.maxPorIp) {
    throw new AppError('DEMASIADOS_INTENTOS');
  }
  const claveCorreo = `correo:${credenciales.email.toLowerCase()}`;
  if ((await repositorio.reservarIntento(db, claveCorreo, VENTANA_CORREO_MS)) > contexto.maxFallidos) {
    throw new AppError('DEMASIADOS_INTENTOS');
  }
  const usuario = await usuariosService.verificarCredenciales(db, credenciales, { ip: contexto.ip });
  await repositorio.liberarIntento(db, claveCorreo);
  const expiraEn = new Date(Date.now() + contexto.horasToken * 3600 * 1000);
  const conexionId = await conexionesService.crearConexion(db, {
    userId: usuario.id,
    userAgent: contexto.userAgent,
    ip: contexto.ip,
    expiraEn,
  });
  const token = await firmarToken(contexto.secreto, { userId: usuario.id, conexionId }, expiraEn);
  return { token, expira_en: expiraEn.toISOString(), ...usuario };
}

/** Logs out: closes the caller's connection, so the token is refused from now on. */
export function salir(db: Db, actor: ActorUsuario): Promise<void> {
  return conexionesService.revocarConexion(db, actor.conexionId, actor);
}
