import Bowser from 'bowser';
import type { Conexion, ConsultaLista, OrdenConexion, Pagina } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import type { ClaimsSesion } from '../../lib/tokens';
import * as repositorio from './conexiones.repository';

/** spec 001 Connections: a new connection is named after the browser and system it came from. */
export function nombrePorNavegador(userAgent: string): string {
  if (!userAgent) return 'Navegador desconocido';
  const { browser, os } = Bowser.parse(userAgent);
  const navegador = browser.name || 'Navegador desconocido';
  return (os.name ? `${navegador} en ${os.name}` : navegador).slice(0, 120);
}

/** Opens the connection of a new login and returns its id (the token's jti). */
export function crearConexion(
  db: Db,
  datos: { userId: number; userAgent: string; ip: string; expiraEn: Date },
): Promise<number> {
  return repositorio.insertConexion(db, {
    user_id: datos.userId,
    name_connection: nombrePorNavegador(datos.userAgent),
    user_agent: datos.userAgent.slice(0, 1000),
    ip: datos.ip.slice(0, 64),
    expira_en: datos.expiraEn,
  });
}

/** The session behind a token, or undefined when its connection is closed, expired or not the token's. */
export function leerSesion(db: Db, claims: ClaimsSesion, codigoTienda: string | null) {
  return repositorio.findSesionAbierta(db, claims.conexionId, claims.userId, codigoTienda);
}

function estadoDe(fila: { fecha_cierre: Date | null; expira_en: Date }): Conexion['estado'] {
  if (fila.fecha_cierre) return 'Cerrada';
  return fila.expira_en.getTime() <= Date.now() ? 'Expirada' : 'Activa';
}

/** A page of connections for the connections screen; the actor's connection is marked as the caller's own. */
export async function listarConexiones(db: Db, consulta: ConsultaLista<OrdenConexion>, actor: Actor): Promise<Pagina<Conexion>> {
  const { filas, total } = await repositorio.listConexiones(db, consulta);
  const conexiones = filas.map((fila) => ({
    id: fila.id,
    name_connection: fila.name_connection,
    email: fila.email,
    name: fila.name,
    fecha_registro: fila.fecha_registro.toISOString(),
    expira_en: fila.expira_en.toISOString(),
    fecha_cierre: fila.fecha_cierre?.toISOString() ?? null,
    estado: estadoDe(fila),
    es_actual: fila.id === actor.conexionId,
  }));
  return paginar(conexiones, total, consulta.page, consulta.per_page);
}

export async function renombrarConexion(db: Db, id: number, nombre: string): Promise<void> {
  if (!(await repositorio.updateNombreConexion(db, id, nombre))) throw new AppError('CONEXION_NO_ENCONTRADA');
}

/** Closes a connection: its token is refused from the next request on. */
/**
 * Ends a user's sessions after a change of what they may do (password, role, stores, active flag): their tokens
 * are refused from the next call on. The editor's own connection stays open when they edit themselves.
 */
export function cerrarSesionesDeUsuario(db: Db, userId: number, actor: Actor): Promise<number> {
  return repositorio.cerrarConexionesDeUsuario(db, userId, actor.userId === userId ? actor.conexionId : null, actor.userId);
}

export async function revocarConexion(db: Db, id: number, actor: Actor): Promise<void> {
  const conexion = await repositorio.findConexion(db, id);
  if (!conexion) throw new AppError('CONEXION_NO_ENCONTRADA');
  await repositorio.cerrarConexion(db, id, actor.userId);
}
