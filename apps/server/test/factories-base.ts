import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Rol } from '@tablero/domain';
import type { Database } from '../src/db/database';
import { hashPassword } from '../src/lib/passwords';

/** Test data (ARCHITECTURE §7): built here, never from the demo seed. Each file has its own database. */

let secuencia = 0;
const siguiente = () => ++secuencia;

export const CLAVE_PRUEBA = 'Clave-de-prueba-1';

/** A user agent of Chrome on Windows, named 'Chrome en Windows' by the connections module. */
export const UA_CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

// scrypt costs ~50 ms per hash: each password is hashed once per file and its hash reused.
const hashes = new Map<string, Promise<string>>();
function hashDe(clave: string): Promise<string> {
  let hash = hashes.get(clave);
  if (!hash) {
    hash = hashPassword(clave);
    hashes.set(clave, hash);
  }
  return hash;
}

export interface TiendaPrueba {
  id: number;
  codigo_tienda: string;
  nombre_tienda: string;
  activo: boolean;
}

export async function crearTienda(
  db: Kysely<Database>,
  datos: { codigo_tienda?: string; nombre_tienda?: string; activo?: boolean } = {},
): Promise<TiendaPrueba> {
  const n = siguiente();
  const fila = {
    codigo_tienda: datos.codigo_tienda ?? `T${String(n).padStart(4, '0')}`,
    nombre_tienda: datos.nombre_tienda ?? `Tienda ${n}`,
    activo: datos.activo ?? true,
  };
  const { id } = await db.insertInto('tienda').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, ...fila };
}

export interface UsuarioPrueba {
  id: number;
  name: string;
  email: string;
  role: Rol;
  password: string;
  tiendas: string[];
}

/** A staff account working in `tiendas` (store codes). */
export async function crearUsuario(
  db: Kysely<Database>,
  datos: { role?: Rol; tiendas?: string[]; password?: string; activo?: boolean; name?: string; email?: string } = {},
): Promise<UsuarioPrueba> {
  const n = siguiente();
  const usuario = {
    name: datos.name ?? `Usuario ${n}`,
    email: (datos.email ?? `usuario${n}@prueba.test`).toLowerCase(),
    role: datos.role ?? 'Vendedor',
  };
  const password = datos.password ?? CLAVE_PRUEBA;
  const { id } = await db
    .insertInto('usuario')
    .values({ ...usuario, password_hash: await hashDe(password), activo: datos.activo ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tiendas = datos.tiendas ?? [];
  if (tiendas.length > 0) {
    await db
      .insertInto('usuario_tienda')
      .values(tiendas.map((codigo_tienda) => ({ user_id: id, codigo_tienda })))
      .execute();
  }
  return { id, ...usuario, password, tiendas };
}

export async function crearParametro(
  db: Kysely<Database>,
  datos: { codigo_parametro?: string; valor_parametro?: string } = {},
): Promise<{ codigo_parametro: string; valor_parametro: string }> {
  const fila = {
    codigo_parametro: datos.codigo_parametro ?? `PARAMETRO_${siguiente()}`,
    valor_parametro: datos.valor_parametro ?? 'valor',
  };
  await db.insertInto('parametro').values(fila).execute();
  return fila;
}

/** A connection row without going through login (for lists); its token is not needed. */
export async function crearConexion(
  db: Kysely<Database>,
  datos: { user_id: number; name_connection?: string; fecha_registro?: Date; expira_en?: Date; fecha_cierre?: Date | null },
): Promise<number> {
  const { id } = await db
    .insertInto('conexion')
    .values({
      user_id: datos.user_id,
      name_connection: datos.name_connection ?? `Conexión ${siguiente()}`,
      user_agent: '',
      ip: '127.0.0.1',
      ...(datos.fecha_registro ? { fecha_registro: datos.fecha_registro } : {}),
      expira_en: datos.expira_en ?? new Date(Date.now() + 3600_000),
      fecha_cierre: datos.fecha_cierre ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Logs in through POST /api/ingreso, as the web does, and returns the token. */
export async function iniciarSesion(
  app: FastifyInstance,
  email: string,
  password: string,
  opciones: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const respuesta = await app.inject({
    method: 'POST',
    url: '/api/ingreso',
    payload: { email, password },
    headers: { 'user-agent': opciones.userAgent ?? UA_CHROME_WINDOWS },
    ...(opciones.ip ? { remoteAddress: opciones.ip } : {}),
  });
  if (respuesta.statusCode !== 200) {
    throw new Error(`El ingreso de ${email} respondió ${respuesta.statusCode}: ${respuesta.body}`);
  }
  return respuesta.json<{ data: { token: string } }>().data.token;
}

/** A user of `role` in `tiendas`, logged in: the usual start of a route test. */
export async function crearUsuarioConSesion(
  app: FastifyInstance,
  db: Kysely<Database>,
  datos: Parameters<typeof crearUsuario>[1] = {},
): Promise<UsuarioPrueba & { token: string }> {
  const usuario = await crearUsuario(db, datos);
  return { ...usuario, token: await iniciarSesion(app, usuario.email, usuario.password) };
}

export type UsuarioConSesion = UsuarioPrueba & { token: string };

/** The roles other than SuperAdministrador: the ones refused on SuperAdministrador-only routes. */
export const ROLES_NO_SUPER_ADMIN = ['Administrador', 'Vendedor', 'Bodega', 'Operario'] as const;
export type RolNoSuperAdmin = (typeof ROLES_NO_SUPER_ADMIN)[number];

/**
 * One logged-in user per role, all in `codigoTienda`: the cast of a route suite's refusals.
 * SuperAdministrador apart, since it passes every role check.
 */
export async function crearUsuariosPorRol(
  app: FastifyInstance,
  db: Kysely<Database>,
  codigoTienda: string,
): Promise<{ superAdmin: UsuarioConSesion; porRol: Record<RolNoSuperAdmin, UsuarioConSesion> }> {
  const superAdmin = await crearUsuarioConSesion(app, db, { role: 'SuperAdministrador', tiendas: [codigoTienda] });
  const porRol = {} as Record<RolNoSuperAdmin, UsuarioConSesion>;
  for (const role of ROLES_NO_SUPER_ADMIN) porRol[role] = await crearUsuarioConSesion(app, db, { role, tiendas: [codigoTienda] });
  return { superAdmin, porRol };
}

/** The headers every call but login carries: the bearer token and, when given, the store. */
export function headers(token: string, codigoTienda?: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    ...(codigoTienda ? { 'x-codigo-tienda': codigoTienda } : {}),
  };
}
