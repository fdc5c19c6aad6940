import {
  MENSAJES_TERCERO,
  ROL_POR_TIPO_TERCERO,
  puedeEditarTercero,
  TIPO_POR_PERFIL,
  tipoTerceroIngresa,
  type Pagina,
  type Rol,
  type RoleTercero,
  type Tercero,
  type TerceroConsulta,
  type TerceroGuardar,
  type TerceroInfo,
  type TipoDocumento,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as ubicacionesService from '../ubicaciones';
import * as usuariosService from '../usuarios';
import * as repositorio from './terceros.repository';

/** A plain list (no_page=1) answers at most this many rows: pickers, not exports. */
export const TERCEROS_SIN_PAGINAR_MAXIMO = 1000;

type FilaTercero = NonNullable<Awaited<ReturnType<typeof repositorio.findTercero>>>;

function aTercero(fila: FilaTercero): Tercero {
  return {
    ...fila,
    nombre_perfil: fila.nombre_perfil ?? null,
    saldo_abono: Number(fila.saldo_abono),
    fecha_registro: fila.fecha_registro.toISOString(),
  };
}

/**
 * GET terceros (spec 001 §7, 002 §7): a page, or with `no_page` a plain list. `role` filters by profile
 * (Mensajero, Operario…), `modo_usuario` 0 keeps those without a user account, 1 those with one.
 * Pickers (role, no_page) list only active third parties unless `activo` says otherwise.
 */
export async function listarTerceros(db: Db, consulta: TerceroConsulta): Promise<Pagina<Tercero> | Tercero[]> {
  const tipos = [consulta.role ? TIPO_POR_PERFIL[consulta.role] : undefined, consulta.tipo_tercero].filter((tipo) => tipo !== undefined);
  const activo = consulta.activo ?? (consulta.role || consulta.no_page ? true : undefined);
  const filtros: repositorio.FiltrosTerceros = {
    ...(consulta.query ? { busqueda: consulta.query } : {}),
    ...(tipos.length > 0 ? { tipos } : {}),
    ...(consulta.modo_usuario !== undefined ? { conUsuario: consulta.modo_usuario } : {}),
    ...(activo !== undefined ? { activo } : {}),
  };
  if (consulta.no_page) {
    return (await repositorio.listTercerosSinPaginar(db, filtros, TERCEROS_SIN_PAGINAR_MAXIMO)).map(aTercero);
  }
  const { filas, total } = await repositorio.listTerceros(db, filtros, consulta);
  return paginar(filas.map(aTercero), total, consulta.page, consulta.per_page);
}

/** GET terceros/{id}: the third party and its user account (data.role_tercero). 404 when it does not exist. */
export async function leerTercero(db: Db, id: number): Promise<{ tercero: Tercero; role_tercero: RoleTercero }> {
  const fila = await repositorio.findTercero(db, id);
  if (!fila) throw new AppError('TERCERO_NO_ENCONTRADO');
  const tercero = aTercero(fila);
  const tiendas = tercero.user_id ? await usuariosService.tiendasDeCuenta(db, tercero.user_id) : [];
  let activo = tercero.activo;
  if (tercero.user_id) activo = (await usuariosService.buscarUsuario(db, tercero.user_id))?.activo ?? false;
  return { tercero, role_tercero: { user_id: tercero.user_id, nombre_perfil: tercero.nombre_perfil, activo, tiendas } };
}

/** Who it is and its prepaid balance; undefined when it does not exist. For other modules (abonos, credit). */
export async function buscarTerceroPorId(db: Db, id: number): Promise<TerceroInfo | undefined> {
  const fila = await repositorio.findTercero(db, id);
  if (!fila) return undefined;
  return {
    id: fila.id,
    numero_documento: fila.numero_documento,
    nombres: fila.nombres,
    apellidos: fila.apellidos,
    tipo_tercero: fila.tipo_tercero,
    saldo_abono: Number(fila.saldo_abono),
  };
}

/** GET terceros/{id}?solo_info=1: who it is and its prepaid balance (the sales screens read it). 404 when missing. */
export async function leerTerceroInfo(db: Db, id: number): Promise<TerceroInfo> {
  const info = await buscarTerceroPorId(db, id);
  if (!info) throw new AppError('TERCERO_NO_ENCONTRADO');
  return info;
}

export function listarTiposDocumento(db: Db): Promise<TipoDocumento[]> {
  return repositorio.listTiposDocumento(db);
}

// The same rule the web form reads (packages/domain), so the dialog opens read-only exactly where this refuses.
const puedeEditar = (actor: Actor, tipo: TerceroGuardar['tipo_tercero']) => puedeEditarTercero(actor.role, tipo);

/** Field checks that need the database: document type, address, stores. 422 with the message per field. */
async function validarContraBase(db: Db, datos: TerceroGuardar, tiendas: string[] | null): Promise<void> {
  const errores: Record<string, string[]> = {};
  if (!(await repositorio.existeTipoDocumento(db, datos.tipo_documento_id))) errores.tipo_documento_id = [MENSAJES_TERCERO.tipoDocumento];
  Object.assign(errores, await ubicacionesService.erroresUbicacion(db, datos));
  if (tiendas !== null && !(await usuariosService.sonTiendasActivas(db, tiendas))) errores.tiendas = [MENSAJES_TERCERO.tiendas];
  const primero = Object.values(errores)[0]?.[0];
  if (primero) throw new AppError('DATOS_INVALIDOS', primero, errores);
}

function filaDe(datos: TerceroGuardar, extra: { activo: boolean; user_id: number | null }) {
  // Staff and messengers need no address: what they send is kept, but an empty country clears its state and city.
  const sinPais = !datos.country_code;
  return {
    tipo_documento_id: datos.tipo_documento_id,
    numero_documento: datos.numero_documento,
    nombres: datos.nombres,
    apellidos: datos.apellidos,
    correo_electronico: datos.correo_electronico.toLowerCase(),
    numero_telefonico: datos.numero_telefonico,
    numero_celular: datos.numero_celular,
    tipo_tercero: datos.tipo_tercero,
    tipo_persona: datos.tipo_persona,
    responsable_iva: datos.responsable_iva,
    responsabilidad_fiscal: datos.responsabilidad_fiscal,
    direccion_residencia: datos.direccion_residencia,
    country_code: datos.country_code ? datos.country_code.toUpperCase() : null,
    state_code: sinPais ? null : datos.state_code,
    city_code: sinPais ? null : datos.city_code,
    ...extra,
  };
}

const nombreCuenta = (datos: TerceroGuardar) => `${datos.nombres} ${datos.apellidos}`.slice(0, 200);

/** The login account a third party of a type that logs in gets: a new one needs a password (422 on the field). */
function cuentaNueva(datos: TerceroGuardar, rol: Rol, tiendas: string[], activo?: boolean) {
  if (!datos.password_usuario) {
    throw campoInvalido('password_usuario', MENSAJES_TERCERO.password);
  }
  return { name: nombreCuenta(datos), email: datos.correo_electronico, password: datos.password_usuario, role: rol, tiendas, activo };
}

/**
 * POST terceros/crear (spec 001 §5; docs/decisions-terceros.md). A type that logs in (V, A, B, OP) gets its user
 * account with the matching role and stores (default: the current store). Only Administrador and
 * SuperAdministrador register types other than C. Call inside a transaction. Answers the new id.
 */
export async function crearTercero(db: Trx, datos: TerceroGuardar, actor: Actor): Promise<number> {
  if (!puedeEditar(actor, datos.tipo_tercero)) throw new AppError('TERCERO_TIPO_NO_PERMITIDO');
  const rol = ROL_POR_TIPO_TERCERO[datos.tipo_tercero];
  const tiendas = rol ? (datos.tiendas ?? (actor.codigoTienda ? [actor.codigoTienda] : [])) : null;
  await validarContraBase(db, datos, tiendas);

  let userId: number | null = null;
  if (rol && tiendas) {
    const cuenta = cuentaNueva(datos, rol, tiendas);
    if (await usuariosService.emailEnUso(db, datos.correo_electronico)) throw new AppError('TERCERO_CORREO_EN_USO');
    userId = await usuariosService.crearUsuario(db, cuenta);
  }
  return registrarTercero(db, datos, { userId, codigoTienda: actor.codigoTienda });
}

/**
 * Inserts the third party's row only, linked to an existing user account when given (demo data links
 * the demo staff this way). 409 when its document type and number are taken.
 */
export async function registrarTercero(
  db: Db,
  datos: TerceroGuardar,
  opciones: { userId: number | null; codigoTienda: string | null },
): Promise<number> {
  const id = await repositorio.insertTercero(db, { ...filaDe(datos, { activo: true, user_id: opciones.userId }), codigo_tienda: opciones.codigoTienda });
  if (id === null) throw new AppError('TERCERO_DOCUMENTO_DUPLICADO');
  return id;
}

/**
 * PUT terceros/{id}/editar. The active switch counts only for a non-customer with a user account
 * (spec 001 §4); deactivating it blocks its login at once (the auth plugin reads usuario.activo on every
 * request). Turning a staff member into C or MSJ deactivates the account; turning a third party into a
 * staff type without an account creates one (a password is then required). Call inside a transaction.
 */
export async function editarTercero(db: Trx, id: number, datos: TerceroGuardar, actor: Actor): Promise<void> {
  const actual = await repositorio.lockTercero(db, id);
  if (!actual) throw new AppError('TERCERO_NO_ENCONTRADO');
  // Both the type it has and the type it would get: a Vendedor neither edits staff nor turns a customer into staff.
  if (!puedeEditar(actor, actual.tipo_tercero) || !puedeEditar(actor, datos.tipo_tercero)) {
    throw new AppError('TERCERO_TIPO_NO_PERMITIDO');
  }
  const rol = ROL_POR_TIPO_TERCERO[datos.tipo_tercero];
  let tiendas: string[] | null = null;
  if (rol) {
    tiendas =
      datos.tiendas ??
      (actual.user_id ? await usuariosService.tiendasDeCuenta(db, actual.user_id) : actor.codigoTienda ? [actor.codigoTienda] : []);
  }
  await validarContraBase(db, datos, tiendas);
  if (await repositorio.existeDocumento(db, datos.tipo_documento_id, datos.numero_documento, id)) {
    throw new AppError('TERCERO_DOCUMENTO_DUPLICADO');
  }

  const cambiaActivo = actual.user_id !== null && datos.tipo_tercero !== 'C' && datos.activo !== undefined;
  const activo = cambiaActivo ? datos.activo! : actual.activo;
  let userId = actual.user_id;

  if (rol && tiendas) {
    if (await usuariosService.emailEnUso(db, datos.correo_electronico, userId)) throw new AppError('TERCERO_CORREO_EN_USO');
    if (userId !== null) {
      await usuariosService.actualizarUsuario(db, userId, {
        name: nombreCuenta(datos),
        email: datos.correo_electronico,
        role: rol,
        activo,
        password: datos.password_usuario,
        tiendas,
      }, actor);
    } else {
      userId = await usuariosService.crearUsuario(db, cuentaNueva(datos, rol, tiendas, activo));
    }
  } else if (userId !== null && !tipoTerceroIngresa(datos.tipo_tercero)) {
    // C and MSJ never log in: the account stays linked (its history) but can no longer be used.
    await usuariosService.cambiarActivo(db, userId, false, actor);
  }
  await repositorio.updateTercero(db, id, filaDe(datos, { activo, user_id: userId }));
}
