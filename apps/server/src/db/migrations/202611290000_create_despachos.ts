import { sql, type Kysely } from 'kysely';

// Dispatch (spec 001 "Dispatches screen", "Public dispatch board", §4 Dispatch; docs/decisions-despachos.md).
// - despacho_consecutivo: the last turn number of a store on a business day (Bogotá); taken with one
//   insert … on conflict do update … returning, whose row lock numbers the store's turns of the day in order.
// - despacho_turno: a sale's turn in the dispatch queue: en_cola → en_proceso (called, with its dispatcher) →
//   despachado (messenger, observation, date), or retirado (an OP generated for it, or the sale annulled). A sale has
//   at most one turn that is not withdrawn (partial unique index), so enqueueing twice cannot make two turns.
// - despacho_turno_evento: every step (crear, llamar, despachar, retirar) with its user and time; append-only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('despacho_consecutivo')
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('fecha', 'date', (c) => c.notNull())
    .addColumn('ultimo', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('despacho_consecutivo_pk', ['codigo_tienda', 'fecha'])
    .execute();

  await db.schema
    .createTable('despacho_turno')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().references('venta.id'))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('fecha_turno', 'date', (c) => c.notNull())
    .addColumn('numero_turno', 'integer', (c) => c.notNull())
    .addColumn('estado', 'varchar(20)', (c) =>
      c.notNull().defaultTo('en_cola').check(sql`estado in ('en_cola', 'en_proceso', 'despachado', 'retirado')`),
    )
    .addColumn('origen', 'varchar(20)', (c) => c.notNull().check(sql`origen in ('facturacion', 'produccion', 'manual')`))
    .addColumn('fecha_creacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('usuario_crea', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_llamado', 'timestamptz')
    .addColumn('despachador_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_despacho', 'timestamptz')
    .addColumn('mensajero_id', 'integer', (c) => c.references('tercero.id'))
    .addColumn('observacion_despacho', 'varchar(500)')
    .addColumn('usuario_despacha', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_retiro', 'timestamptz')
    .addUniqueConstraint('despacho_turno_numero_uq', ['codigo_tienda', 'fecha_turno', 'numero_turno'])
    .execute();
  await sql`create unique index despacho_turno_venta_activa_uq on despacho_turno (venta_id) where estado <> 'retirado'`.execute(db);
  // Pending list and the public board: the store's waiting and called turns.
  await sql`create index despacho_turno_pendiente_idx on despacho_turno (codigo_tienda, fecha_turno, numero_turno) where estado in ('en_cola', 'en_proceso')`.execute(db);
  // Dispatched list: by dispatch date.
  await sql`create index despacho_turno_despachado_idx on despacho_turno (codigo_tienda, fecha_despacho) where estado = 'despachado'`.execute(db);

  await db.schema
    .createTable('despacho_turno_evento')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('turno_id', 'integer', (c) => c.notNull().references('despacho_turno.id'))
    .addColumn('evento', 'varchar(20)', (c) => c.notNull().check(sql`evento in ('crear', 'llamar', 'despachar', 'retirar')`))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await sql`create index despacho_turno_evento_turno_idx on despacho_turno_evento (turno_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('despacho_turno_evento').execute();
  await db.schema.dropTable('despacho_turno').execute();
  await db.schema.dropTable('despacho_consecutivo').execute();
}
