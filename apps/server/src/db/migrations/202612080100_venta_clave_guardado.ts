import { sql, type Kysely } from 'kysely';

/**
 * A new order's save key (docs/decisions.md "Un pedido nuevo se guarda una sola vez"): the form draws it once, and a save
 * sent again after its answer was lost finds the order it made instead of making a second one. `huella_guardado` is
 * the save's content (sha-256 of its request), so a different save under the same key is told apart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table venta add column clave_guardado uuid, add column huella_guardado text`.execute(db);
  await sql`create unique index venta_clave_guardado_unica on venta (clave_guardado) where clave_guardado is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_clave_guardado_unica`.execute(db);
  await sql`alter table venta drop column clave_guardado, drop column huella_guardado`.execute(db);
}
