import type { Rol } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { HASH_SENUELO, hashPassword, verifyPassword } from '../../lib/passwords';
import * as conexionesService from '../conexiones';
import * as repositorio from './usuarios.repository';

/** Creates a staff account with its stores. Used by the demo data and, later, by the third-party form. */
export async function crearUsuario(
  db: Trx,
  datos: { name: string; email: string; password: string; role: Rol; tiendas: string[]; activo?: boolean },
): Promise<number> {
  const id = await repositorio.insertUsuario(db, {
    name: datos.name,
    email: datos.email.toLowerCase(),
    password_hash: await hashPassword(datos.password),
    role: datos.role,
    ...(datos.activo === undefined ? {} : { activo: datos.activo }),
  });
  await repositorio.insertUsuarioTiendas(db, id, datos.tiendas);
  return id;
}

export function buscarUsuario(db: Db, id: number) {
  return repositorio.findUsuario(db, id);
}

/** Turns an account on or off; turning it off ends its sessions at once. */
export async function cambiarActivo(db: Trx, id: number, activo: boolean, actor: Actor): Promise<void> {
  await repositorio.updateActivo(db, id, activo);
  if (!activo) await conexionesService.cerrarSesionesDeUsuario(db, id, actor);
}

/** True when another account (not `exceptoId`) already uses the e-mail; accounts are one per address. */
export async function emailEnUso(db: Db, email: string, exceptoId: number | null = null): Promise<boolean> {
  const usuario = await repositorio.findUsuarioPorEmail(db, email);
  return usuario !== undefined && usuario.id !== exceptoId;
}

/**
 * Updates a staff account from its third party (docs/decisions-terceros.md, Cuentas del personal): name, e-mail, role,
 * active flag, and the password only when one is given. `tiendas` replaces its stores. Call inside a transaction.
 */
export async function actualizarUsuario(
  db: Trx,
  id: number,
  datos: { name: string; email: string; role: Rol; activo: boolean; password: string | null; tiendas: string[] },
  actor: Actor,
): Promise<void> {
  const antes = await repositorio.findUsuario(db, id);
  const tiendasAntes = await repositorio.listCodigosTiendaUsuario(db, id);
  const mismasTiendas = tiendasAntes.join(',') === [...new Set(datos.tiendas)].sort().join(',');
  // A new password, role, set of stores or active flag changes who may do what: the sessions opened under the old
  // ones end now instead of running until their tokens expire.
  const cambiaAcceso = Boolean(datos.password) || antes?.role !== datos.role || antes?.activo !== datos.activo || !mismasTiendas;
  await repositorio.updateUsuario(db, id, {
    name: datos.name,
    email: datos.email.toLowerCase(),
    role: datos.role,
    activo: datos.activo,
    ...(datos.password ? { password_hash: await hashPassword(datos.password) } : {}),
  });
  await repositorio.replaceUsuarioTiendas(db, id, datos.tiendas);
  if (cambiaAcceso) await conexionesService.cerrarSesionesDeUsuario(db, id, actor);
}

/** The id of the account with this e-mail, if any. */
export async function idPorEmail(db: Db, email: string): Promise<number | undefined> {
  return (await repositorio.findUsuarioPorEmail(db, email))?.id;
}

/** The store codes assigned to a user. */
export function tiendasDeCuenta(db: Db, userId: number): Promise<string[]> {
  return repositorio.listCodigosTiendaUsuario(db, userId);
}

/** True when every code names an active store. */
export async function sonTiendasActivas(db: Db, codigos: string[]): Promise<boolean> {
  const distintos = [...new Set(codigos)];
  return distintos.length > 0 && (await repositorio.countTiendasActivas(db, distintos)) === distintos.length;
}

/**
 * Checks an e-mail and password. Every attempt is recorded (the login limits, kept by the sesion module, decide
 * before this whether it may be evaluated at all). Unknown e-mails cost the same time as known ones.
 */
export async function verificarCredenciales(db: Db, credenciales: { email: string; password: string }, contexto: { ip: string }) {
  const email = credenciales.email.toLowerCase();

  const usuario = await repositorio.findUsuarioPorEmail(db, email);
  const esValida = await verifyPassword(credenciales.password, usuario?.password_hash ?? HASH_SENUELO);
  await repositorio.insertIntentoIngreso(db, { email, ip: contexto.ip, exitoso: Boolean(usuario && esValida) });
  if (!usuario || !esValida) throw new AppError('CREDENCIALES_INVALIDAS');
  if (!usuario.activo) throw new AppError('USUARIO_INACTIVO');
  return { id: usuario.id, name: usuario.name, email: usuario.email, role: usuario.role };
}

/** True when the account is active and `clave` is its password (the start-up banner lists demo users this way). */
export async function ingresaConClave(db: Db, email: string, clave: string): Promise<boolean> {
  const usuario = await repositorio.findUsuarioPorEmail(db, email);
  return Boolean(usuario?.activo && (await verifyPassword(clave, usuario.password_hash)));
}
