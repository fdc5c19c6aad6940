import { sql, type Kysely } from 'kysely';

// Supplier payments (spec 002 §2.11, §2.12, §3 Supplier payment, §5, §9;
// docs/decisions-pagos-proveedores.md).
// - pago_proveedor: the invoice paid (concept, supplier, invoice code and date), the payment date, the total with IVA,
//   the percentages, and the figures calcularCifrasPagoProveedor (packages/domain) derives from them, stored so every
//   report adds the same centavos the screen showed; the store it was recorded in and who recorded it.
//   gestion_factura: an invoice recorded before it is paid (no payment date, methods or code required);
//   pago_realizado is its opposite, set by the server. A delete is soft (eliminado with who and when): the row stays
//   for the audit and leaves every list and total.
// - pago_proveedor_forma_pago: the source of funds, at most 5 per payment (the service checks it), each with its
//   voucher code and the voucher picture's key in the attachment store (lib/almacen-archivos.ts) and its MIME type.
//   An edit replaces the lines; the previous ones are kept in the history row.
// - pago_proveedor_historial: one row per edit or delete with the payment and its methods as they were BEFORE it
//   (jsonb), who and when. Append-only.
// - Indexes: a store's month by payment date (the list, the month closing), by invoice date for the invoices in
//   gestion mode not yet paid, and a day's payments by date (the daily cash), live rows only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pago_proveedor')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('tipo_concepto_id', 'integer', (c) => c.notNull().references('tipo_concepto.id'))
    .addColumn('proveedor_id', 'integer', (c) => c.notNull().references('proveedor.id'))
    .addColumn('codigo_factura', 'varchar(60)')
    .addColumn('fecha_factura', 'date', (c) => c.notNull())
    .addColumn('fecha_pago', 'date')
    .addColumn('valor_total', sql`numeric(18,2)`, (c) => c.notNull().check(sql`valor_total > 0`))
    .addColumn('pj_iva', sql`numeric(7,4)`, (c) => c.notNull().check(sql`pj_iva between 0 and 100`))
    .addColumn('valor_antes_iva', sql`numeric(18,2)`, (c) => c.notNull())
    .addColumn('valor_iva', sql`numeric(18,2)`, (c) => c.notNull())
    .addColumn('pj_retefuente', sql`numeric(7,4)`, (c) => c.notNull().check(sql`pj_retefuente between 0 and 100`))
    .addColumn('valor_rte', sql`numeric(18,2)`, (c) => c.notNull())
    .addColumn('valor_total_pagar', sql`numeric(18,2)`, (c) => c.notNull().check(sql`valor_total_pagar > 0`))
    .addColumn('observaciones', 'varchar(500)')
    .addColumn('gestion_factura', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pago_realizado', 'boolean', (c) => c.notNull())
    .addColumn('usuario_responsable', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('usuario_actualiza', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_inserta', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_actualiza', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('eliminado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fecha_elimina', 'timestamptz')
    .addColumn('usuario_elimina', 'integer', (c) => c.references('usuario.id'))
    // The stored figures add up: before IVA + IVA = total, to pay + retention = total.
    .addCheckConstraint('pago_proveedor_cifras', sql`valor_antes_iva + valor_iva = valor_total and valor_total_pagar + valor_rte = valor_total`)
    .addCheckConstraint('pago_proveedor_realizado', sql`pago_realizado = not gestion_factura`)
    .addCheckConstraint('pago_proveedor_pago', sql`gestion_factura or (fecha_pago is not null and codigo_factura is not null)`)
    .addCheckConstraint('pago_proveedor_eliminado', sql`eliminado = (fecha_elimina is not null) and eliminado = (usuario_elimina is not null)`)
    .execute();
  await sql`
    create index pago_proveedor_tienda_fecha_idx on pago_proveedor (codigo_tienda, (coalesce(fecha_pago, fecha_factura)))
      where not eliminado
  `.execute(db);
  await sql`
    create index pago_proveedor_fecha_pago_idx on pago_proveedor (fecha_pago, codigo_tienda)
      include (valor_total_pagar) where not eliminado and fecha_pago is not null
  `.execute(db);

  await db.schema
    .createTable('pago_proveedor_forma_pago')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pago_proveedor_id', 'integer', (c) => c.notNull().references('pago_proveedor.id'))
    .addColumn('forma_pago_id', 'integer', (c) => c.notNull().references('forma_pago.id'))
    .addColumn('valor_pagado', sql`numeric(18,2)`, (c) => c.notNull().check(sql`valor_pagado > 0`))
    .addColumn('codigo_comprobante_pago', 'varchar(60)')
    // The key in the attachment store ('pagos-proveedores/{uuid}.png'), its MIME type read from its bytes, and the
    // name the file had on the user's machine.
    .addColumn('adjunto_comprobante_pago', 'varchar(200)')
    .addColumn('tipo_adjunto', 'varchar(50)')
    .addColumn('nombre_adjunto', 'varchar(120)')
    .addCheckConstraint('pago_proveedor_forma_pago_adjunto', sql`(adjunto_comprobante_pago is null) = (tipo_adjunto is null)`)
    .execute();
  await sql`
    create index pago_proveedor_forma_pago_pago_idx on pago_proveedor_forma_pago (pago_proveedor_id)
      include (forma_pago_id, valor_pagado)
  `.execute(db);
  // The assets route finds a key's row (and so its type) by the key.
  await sql`
    create unique index pago_proveedor_forma_pago_adjunto_idx on pago_proveedor_forma_pago (adjunto_comprobante_pago)
      where adjunto_comprobante_pago is not null
  `.execute(db);

  await db.schema
    .createTable('pago_proveedor_historial')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pago_proveedor_id', 'integer', (c) => c.notNull().references('pago_proveedor.id'))
    .addColumn('accion', 'varchar(20)', (c) => c.notNull().check(sql`accion in ('edicion', 'eliminacion')`))
    .addColumn('datos_anteriores', 'jsonb', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pago_proveedor_historial_pago_idx').on('pago_proveedor_historial').columns(['pago_proveedor_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pago_proveedor_historial').execute();
  await db.schema.dropTable('pago_proveedor_forma_pago').execute();
  await db.schema.dropTable('pago_proveedor').execute();
}
