import { sql, type Kysely } from 'kysely';
import type { ClaseTributaria, TipoProducto } from '@tablero/domain';
import type { Database, Db } from '../../db/database';

/** Only active entries are offered (spec 001 §3 Lookups). */
export function listClasificacionesActivas(db: Db) {
  return db.selectFrom('siigo_clasificacion_inventario').select(['id', 'nombre', 'activo']).where('activo', '=', true).orderBy('nombre').execute();
}

export function listImpuestosActivos(db: Db) {
  return db.selectFrom('siigo_impuesto').select(['id', 'nombre', 'porcentaje_impuesto', 'activo']).where('activo', '=', true).orderBy('nombre').execute();
}

/**
 * The Siigo connection as factura-electronica's configuration keeps it (configuracion_fe, one row). Read here, not
 * through that module's door: it comes after siigo in MODULOS, and siigo only reads these columns.
 */
export function getConfiguracionSiigo(db: Db) {
  return db
    .selectFrom('configuracion_fe')
    .select(['proveedor', 'proveedor_url', 'siigo_usuario', 'siigo_access_key_cifrada', 'siigo_partner_id'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/** The stored token when it was issued for this Siigo company and stays valid for `margenMs` more. */
export async function getTokenVigente(db: Db, url: string, usuario: string, margenMs: number): Promise<string | null> {
  const fila = await db
    .selectFrom('siigo_sesion')
    .select('access_token')
    .where('id', '=', 1)
    .where('url', '=', url)
    .where('usuario', '=', usuario)
    .where('vence', '>', sql<Date>`now() + ${`${margenMs} milliseconds`}::interval`)
    .executeTakeFirst();
  return fila?.access_token ?? null;
}

/** Keeps the one token row. Two instances renewing at once both write; either token works, the last one stays. */
export async function upsertToken(db: Db, datos: { url: string; usuario: string; accessToken: string; venceEnSegundos: number }): Promise<void> {
  await db
    .insertInto('siigo_sesion')
    .values({
      id: 1,
      access_token: datos.accessToken,
      vence: sql<Date>`now() + ${`${datos.venceEnSegundos} seconds`}::interval`,
      url: datos.url,
      usuario: datos.usuario,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        access_token: eb.ref('excluded.access_token'),
        vence: eb.ref('excluded.vence'),
        url: eb.ref('excluded.url'),
        usuario: eb.ref('excluded.usuario'),
      })),
    )
    .execute();
}

/**
 * Counts one request to Siigo in the current one-minute window and answers that request's place in it and the
 * seconds until the window ends, in one statement (as the login limits do): parallel callers on any number of
 * instances each get a distinct place, so exactly the allowed number get through. A window starts again once a
 * minute has passed since it opened.
 */
export async function reservarSolicitud(db: Db): Promise<{ posicion: number; segundosRestantes: number }> {
  const { rows } = await sql<{ solicitudes: number; segundos_restantes: string }>`
    insert into siigo_limite_solicitudes as l (id, ventana_inicio, solicitudes) values (1, now(), 1)
    on conflict (id) do update set
      solicitudes = case when l.ventana_inicio <= now() - interval '1 minute' then 1 else l.solicitudes + 1 end,
      ventana_inicio = case when l.ventana_inicio <= now() - interval '1 minute' then now() else l.ventana_inicio end
    returning solicitudes, extract(epoch from ventana_inicio + interval '1 minute' - now()) as segundos_restantes
  `.execute(db);
  const fila = rows[0]!;
  return { posicion: fila.solicitudes, segundosRestantes: Math.max(0, Number(fila.segundos_restantes)) };
}

/** Key of the session-level advisory lock held while a sync with Siigo runs (any instance). */
const CLAVE_SINCRONIZACION = 'siigo:sincronizacion';

/**
 * Runs `trabajo` holding the sync lock on a connection of its own, or answers `null` at once when another sync holds
 * it. A session lock (not a transaction's) because the work is minutes of network calls, during which no transaction
 * may stay open; if the connection dies PostgreSQL releases the lock by itself.
 */
export function conBloqueoSincronizacion<T>(db: Kysely<Database>, trabajo: () => Promise<T>): Promise<{ resultado: T } | null> {
  return db.connection().execute(async (conexion) => {
    const { rows } = await sql<{ obtenido: boolean }>`select pg_try_advisory_lock(hashtext(${CLAVE_SINCRONIZACION})) as obtenido`.execute(conexion);
    if (!rows[0]?.obtenido) return null;
    try {
      return { resultado: await trabajo() };
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${CLAVE_SINCRONIZACION}))`.execute(conexion);
    }
  });
}

export interface EntradaCatalogo {
  id: number;
  nombre: string;
  activo: boolean;
}

/**
 * Makes siigo_clasificacion_inventario what Siigo lists: its entries inserted or renamed, the ones it no longer lists
 * deactivated (never deleted: categories may still name them). Answers how many were deactivated.
 */
export async function upsertClasificaciones(db: Db, entradas: EntradaCatalogo[]): Promise<number> {
  if (entradas.length > 0) {
    await db
      .insertInto('siigo_clasificacion_inventario')
      .values(entradas)
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ nombre: eb.ref('excluded.nombre'), activo: eb.ref('excluded.activo') })))
      .execute();
  }
  const ids = entradas.map((entrada) => entrada.id);
  const resultado = await db
    .updateTable('siigo_clasificacion_inventario')
    .set({ activo: false })
    .where('activo', '=', true)
    .where(sql<boolean>`not (id = any(${ids}::integer[]))`)
    .executeTakeFirst();
  return Number(resultado.numUpdatedRows);
}

/** The same for siigo_impuesto. */
export async function upsertImpuestos(db: Db, entradas: (EntradaCatalogo & { porcentaje_impuesto: number })[]): Promise<number> {
  if (entradas.length > 0) {
    await db
      .insertInto('siigo_impuesto')
      .values(entradas)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          nombre: eb.ref('excluded.nombre'),
          porcentaje_impuesto: eb.ref('excluded.porcentaje_impuesto'),
          activo: eb.ref('excluded.activo'),
        })),
      )
      .execute();
  }
  const ids = entradas.map((entrada) => entrada.id);
  const resultado = await db
    .updateTable('siigo_impuesto')
    .set({ activo: false })
    .where('activo', '=', true)
    .where(sql<boolean>`not (id = any(${ids}::integer[]))`)
    .executeTakeFirst();
  return Number(resultado.numUpdatedRows);
}

export interface ProductoParaSiigo {
  id: number;
  referencia: string;
  nombre_producto: string;
  descripcion_producto: string | null;
  precio_unitario: string;
  /** Product or Service (producto.tipo_producto, migration 202612030100): Siigo's own `type` codes. */
  tipo_producto: TipoProducto;
  /** Taxed, Exempt or Excluded (impuesto.clase_tributaria): Siigo's own `tax_classification` codes. */
  clase_tributaria: ClaseTributaria;
  /** The Siigo tax of the product's tax, when it has one and Siigo still lists it, and its rate. */
  siigo_impuesto_id: number | null;
  siigo_porcentaje_impuesto: string | null;
  /** The active inventory classification of the product's category or of its nearest ancestor that has one. */
  siigo_clasificacion_inventario_id: number | null;
  siigo_id: string | null;
}

/**
 * Every product with what Siigo needs of it (read across productos, impuestos and categorias-productos, which siigo
 * only reads). Never-synced products first, then the longest unsynced, so a sync cut short resumes where it matters.
 */
export async function listProductosParaSiigo(db: Db): Promise<ProductoParaSiigo[]> {
  const { rows } = await sql<ProductoParaSiigo>`
    with recursive ascendencia (categoria_id, actual_id, clasificacion_id, profundidad) as (
      select c.id, c.categoria_producto_padre_id, sci.id, 0
        from categoria_producto c
        left join siigo_clasificacion_inventario sci on sci.id = c.siigo_clasificacion_inventario_id and sci.activo
      union all
      select a.categoria_id, padre.categoria_producto_padre_id, sci.id, a.profundidad + 1
        from ascendencia a
        join categoria_producto padre on padre.id = a.actual_id
        left join siigo_clasificacion_inventario sci on sci.id = padre.siigo_clasificacion_inventario_id and sci.activo
       where a.clasificacion_id is null and a.profundidad < 20
    ),
    clasificacion as (
      select distinct on (categoria_id) categoria_id, clasificacion_id
        from ascendencia
       where clasificacion_id is not null
       order by categoria_id, profundidad
    )
    select p.id, p.referencia, p.nombre_producto, p.descripcion_producto, p.precio_unitario, p.tipo_producto, i.clase_tributaria,
           si.id as siigo_impuesto_id, si.porcentaje_impuesto as siigo_porcentaje_impuesto, cl.clasificacion_id as siigo_clasificacion_inventario_id, sp.siigo_id
      from producto p
      join impuesto i on i.id = p.impuesto_id
      left join siigo_impuesto si on si.id = i.siigo_impuesto_id and si.activo
      left join clasificacion cl on cl.categoria_id = p.categoria_producto_id
      left join siigo_producto sp on sp.producto_id = p.id
     order by sp.sincronizado_at asc nulls first, p.id
  `.execute(db);
  return rows;
}

/** Records that each product is in Siigo under its id, as of now (one statement for the lot). */
export async function upsertProductosSincronizados(db: Db, filas: { producto_id: number; siigo_id: string }[]): Promise<void> {
  if (filas.length === 0) return;
  await db
    .insertInto('siigo_producto')
    .values(filas.map((fila) => ({ ...fila, sincronizado_at: sql<Date>`now()` })))
    .onConflict((oc) => oc.column('producto_id').doUpdateSet((eb) => ({ siigo_id: eb.ref('excluded.siigo_id'), sincronizado_at: eb.ref('excluded.sincronizado_at') })))
    .execute();
}
