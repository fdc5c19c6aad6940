import { sql, type Kysely } from 'kysely';

// Discount requests (spec 000 §2.14, §2.15, §3 Discount request, §4.3): a seller asks for a percentage off one sale
// line; an approver of the store approves or rejects it once. Pending: not approved, no approver; approved: approved
// with its approver; rejected: not approved, with its approver.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('descuento_solicitado')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('tercero_id', 'integer', (c) => c.notNull().references('tercero.id'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('cantidad_solicitada', sql`numeric(14,2)`, (c) => c.notNull().check(sql`cantidad_solicitada > 0`))
    // spec 000 §5: prices are typed with up to 5 decimals.
    .addColumn('precio_unitario', sql`numeric(18,5)`, (c) => c.notNull().check(sql`precio_unitario >= 0`))
    // cantidad_solicitada × precio_unitario rounded to the centavo (the server checks the client's figure).
    .addColumn('sub_total', sql`numeric(18,2)`, (c) => c.notNull().check(sql`sub_total >= 0`))
    // spec 000 §2.14: minimum 1.
    .addColumn('porcentaje_descuento', sql`numeric(5,2)`, (c) => c.notNull().check(sql`porcentaje_descuento between 1 and 100`))
    // The seller who asked.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('fecha_creacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('aprobado', 'boolean', (c) => c.notNull().defaultTo(false))
    // Who decided (approved or rejected) and when; null while pending.
    .addColumn('aprobador_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_decision', 'timestamptz')
    // The sale line the discount ends up on. How a request ties to a line (before or after the order is saved) is
    // decided with the order form, so the column is nullable and has no foreign key yet.
    .addColumn('venta_detalle_id', 'integer')
    .addCheckConstraint('descuento_solicitado_aprobado_con_aprobador', sql`not aprobado or aprobador_id is not null`)
    .addCheckConstraint('descuento_solicitado_decision_completa', sql`(aprobador_id is null) = (fecha_decision is null)`)
    .execute();
  // The requested discounts screen: the store's requests, newest first.
  await db.schema
    .createIndex('descuento_solicitado_tienda_fecha_idx')
    .on('descuento_solicitado')
    .columns(['codigo_tienda', 'fecha_creacion desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('descuento_solicitado').execute();
}
