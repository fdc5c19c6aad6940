import { sql, type Kysely } from 'kysely';

// The period lock (beyond the spec; docs/decisions-periodos.md): a store closes a month that has
// ended, and from then on every write dated in it is refused until the month is reopened.
// - periodo_cerrado: one row per store and month ever closed; `cerrado` says whether it is closed now, `resumen` the
//   figures shown when it was last closed (kept as they were, never recomputed), with who closed it and when.
// - periodo_evento: the history, one row per closing or reopening (who, when, the reason of a reopening, the summary
//   of a closing). Append-only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('periodo_cerrado')
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('anio', 'integer', (c) => c.notNull().check(sql`anio between 2000 and 9999`))
    .addColumn('mes', 'integer', (c) => c.notNull().check(sql`mes between 1 and 12`))
    .addColumn('cerrado', 'boolean', (c) => c.notNull())
    .addColumn('resumen', 'jsonb')
    .addColumn('fecha_cierre', 'timestamptz')
    .addColumn('usuario_cierre_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_reapertura', 'timestamptz')
    .addColumn('usuario_reapertura_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('motivo_reapertura', 'varchar(200)')
    .addPrimaryKeyConstraint('periodo_cerrado_pk', ['codigo_tienda', 'anio', 'mes'])
    // A closed month always knows when it was closed and what it showed.
    .addCheckConstraint('periodo_cerrado_cierre', sql`not cerrado or (fecha_cierre is not null and resumen is not null)`)
    .execute();

  await db.schema
    .createTable('periodo_evento')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull())
    .addColumn('anio', 'integer', (c) => c.notNull())
    .addColumn('mes', 'integer', (c) => c.notNull())
    .addColumn('accion', 'varchar(20)', (c) => c.notNull().check(sql`accion in ('cierre', 'reapertura')`))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('motivo', 'varchar(200)')
    .addColumn('resumen', 'jsonb')
    .addForeignKeyConstraint('periodo_evento_periodo_fk', ['codigo_tienda', 'anio', 'mes'], 'periodo_cerrado', ['codigo_tienda', 'anio', 'mes'])
    .addCheckConstraint('periodo_evento_motivo', sql`accion <> 'reapertura' or motivo is not null`)
    .execute();
  await db.schema.createIndex('periodo_evento_periodo_idx').on('periodo_evento').columns(['codigo_tienda', 'anio', 'mes', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('periodo_evento').execute();
  await db.schema.dropTable('periodo_cerrado').execute();
}
