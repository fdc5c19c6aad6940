import { sql, type Kysely } from 'kysely';

// A sale line's discount comes from one approved discount request (docs/decisions.md "Descuentos"): the line names
// the request, and a request covers at most one line of all sales (unique). Lines are replaced on every save of an
// order, so the tie lives on the line: deleting the old lines frees their requests in the same transaction. The
// request's own venta_detalle_id, left open when the requests were built, is dropped: the line holds the tie.
// An offcut line keeps the offcut's measures and edge (spec 000 §2.11) so the server can price it again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('descuento_solicitado').dropColumn('venta_detalle_id').execute();
  await db.schema
    .alterTable('venta_detalle')
    .addColumn('descuento_solicitado_id', 'integer', (c) => c.references('descuento_solicitado.id'))
    .addColumn('detalle_retal', 'jsonb')
    .execute();
  await db.schema
    .createIndex('venta_detalle_descuento_unico')
    .on('venta_detalle')
    .column('descuento_solicitado_id')
    .unique()
    .where(sql.ref('descuento_solicitado_id'), 'is not', null)
    .execute();
  // A discount on a line only with its request: the server checks the request; the row cannot say otherwise.
  await sql`
    alter table venta_detalle add constraint venta_detalle_descuento_con_solicitud
    check (porcentaje_descuento = 0 or descuento_solicitado_id is not null)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table venta_detalle drop constraint venta_detalle_descuento_con_solicitud`.execute(db);
  await db.schema.dropIndex('venta_detalle_descuento_unico').execute();
  await db.schema.alterTable('venta_detalle').dropColumn('detalle_retal').dropColumn('descuento_solicitado_id').execute();
  await db.schema.alterTable('descuento_solicitado').addColumn('venta_detalle_id', 'integer').execute();
}
