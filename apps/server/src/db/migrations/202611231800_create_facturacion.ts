import { sql, type Kysely } from 'kysely';

// Billing (spec 000 §2.6–2.8, §3 Sale header and Sale payment, §4.1; 002 §3 Sale month view):
// - rango_numeracion (module numeracion): each store's numbering ranges per document kind. FACTURA is the electronic
//   invoice, with its DIAN resolution (number, date, validity, prefix, from–to); REMISION is the remission (a sale
//   billed without the accounting-system flag), with its own prefix. At most one active range per store and kind.
//   `siguiente_numero` is the next number to hand out: it moves by one atomic UPDATE inside the billing transaction,
//   so a rolled-back bill gives its number back and numbers have no gaps and no repeats.
// - venta_forma_pago (module ventas): the payments of a billed sale, one row per payment method line.
// - the billing columns of venta: the document (kind, range, prefix, number), the billing date, the mode, the
//   accounting-system flag, the change given, and the annulment's who and when.

const dinero = (columna: string) => sql.raw(`${columna} >= 0`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rango_numeracion')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('tipo_documento', 'varchar(10)', (c) => c.notNull().check(sql`tipo_documento in ('FACTURA', 'REMISION')`))
    .addColumn('prefijo', 'varchar(10)', (c) => c.notNull().check(sql`prefijo ~ '^[A-Z0-9]{1,10}$'`))
    .addColumn('numero_desde', 'integer', (c) => c.notNull().check(sql`numero_desde >= 1`))
    .addColumn('numero_hasta', 'integer', (c) => c.notNull())
    .addColumn('siguiente_numero', 'integer', (c) => c.notNull())
    // The DIAN resolution that authorises an electronic invoice range (none for a remission range).
    .addColumn('resolucion_numero', 'varchar(40)')
    .addColumn('resolucion_fecha', 'date')
    .addColumn('fecha_desde', 'date')
    .addColumn('fecha_hasta', 'date')
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('rango_numeracion_limites', sql`numero_hasta >= numero_desde and siguiente_numero between numero_desde and numero_hasta + 1`)
    .addCheckConstraint('rango_numeracion_vigencia', sql`fecha_hasta is null or fecha_desde is null or fecha_hasta >= fecha_desde`)
    .addCheckConstraint(
      'rango_numeracion_resolucion',
      sql`tipo_documento <> 'FACTURA' or (resolucion_numero is not null and resolucion_fecha is not null and fecha_desde is not null and fecha_hasta is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('rango_numeracion_activo_unico')
    .on('rango_numeracion')
    .columns(['codigo_tienda', 'tipo_documento'])
    .unique()
    .where(sql.ref('activo'), '=', true)
    .execute();
  // A prefix names one series in a store: two ranges of one prefix must not overlap (checked by the service; the
  // index keeps the common case, the same prefix and start, from being stored twice).
  await db.schema.createIndex('rango_numeracion_prefijo_desde_unico').on('rango_numeracion').columns(['codigo_tienda', 'prefijo', 'numero_desde']).unique().execute();

  await db.schema
    .alterTable('venta')
    // 'FACTURA' (electronic invoice, permite_fe) or 'REMISION', decided when billing by the accounting-system flag.
    .addColumn('tipo_documento', 'varchar(10)', (c) => c.check(sql`tipo_documento in ('FACTURA', 'REMISION')`))
    .addColumn('rango_numeracion_id', 'integer', (c) => c.references('rango_numeracion.id'))
    .addColumn('prefijo_factura_dian', 'varchar(10)')
    .addColumn('nro_factura_dian', 'integer')
    .addColumn('fecha_factura', 'timestamptz')
    .addColumn('facturador_id', 'integer', (c) => c.references('usuario.id'))
    // spec 000 §3 invoice mode: C cash, CR credit.
    .addColumn('modo_factura', 'varchar(2)', (c) => c.check(sql`modo_factura in ('C', 'CR')`))
    .addColumn('crear_factura_siigo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('permite_fe', 'boolean', (c) => c.notNull().defaultTo(false))
    // Filled by e-invoicing: when the tax authority accepted the invoice, and the accounting system's code.
    .addColumn('fecha_factura_dian', 'timestamptz')
    .addColumn('factura_code_siigo', 'varchar(60)')
    // The cash the customer handed over and the change given back (spec 000 §2.8; valor_venta_cambio_favor).
    .addColumn('valor_recibido_efectivo', sql`numeric(18,2)`, (c) => c.check(dinero('valor_recibido_efectivo')))
    .addColumn('valor_venta_cambio_favor', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(dinero('valor_venta_cambio_favor')))
    .addColumn('fecha_anulacion', 'timestamptz')
    .addColumn('anulador_id', 'integer', (c) => c.references('usuario.id'))
    .execute();
  // A document number is never handed out twice, not even after an annulment.
  await db.schema
    .createIndex('venta_documento_unico')
    .on('venta')
    .columns(['rango_numeracion_id', 'nro_factura_dian'])
    .unique()
    .where(sql.ref('nro_factura_dian'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('venta')
    .addCheckConstraint(
      'venta_documento_completo',
      sql`(nro_factura_dian is null) = (rango_numeracion_id is null) and (nro_factura_dian is null) = (fecha_factura is null)`,
    )
    .execute();

  await db.schema
    .createTable('venta_forma_pago')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().references('venta.id'))
    .addColumn('forma_pago_id', 'integer', (c) => c.notNull().references('forma_pago.id'))
    .addColumn('valor_pagado', sql`numeric(18,2)`, (c) => c.notNull().check(sql`valor_pagado > 0`))
    .addColumn('codigo_comprobante_pago', 'varchar(60)')
    // A picture of the voucher (002 §3 Sale month view adjunto_comprobante_pago): its stored file name, when given.
    .addColumn('adjunto_comprobante_pago', 'varchar(200)')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('venta_forma_pago_venta_idx').on('venta_forma_pago').columns(['venta_id', 'id']).execute();

}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('venta_forma_pago').execute();
  await db.schema.dropIndex('venta_documento_unico').execute();
  await db.schema.alterTable('venta').dropConstraint('venta_documento_completo').execute();
  for (const columna of [
    'tipo_documento',
    'rango_numeracion_id',
    'prefijo_factura_dian',
    'nro_factura_dian',
    'fecha_factura',
    'facturador_id',
    'modo_factura',
    'crear_factura_siigo',
    'permite_fe',
    'fecha_factura_dian',
    'factura_code_siigo',
    'valor_recibido_efectivo',
    'valor_venta_cambio_favor',
    'fecha_anulacion',
    'anulador_id',
  ]) {
    await db.schema.alterTable('venta').dropColumn(columna).execute();
  }
  await db.schema.dropTable('rango_numeracion').execute();
}
