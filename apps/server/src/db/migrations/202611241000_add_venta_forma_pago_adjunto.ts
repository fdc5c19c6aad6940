import { sql, type Kysely } from 'kysely';

/**
 * The voucher picture of a sale's payment (spec 002 §3 Sale month view adjunto_comprobante_pago): the
 * image's bytes and type beside the name `adjunto_comprobante_pago` already holds. Files are rows (ARCHITECTURE §8):
 * every server instance serves them, a backup holds them. PostgreSQL keeps a picture out of the row (TOAST), so the
 * lists that read the payments' other columns do not pay for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('venta_forma_pago')
    .addColumn('adjunto_tipo', 'varchar(20)')
    .addColumn('adjunto_contenido', 'bytea')
    .execute();
  await db.schema
    .alterTable('venta_forma_pago')
    .addCheckConstraint(
      'venta_forma_pago_adjunto_completo',
      sql`(adjunto_comprobante_pago is null) = (adjunto_contenido is null) and (adjunto_contenido is null) = (adjunto_tipo is null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('venta_forma_pago').dropConstraint('venta_forma_pago_adjunto_completo').execute();
  await db.schema.alterTable('venta_forma_pago').dropColumn('adjunto_contenido').dropColumn('adjunto_tipo').execute();
}
