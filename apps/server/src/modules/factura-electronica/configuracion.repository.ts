import { sql, type Updateable } from 'kysely';
import { PAIS_COLOMBIA } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import type { FacturaElectronicaTablas } from './factura-electronica.tablas';

/** The only row of configuracion_fe (the migration inserts it; a CHECK keeps it alone). */
const FILA = 1;

/** The settings row with its place names (DANE's, for the document) and who saved it last. */
export function findConfiguracion(db: Db) {
  return db
    .selectFrom('configuracion_fe as c')
    .leftJoin('departamento as d', (join) => join.on('d.country_code', '=', PAIS_COLOMBIA).onRef('d.state_code', '=', 'c.departamento_codigo'))
    .leftJoin('ciudad as m', (join) =>
      join.on('m.country_code', '=', PAIS_COLOMBIA).onRef('m.state_code', '=', 'c.departamento_codigo').onRef('m.city_code', '=', 'c.municipio_codigo'),
    )
    .leftJoin('usuario as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['d.state_name as departamento_nombre', 'm.city_name as municipio_nombre', 'u.name as nombre_usuario'])
    .where('c.id', '=', FILA)
    .executeTakeFirstOrThrow();
}

export type FilaConfiguracion = Awaited<ReturnType<typeof findConfiguracion>>;

/** The stored secrets, locked for the rest of the transaction: two saves of the settings queue here. */
export function lockSecretos(trx: Trx) {
  return trx
    .selectFrom('configuracion_fe')
    .select(['software_pin_cifrado', 'siigo_access_key_cifrada', 'smtp_clave_cifrada', 'certificado_p12_cifrado', 'certificado_clave_cifrada'])
    .where('id', '=', FILA)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export type CambiosConfiguracion = Omit<Updateable<FacturaElectronicaTablas['configuracion_fe']>, 'id' | 'user_id' | 'updated_at'>;

export async function updateConfiguracion(trx: Trx, cambios: CambiosConfiguracion, userId: number | null): Promise<void> {
  await trx
    .updateTable('configuracion_fe')
    .set({ ...cambios, user_id: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', FILA)
    .execute();
}

/** The certificate's expiry, for the frame's notice (no secret is opened). */
export async function findVencimientoCertificado(db: Db): Promise<Date | null> {
  const fila = await db.selectFrom('configuracion_fe').select('certificado_vence').where('id', '=', FILA).executeTakeFirst();
  return fila?.certificado_vence ?? null;
}

/** Which of `codigos` are stores. */
export async function tiendasExistentes(db: Db, codigos: readonly string[]): Promise<string[]> {
  if (codigos.length === 0) return [];
  const filas = await db.selectFrom('tienda').select('codigo_tienda').where('codigo_tienda', 'in', codigos).execute();
  return filas.map((fila) => fila.codigo_tienda);
}

/** The active electronic-invoice ranges without a technical key: their invoices cannot be sent. */
export function listRangosFacturaSinClave(db: Db) {
  return db
    .selectFrom('rango_numeracion')
    .select(['prefijo', 'codigo_tienda'])
    .where('tipo_documento', '=', 'FACTURA')
    .where('activo', '=', true)
    .where((eb) => eb.or([eb('clave_tecnica', 'is', null), eb('clave_tecnica', '=', '')]))
    .orderBy('codigo_tienda')
    .orderBy('prefijo')
    .execute();
}
