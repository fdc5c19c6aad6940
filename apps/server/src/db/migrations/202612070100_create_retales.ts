import { sql, type Kysely } from 'kysely';

/**
 * The offcut inventory (docs/decisions-retales.md):
 * - `retal`: a kept offcut of a store, of a board material, with its code (unique), size and state. A plan's leftover
 *   is kept once: unique (optimizacion_id, numero_tablero, indice) for the ones a cut keeps (origen CORTE).
 * - `retal_movimiento`: its append-only ledger (one writer, the retales module): every change of state or size.
 * - `optimizacion_retal`: the inventory offcuts a plan uses; `optimizacion.placas_sin_retales`: the new boards the same
 *   cut list needs without them (the savings report's figure).
 * - `retal_corte_venta`: a sale's plans were cut (billed without an OP, or its Corte stage finished): cutting is done
 *   once, and the marker's primary key queues two cuts of one sale.
 * - `retal_etiquetas`: a set of offcuts whose labels a signed link prints (the link names the set, not 200 ids).
 * - The parameter RETAL_LADO_MINIMO, '200' mm, with its history row as the parameters screen writes it.
 * - `retal` and `retal_movimiento` join the audit trail (module retales).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retal')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('base', 'integer', (c) => c.notNull().check(sql`base > 0`))
    .addColumn('altura', 'integer', (c) => c.notNull().check(sql`altura > 0`))
    .addColumn('estado', 'varchar(12)', (c) => c.notNull().check(sql`estado in ('DISPONIBLE', 'RESERVADO', 'CONSUMIDO', 'DESCARTADO')`))
    .addColumn('origen', 'varchar(8)', (c) => c.notNull().check(sql`origen in ('CORTE', 'MANUAL')`))
    .addColumn('venta_origen_id', 'integer', (c) => c.references('venta.id'))
    .addColumn('optimizacion_id', 'integer', (c) => c.references('optimizacion.id'))
    .addColumn('numero_tablero', 'integer')
    .addColumn('indice', 'integer')
    .addColumn('venta_uso_id', 'integer', (c) => c.references('venta.id'))
    .addColumn('ubicacion', 'varchar(60)')
    .addColumn('observacion', 'varchar(500)')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A held or consumed offcut names its sale; a free or discarded one none.
    .addCheckConstraint('retal_uso_venta', sql`(estado in ('RESERVADO', 'CONSUMIDO')) = (venta_uso_id is not null)`)
    .execute();
  await sql`create unique index retal_plan_key on retal (optimizacion_id, numero_tablero, indice) where origen = 'CORTE'`.execute(db);
  await sql`create index retal_tienda_estado_idx on retal (codigo_tienda, estado, producto_id)`.execute(db);
  await sql`create index retal_venta_uso_idx on retal (venta_uso_id) where venta_uso_id is not null`.execute(db);
  await sql`create index retal_codigo_trgm_idx on retal using gin ((sin_acentos(codigo)) public.gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('retal_movimiento')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('retal_id', 'integer', (c) => c.notNull().references('retal.id'))
    .addColumn('tipo', 'varchar(12)', (c) =>
      c.notNull().check(sql`tipo in ('ALTA_CORTE', 'ALTA_MANUAL', 'EDICION', 'RESERVA', 'LIBERACION', 'CONSUMO', 'DEVOLUCION', 'DESCARTE')`),
    )
    .addColumn('estado_anterior', 'varchar(12)')
    .addColumn('estado_nuevo', 'varchar(12)', (c) => c.notNull())
    .addColumn('base', 'integer', (c) => c.notNull())
    .addColumn('altura', 'integer', (c) => c.notNull())
    .addColumn('venta_id', 'integer', (c) => c.references('venta.id'))
    .addColumn('motivo', 'varchar(500)')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await sql`create index retal_movimiento_retal_idx on retal_movimiento (retal_id, id)`.execute(db);
  // The savings report: CONSUMO rows of a store by date.
  await sql`create index retal_movimiento_tienda_tipo_fecha_idx on retal_movimiento (codigo_tienda, tipo, fecha)`.execute(db);

  await db.schema
    .createTable('optimizacion_retal')
    .addColumn('optimizacion_id', 'integer', (c) => c.notNull().references('optimizacion.id'))
    .addColumn('retal_id', 'integer', (c) => c.notNull().references('retal.id'))
    .addPrimaryKeyConstraint('optimizacion_retal_pkey', ['optimizacion_id', 'retal_id'])
    .execute();
  await sql`create index optimizacion_retal_retal_idx on optimizacion_retal (retal_id)`.execute(db);
  await sql`alter table optimizacion add column placas_sin_retales integer`.execute(db);

  await db.schema
    .createTable('retal_corte_venta')
    .addColumn('venta_id', 'integer', (c) => c.primaryKey().references('venta.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .execute();

  await db.schema
    .createTable('retal_etiquetas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('retal_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const [tabla, omitir] of [
    ['retal', '{created_at,updated_at}'],
    ['retal_movimiento', '{}'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`auditoria_${tabla}`)} after insert or update or delete on ${sql.table(tabla)}
      for each row execute function auditar_cambio('retales', '{id}', ${sql.lit(omitir)}, '{}')
    `.execute(db);
  }
  await sql`insert into parametro (codigo_parametro, valor_parametro) values ('RETAL_LADO_MINIMO', '200') on conflict (codigo_parametro) do nothing`.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'RETAL_LADO_MINIMO', null, '200', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'RETAL_LADO_MINIMO')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from parametro_historial where codigo_parametro = 'RETAL_LADO_MINIMO'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'RETAL_LADO_MINIMO'`.execute(db);
  await db.schema.dropTable('retal_etiquetas').execute();
  await db.schema.dropTable('retal_corte_venta').execute();
  await sql`alter table optimizacion drop column placas_sin_retales`.execute(db);
  await db.schema.dropTable('optimizacion_retal').execute();
  await db.schema.dropTable('retal_movimiento').execute();
  await db.schema.dropTable('retal').execute();
}
