import { sql, type Kysely } from 'kysely';

// Expenses and income (spec 002 §2.10, §3 Expense / Income; docs/decisions-pagos-proveedores.md):
// money that leaves or enters a store's drawer or bank outside sales, recorded from the daily cash screen.
// - egreso / ingreso: the store it was recorded in (the selected one), its business date, method, value (> 0),
//   description, and the user responsible (who recorded it). An edit keeps the row and its responsible user, and names
//   who edited it last.
// - egreso_historial / ingreso_historial: one row per edit with the values the row had BEFORE it, who edited and when.
//   Append-only: the audit of what the daily cash showed before.
// - (fecha_*, codigo_tienda) with the method and value: the daily cash adds up a day's rows per store and method from
//   the index alone; the month closing reads a month's range of it.

export async function up(db: Kysely<any>): Promise<void> {
  for (const tipo of ['egreso', 'ingreso'] as const) {
    await db.schema
      .createTable(tipo)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
      .addColumn(`fecha_${tipo}`, 'date', (c) => c.notNull())
      .addColumn('forma_pago_id', 'integer', (c) => c.notNull().references('forma_pago.id'))
      .addColumn(`valor_${tipo}`, sql`numeric(18,2)`, (c) => c.notNull().check(sql`${sql.ref(`valor_${tipo}`)} > 0`))
      .addColumn(`descripcion_${tipo}`, 'varchar(300)', (c) => c.notNull())
      .addColumn('usuario_responsable', 'integer', (c) => c.notNull().references('usuario.id'))
      .addColumn('usuario_actualiza', 'integer', (c) => c.references('usuario.id'))
      .addColumn('fecha_inserta', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('fecha_actualiza', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`
      create index ${sql.id(`${tipo}_fecha_tienda_idx`)} on ${sql.table(tipo)} (${sql.ref(`fecha_${tipo}`)}, codigo_tienda)
        include (forma_pago_id, ${sql.ref(`valor_${tipo}`)})
    `.execute(db);

    await db.schema
      .createTable(`${tipo}_historial`)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn(`${tipo}_id`, 'integer', (c) => c.notNull().references(`${tipo}.id`))
      .addColumn(`fecha_${tipo}`, 'date', (c) => c.notNull())
      .addColumn('forma_pago_id', 'integer', (c) => c.notNull().references('forma_pago.id'))
      .addColumn(`valor_${tipo}`, sql`numeric(18,2)`, (c) => c.notNull())
      .addColumn(`descripcion_${tipo}`, 'varchar(300)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('usuario.id'))
      .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex(`${tipo}_historial_${tipo}_idx`).on(`${tipo}_historial`).columns([`${tipo}_id`, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const tipo of ['ingreso', 'egreso']) {
    await db.schema.dropTable(`${tipo}_historial`).execute();
    await db.schema.dropTable(tipo).execute();
  }
}
