import { sql, type Kysely } from 'kysely';

// Tables that products and inventory (docs/decisions-productos.md) and machines and suppliers
// (docs/decisions-maestros.md) both reference, created first so either can build on them.
export async function up(db: Kysely<any>): Promise<void> {
  // Service groups are reference data with fixed ids: the spec's special-service search uses group 8.
  await db.schema
    .createTable('grupo_servicio')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_grupo_servicio', 'varchar(100)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db
    .insertInto('grupo_servicio')
    .values([
      { id: 1, nombre_grupo_servicio: 'Corte' },
      { id: 2, nombre_grupo_servicio: 'Enchape' },
      { id: 3, nombre_grupo_servicio: 'Empaque' },
      { id: 8, nombre_grupo_servicio: 'Servicios especiales' },
    ])
    .execute();

  // spec 002 §3 Supplier and §5 Supplier (max lengths: nit 30, phone 10, e-mail 100, address 100).
  await db.schema
    .createTable('proveedor')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre_proveedor', 'varchar(200)', (c) => c.notNull())
    .addColumn('nit', 'varchar(30)', (c) => c.notNull())
    .addColumn('numero_telefonico', 'varchar(10)', (c) => c.notNull())
    .addColumn('correo_electronico', 'varchar(100)', (c) => c.notNull())
    .addColumn('direccion', 'varchar(100)')
    .addColumn('credito', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('plazo_credito', 'integer', (c) => c.notNull().defaultTo(0).check(sql`plazo_credito >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index proveedor_nit_unico on proveedor (nit)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('proveedor').execute();
  await db.schema.dropTable('grupo_servicio').execute();
}
