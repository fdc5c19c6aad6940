import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database';

let consecutivo = 0;

/** A register of the store, straight into the table (active unless told). */
export async function crearCaja(db: Kysely<Database>, codigoTienda: string, datos: { nombre_caja?: string; activa?: boolean } = {}): Promise<{ id: number; nombre_caja: string }> {
  consecutivo += 1;
  const nombre_caja = datos.nombre_caja ?? `Caja prueba ${process.pid}-${consecutivo}`;
  const { id } = await db
    .insertInto('caja')
    .values({ codigo_tienda: codigoTienda, nombre_caja, activa: datos.activa ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, nombre_caja };
}

/** Sets the parameter ROLES_TURNO_CAJA (a comma list of roles), or back to 'Ninguno' with null (nobody must open a shift). */
export async function fijarRolesTurnoCaja(db: Kysely<Database>, valor: string | null) {
  await db
    .insertInto('parametro')
    .values({ codigo_parametro: 'ROLES_TURNO_CAJA', valor_parametro: valor ?? 'Ninguno' })
    .onConflict((oc) => oc.column('codigo_parametro').doUpdateSet({ valor_parametro: valor ?? 'Ninguno' }))
    .execute();
}
