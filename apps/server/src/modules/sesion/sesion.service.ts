import type { Ingreso, UsuarioSesion } from '@tablero/domain';
import type { Db } from '../../db/database';
import { firmarToken } from '../../lib/tokens';
import * as conexionesService from '../conexiones/conexiones.service';
import * as usuariosService from '../usuarios/usuarios.service';

export interface ContextoIngreso {
  ip: string;
  userAgent: string;
  secreto: string;
  horasToken: number;
  maxFallidos: number;
}

/**
 * spec 000 §7 ingreso: checks the credentials, opens a connection and signs its token.
 * Not one transaction on purpose: a failed attempt must stay recorded when the login is refused.
 */
export async function ingresar(db: Db, credenciales: Ingreso, contexto: ContextoIngreso): Promise<UsuarioSesion> {
  const usuario = await usuariosService.verificarCredenciales(db, credenciales, {
    ip: contexto.ip,
    maxFallidos: contexto.maxFallidos,
  });
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
export function salir(db: Db, conexionId: number, userId: number): Promise<void> {
  return conexionesService.revocarConexion(db, conexionId, userId);
}
