import { sql, type Kysely } from 'kysely';

/**
 * Cash drawers (docs/decisions-cajas.md): a store's registers (`caja`), the cashiers' shifts on them (`turno_caja`)
 * and the ledger of every step of a shift (`turno_caja_evento`: open, close, approve, comment, reopen).
 *
 * - One open shift per user and store, and one per register: two partial unique indexes, so two clicks on
 *   'Abrir turno' (or two tabs) open one shift; the second insert finds the first (`on conflict do nothing`).
 * - A shift's cash movements are not marked on the other modules' rows: they are the cashier's cash rows of that store
 *   inside the shift's window [fecha_apertura, fecha_cierre] (read by cajas' repository).
 * - Every table joins the audit trail (auditar_cambio of 202612010000_create_auditoria), module cajas.
 * - The parameter ROLES_TURNO_CAJA, 'Ninguno': nobody must open a shift until the shop names the roles that must (in
 *   Parámetros, where it shows), with its history row as the parameters screen writes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('caja')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('nombre_caja', 'varchar(60)', (c) => c.notNull())
    .addColumn('activa', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index caja_tienda_nombre_key on caja (codigo_tienda, lower(nombre_caja))`.execute(db);

  await db.schema
    .createTable('turno_caja')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('caja_id', 'integer', (c) => c.notNull().references('caja.id'))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('estado', 'varchar(10)', (c) => c.notNull().defaultTo('ABIERTO').check(sql`estado in ('ABIERTO', 'CERRADO')`))
    .addColumn('base_inicial', 'numeric(18, 2)', (c) => c.notNull().check(sql`base_inicial >= 0`))
    .addColumn('fecha_apertura', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_cierre', 'timestamptz')
    .addColumn('efectivo_esperado', 'numeric(18, 2)')
    .addColumn('efectivo_contado', 'numeric(18, 2)')
    .addColumn('diferencia', 'numeric(18, 2)')
    // The count by denomination ({ denominacion, cantidad }[]), or null when the cashier gave only the total.
    .addColumn('conteo', 'jsonb')
    .addColumn('observacion_cierre', 'varchar(500)')
    .addColumn('estado_revision', 'varchar(10)', (c) => c.check(sql`estado_revision in ('APROBADO', 'COMENTADO')`))
    .addColumn('comentario_revision', 'varchar(500)')
    .addColumn('revisado_por', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_revision', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index turno_caja_abierto_usuario_key on turno_caja (usuario_id, codigo_tienda) where estado = 'ABIERTO'`.execute(db);
  await sql`create unique index turno_caja_abierto_caja_key on turno_caja (caja_id) where estado = 'ABIERTO'`.execute(db);
  await sql`create index turno_caja_tienda_apertura_idx on turno_caja (codigo_tienda, fecha_apertura)`.execute(db);

  await db.schema
    .createTable('turno_caja_evento')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('turno_caja_id', 'integer', (c) => c.notNull().references('turno_caja.id'))
    .addColumn('evento', 'varchar(10)', (c) => c.notNull().check(sql`evento in ('ABRIR', 'CERRAR', 'APROBAR', 'COMENTAR', 'REABRIR')`))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('detalle', 'varchar(500)')
    .addColumn('valor', 'numeric(18, 2)')
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('turno_caja_evento_turno_idx').on('turno_caja_evento').column('turno_caja_id').execute();

  for (const [tabla, omitir] of [
    ['caja', '{created_at,updated_at}'],
    ['turno_caja', '{updated_at}'],
    ['turno_caja_evento', '{}'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`auditoria_${tabla}`)} after insert or update or delete on ${sql.table(tabla)}
      for each row execute function auditar_cambio('cajas', '{id}', ${sql.lit(omitir)}, '{}')
    `.execute(db);
  }
  await sql`insert into parametro (codigo_parametro, valor_parametro) values ('ROLES_TURNO_CAJA', 'Ninguno') on conflict (codigo_parametro) do nothing`.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'ROLES_TURNO_CAJA', null, 'Ninguno', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'ROLES_TURNO_CAJA')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from parametro_historial where codigo_parametro = 'ROLES_TURNO_CAJA'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'ROLES_TURNO_CAJA'`.execute(db);
  await db.schema.dropTable('turno_caja_evento').execute();
  await db.schema.dropTable('turno_caja').execute();
  await db.schema.dropTable('caja').execute();
}
