import { sql, type Kysely } from 'kysely';

/**
 * The order form's draft (docs/decisions.md "Borrador del pedido"): one per user, store and order being edited (a new
 * order's has no venta_id; NULLS NOT DISTINCT makes it one too). The body is the form's state as JSON, opaque to the
 * server and bounded by the route (BORRADOR_PEDIDO_MAXIMO_BYTES). A draft goes with its user or its order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pedido_borrador')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuario.id').onDelete('cascade'))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('venta_id', 'integer', (c) => c.references('venta.id').onDelete('cascade'))
    .addColumn('tercero_id', 'integer', (c) => c.notNull())
    .addColumn('contenido', 'jsonb', (c) => c.notNull())
    .addColumn('fecha_actualiza', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create unique index pedido_borrador_usuario_tienda_venta_key
    on pedido_borrador (usuario_id, codigo_tienda, venta_id) nulls not distinct
  `.execute(db);
  await db.schema.createIndex('pedido_borrador_venta_idx').on('pedido_borrador').column('venta_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pedido_borrador').execute();
}
