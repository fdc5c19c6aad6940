import { sql, type Kysely } from 'kysely';

// Masters of spec 002 (§2.14 concept types, §2.19 machines). Suppliers and service groups came in 202611220100.
export async function up(db: Kysely<any>): Promise<void> {
  // A supplier NIT is compared as typed; a second supplier with the same NIT is refused (409).
  // Concept type names and machine references are unique without case: 'Arriendo' and 'ARRIENDO' are one concept.
  await db.schema
    .createTable('tipo_concepto')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre_tipo_concepto', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index tipo_concepto_nombre_unico on tipo_concepto (lower(nombre_tipo_concepto))`.execute(db);

  // Reference data with fixed ids: the production screens colour the badge by id (spec 002 §9: 1 success, 2 warning, 3 danger).
  await db.schema
    .createTable('estado_maquina')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_estado_maquina', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('estado_maquina')
    .values([
      { id: 1, nombre_estado_maquina: 'Disponible' },
      { id: 2, nombre_estado_maquina: 'En mantenimiento' },
      { id: 3, nombre_estado_maquina: 'Fuera de servicio' },
    ])
    .execute();

  await db.schema
    .createTable('maquina')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('referencia', 'varchar(30)', (c) => c.notNull())
    .addColumn('nombre_maquina', 'varchar(100)', (c) => c.notNull())
    .addColumn('grupo_servicio_id', 'integer', (c) => c.notNull().references('grupo_servicio.id'))
    .addColumn('estado_maquina_id', 'integer', (c) => c.notNull().defaultTo(1).references('estado_maquina.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index maquina_referencia_unica on maquina (lower(referencia))`.execute(db);
  // maquinas/produccion lists the machines of one service group.
  await db.schema.createIndex('maquina_grupo_servicio').on('maquina').column('grupo_servicio_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('maquina').execute();
  await db.schema.dropTable('estado_maquina').execute();
  await db.schema.dropTable('tipo_concepto').execute();
}
