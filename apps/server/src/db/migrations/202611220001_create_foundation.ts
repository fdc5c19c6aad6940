import { sql, type Kysely } from 'kysely';

// Migrations never import app code (STYLE 8): they speak to Kysely<any>.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tienda')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('nombre_tienda', 'varchar(120)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('usuario')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(30)', (c) =>
      c.notNull().check(sql`role in ('SuperAdministrador', 'Administrador', 'Vendedor', 'Bodega', 'Operario')`),
    )
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // E-mails are compared without case: one account per address.
  await sql`create unique index usuario_email_unico on usuario (lower(email))`.execute(db);

  await db.schema
    .createTable('usuario_tienda')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('usuario.id').onDelete('cascade'))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addPrimaryKeyConstraint('usuario_tienda_pk', ['user_id', 'codigo_tienda'])
    .execute();

  await db.schema
    .createTable('parametro')
    .addColumn('codigo_parametro', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('valor_parametro', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Parameters hold prices and lists that change what the business charges: every change is kept.
  await db.schema
    .createTable('parametro_historial')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo_parametro', 'varchar(60)', (c) => c.notNull().references('parametro.codigo_parametro'))
    .addColumn('valor_anterior', 'text')
    .addColumn('valor_nuevo', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A connection is one login session; its id is the token's jti, so closing it refuses the token at once.
  await db.schema
    .createTable('conexion')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('usuario.id'))
    .addColumn('name_connection', 'varchar(120)', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('fecha_registro', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expira_en', 'timestamptz', (c) => c.notNull())
    .addColumn('fecha_cierre', 'timestamptz')
    .addColumn('cerrada_por', 'integer', (c) => c.references('usuario.id'))
    .execute();
  await db.schema.createIndex('conexion_fecha_idx').on('conexion').columns(['fecha_registro desc', 'id desc']).execute();

  await db.schema
    .createTable('intento_ingreso')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('exitoso', 'boolean', (c) => c.notNull())
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('intento_ingreso_email_idx').on('intento_ingreso').columns(['email', 'fecha']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const tabla of ['intento_ingreso', 'conexion', 'parametro_historial', 'parametro', 'usuario_tienda', 'usuario', 'tienda']) {
    await db.schema.dropTable(tabla).execute();
  }
}
