import { sql, type Kysely } from 'kysely';

// Sales (spec 000 §3 Sale header, Sale line, Task; §4.1 states): the order a seller builds, its lines with the cut
// plan each board line was optimised with, its tasks, and every change of state with who and when. Billing fields
// (invoice number, DIAN date, payments) come with billing; these tables hold what selling writes.

const dinero = (columna: string) => sql.raw(`${columna} >= 0`);

export async function up(db: Kysely<any>): Promise<void> {
  // spec 000 §4.1. State 6 is "billed-like, name not shown": it is kept apart from 2 so billing can tell them apart.
  await db.schema
    .createTable('estado_venta')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_estado_venta', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('estado_venta')
    .values([
      { id: 1, nombre_estado_venta: 'Pendiente facturar' },
      { id: 2, nombre_estado_venta: 'Facturado' },
      { id: 3, nombre_estado_venta: 'Anulado' },
      { id: 4, nombre_estado_venta: 'En edicion' },
      { id: 6, nombre_estado_venta: 'Facturado sin envío' },
    ])
    .execute();

  // spec 000 §3 Payment type; §9: 1 is the default, 2 is credit (checked against the customer's credit account).
  await db.schema
    .createTable('tipo_pago')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_tipo_pago', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('tipo_pago')
    .values([
      { id: 1, nombre_tipo_pago: 'Contado' },
      { id: 2, nombre_tipo_pago: 'Crédito' },
    ])
    .execute();

  await db.schema
    .createTable('venta')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('cliente_id', 'integer', (c) => c.notNull().references('tercero.id'))
    // The seller who saved the order last.
    .addColumn('vendedor_id', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('fecha_venta', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('estado_venta_id', 'integer', (c) => c.notNull().defaultTo(1).references('estado_venta.id'))
    .addColumn('tipo_pago_id', 'integer', (c) => c.notNull().defaultTo(1).references('tipo_pago.id'))
    // The order-level additional tax (spec 000 §9), with its percentage as it was when the order was saved.
    .addColumn('impuesto_adicional_id', 'integer', (c) => c.references('impuesto.id'))
    .addColumn('porcentaje_impuesto_adicional', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0).check(sql`porcentaje_impuesto_adicional between 0 and 100`))
    .addColumn('observacion_venta', 'varchar(500)')
    .addColumn('total_subtotal_venta', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(dinero('total_subtotal_venta')))
    .addColumn('total_descuento', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(dinero('total_descuento')))
    .addColumn('total_impuestos_venta', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(dinero('total_impuestos_venta')))
    .addColumn('total_otros_impuestos_venta', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(dinero('total_otros_impuestos_venta')))
    .addColumn('total_venta', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(dinero('total_venta')))
    // Optimistic lock: a save names the version it loaded; a save of an older version is refused, so two sellers
    // editing one order never silently drop each other's lines.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The billing list (store, state, newest first) and a customer's orders in editing (spec 000 §4.1).
  await db.schema.createIndex('venta_tienda_estado_fecha_idx').on('venta').columns(['codigo_tienda', 'estado_venta_id', 'fecha_venta desc']).execute();
  await db.schema.createIndex('venta_cliente_estado_idx').on('venta').columns(['cliente_id', 'estado_venta_id']).execute();

  await db.schema
    .createTable('venta_detalle')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().references('venta.id'))
    // The line's position in the order (spec 000 §3 "item"); production records link by product and item.
    .addColumn('item', 'integer', (c) => c.notNull().check(sql`item >= 1`))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    // A service or edge-material line created by a board line's cut plan names that board line (its item).
    .addColumn('item_padre', 'integer')
    .addColumn('cantidad', sql`numeric(14,2)`, (c) => c.notNull().check(sql`cantidad > 0`))
    // spec 000 §5: prices are typed with up to 5 decimals.
    .addColumn('precio_unitario', sql`numeric(18,5)`, (c) => c.notNull().check(sql`precio_unitario >= 0`))
    .addColumn('porcentaje_descuento', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0).check(sql`porcentaje_descuento between 0 and 100`))
    .addColumn('porcentaje_impuesto', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0).check(sql`porcentaje_impuesto between 0 and 100`))
    .addColumn('valor_bruto', sql`numeric(18,2)`, (c) => c.notNull().check(dinero('valor_bruto')))
    .addColumn('valor_descuento', sql`numeric(18,2)`, (c) => c.notNull().check(dinero('valor_descuento')))
    .addColumn('valor_subtotal', sql`numeric(18,2)`, (c) => c.notNull().check(dinero('valor_subtotal')))
    .addColumn('valor_impuesto', sql`numeric(18,2)`, (c) => c.notNull().check(dinero('valor_impuesto')))
    .addColumn('valor_otros_impuestos', sql`numeric(18,2)`, (c) => c.notNull().check(dinero('valor_otros_impuestos')))
    .addColumn('valor_total', sql`numeric(18,2)`, (c) => c.notNull().check(dinero('valor_total')))
    // The cut plan of a board line (spec 000 §3 response_lepton: pieces, offcuts, edges, the plan's figures), kept
    // whole so the cutting dialog reopens the line exactly as it was left; the stored optimisation it came from.
    .addColumn('response_lepton', 'jsonb')
    .addColumn('optimizacion_id', 'integer', (c) => c.references('optimizacion.id'))
    .addColumn('servicio_lepton', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('venta_detalle_venta_item_unico', ['venta_id', 'item'])
    .execute();
  await db.schema.createIndex('venta_detalle_producto_idx').on('venta_detalle').column('producto_id').execute();

  // spec 000 §3 Task, §4.2: open or completed, each change saved with its observation.
  await db.schema
    .createTable('venta_tarea')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().references('venta.id'))
    .addColumn('descripcion_tarea', 'varchar(200)', (c) => c.notNull().check(sql`length(trim(descripcion_tarea)) > 0`))
    .addColumn('observacion_tarea', 'varchar(500)')
    .addColumn('tarea_completada', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('venta_tarea_venta_idx').on('venta_tarea').column('venta_id').execute();
  // Pendientes lists the open tasks only.
  await db.schema.createIndex('venta_tarea_abiertas_idx').on('venta_tarea').column('venta_id').where(sql.ref('tarea_completada'), '=', false).execute();

  // Every change of a sale's state, with who and when (spec 000 §3 Sale); the first row is the order's creation.
  await db.schema
    .createTable('venta_estado_historial')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().references('venta.id'))
    .addColumn('estado_anterior_id', 'integer', (c) => c.references('estado_venta.id'))
    .addColumn('estado_nuevo_id', 'integer', (c) => c.notNull().references('estado_venta.id'))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('venta_estado_historial_venta_idx').on('venta_estado_historial').columns(['venta_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const tabla of ['venta_estado_historial', 'venta_tarea', 'venta_detalle', 'venta', 'tipo_pago', 'estado_venta']) {
    await db.schema.dropTable(tabla).execute();
  }
}
