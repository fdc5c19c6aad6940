import { sql, type Kysely } from 'kysely';

// Products, their catalogs and per-store inventory (docs/decisions-productos.md). Migrations never import app code
// (STYLE 8).
export async function up(db: Kysely<any>): Promise<void> {
  // Accent- and case-insensitive search (docs/decisions-productos.md): unaccent folds 'Melamína' to 'Melamina', pg_trgm
  // lets a GIN index answer LIKE '%…%'. Both are contrib extensions shipped with PostgreSQL (and trusted
  // on managed services).
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index or a generated
  // column; this wrapper names the dictionary explicitly and is declared IMMUTABLE, the usual recipe.
  await sql`
    create or replace function tablero_normalizar(texto text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, texto)) $$
  `.execute(db);
  // Words of a text for the full-text search: normalized, every run of other characters a single space
  // ('MEL-001200 Tablero Melamína' -> 'mel 001200 tablero melamina'). The documents and the queries are split
  // by this same function, so a word typed matches exactly the tokens stored.
  await sql`
    create or replace function tablero_palabras(texto text) returns text
    language sql immutable parallel safe strict
    as $$ select trim(regexp_replace(tablero_normalizar(texto), '[^a-z0-9]+', ' ', 'g')) $$
  `.execute(db);
  // A search text as a tsquery: every word, as a prefix ('tab mel bla' -> 'tab':* & 'mel':* & 'bla':*); null
  // when it has no letters or digits. Tokens are only [a-z0-9], so the tsquery literal needs no escaping.
  await sql`
    create or replace function tablero_consulta(texto text) returns tsquery
    language sql immutable parallel safe strict
    as $$
      select case when count(*) = 0 then null else string_agg(quote_literal(t) || ':*', ' & ')::tsquery end
        from unnest(string_to_array(tablero_palabras(texto), ' ')) as t
       where t <> ''
    $$
  `.execute(db);

  // Reference data the accounting system will own later (docs/decisions-productos.md): fixed ids, as the spec relies on
  // them (edge bands are product group 2; LISTA_GRUPOS_TABLEROS names board groups by id).
  await db.schema
    .createTable('funcion_producto')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_funcion_producto', 'varchar(100)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db
    .insertInto('funcion_producto')
    .values([
      { id: 1, nombre_funcion_producto: 'Venta' },
      { id: 2, nombre_funcion_producto: 'Materia prima' },
      { id: 3, nombre_funcion_producto: 'Servicio' },
      { id: 4, nombre_funcion_producto: 'Insumo' },
    ])
    .execute();

  await db.schema
    .createTable('grupo')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_grupo', 'varchar(100)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db
    .insertInto('grupo')
    .values([
      { id: 1, nombre_grupo: 'Tableros melamina' },
      { id: 2, nombre_grupo: 'Tapacantos' },
      { id: 3, nombre_grupo: 'Tableros MDF' },
      { id: 4, nombre_grupo: 'Herrajes' },
      { id: 5, nombre_grupo: 'Servicios' },
    ])
    .execute();

  await db.schema
    .createTable('linea')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('grupo_id', 'integer', (c) => c.notNull().references('grupo.id'))
    .addColumn('nombre_linea', 'varchar(100)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('linea_grupo_idx').on('linea').column('grupo_id').execute();
  await db
    .insertInto('linea')
    .values([
      { id: 1, grupo_id: 1, nombre_linea: 'Colores lisos' },
      { id: 2, grupo_id: 1, nombre_linea: 'Maderables' },
      { id: 3, grupo_id: 1, nombre_linea: 'Texturizados' },
      { id: 4, grupo_id: 2, nombre_linea: 'Canto rígido PVC' },
      { id: 5, grupo_id: 2, nombre_linea: 'Canto flexible' },
      { id: 6, grupo_id: 3, nombre_linea: 'MDF crudo' },
      { id: 7, grupo_id: 3, nombre_linea: 'MDF enchapado' },
      { id: 8, grupo_id: 4, nombre_linea: 'Bisagras' },
      { id: 9, grupo_id: 4, nombre_linea: 'Correderas' },
      { id: 10, grupo_id: 4, nombre_linea: 'Tornillería' },
      { id: 11, grupo_id: 4, nombre_linea: 'Manijas' },
      { id: 12, grupo_id: 5, nombre_linea: 'Corte' },
      { id: 13, grupo_id: 5, nombre_linea: 'Enchape' },
      { id: 14, grupo_id: 5, nombre_linea: 'Especiales' },
    ])
    .execute();

  // Accounting-system lookups (spec 001 §7 siigo/clasificacion-inventario, siigo/impuesto): only active ones are offered.
  await db.schema
    .createTable('siigo_clasificacion_inventario')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre', 'varchar(120)', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('siigo_impuesto')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre', 'varchar(120)', (c) => c.notNull())
    .addColumn('porcentaje_impuesto', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // spec 001 §3 Impuesto, Categoría de producto, Tipo de medida.
  await db.schema
    .createTable('impuesto')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre_impuesto', 'varchar(100)', (c) => c.notNull())
    .addColumn('porcentaje_impuesto', sql`numeric(5,2)`, (c) =>
      c.notNull().defaultTo(0).check(sql`porcentaje_impuesto >= 0 and porcentaje_impuesto <= 100`),
    )
    .addColumn('siigo_impuesto_id', 'integer', (c) => c.references('siigo_impuesto.id'))
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('categoria_producto')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre_categoria_producto', 'varchar(100)', (c) => c.notNull())
    .addColumn('categoria_producto_padre_id', 'integer', (c) => c.references('categoria_producto.id'))
    .addColumn('siigo_clasificacion_inventario_id', 'integer', (c) => c.references('siigo_clasificacion_inventario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // spec 001 §3: a category cannot be its own parent (cycles through others are refused by the service).
    .addCheckConstraint('categoria_producto_no_propia', sql`categoria_producto_padre_id is null or categoria_producto_padre_id <> id`)
    .execute();

  await db.schema
    .createTable('tipo_medida')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre_corto_tipo_medida', 'varchar(20)', (c) => c.notNull())
    .addColumn('nombre_tipo_medida', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // spec 001 §3 Producto. precio_unitario here is the list price a new store starts from; each store's
  // own price, quantity and cost live in `inventario`.
  await db.schema
    .createTable('producto')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('referencia', 'varchar(50)', (c) => c.notNull())
    .addColumn('prefijo', 'varchar(20)')
    .addColumn('nombre_producto', 'varchar(200)', (c) => c.notNull())
    .addColumn('descripcion_producto', 'varchar(1000)')
    .addColumn('precio_unitario', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(sql`precio_unitario >= 0`))
    .addColumn('impuesto_id', 'integer', (c) => c.notNull().references('impuesto.id'))
    .addColumn('funcion_producto_id', 'integer', (c) => c.references('funcion_producto.id'))
    .addColumn('proveedor_id', 'integer', (c) => c.notNull().references('proveedor.id'))
    .addColumn('grupo_id', 'integer', (c) => c.notNull().references('grupo.id'))
    .addColumn('linea_id', 'integer', (c) => c.notNull().references('linea.id'))
    .addColumn('medida_largo', 'integer', (c) => c.check(sql`medida_largo > 0`))
    .addColumn('medida_ancho', 'integer', (c) => c.check(sql`medida_ancho > 0`))
    .addColumn('grupo_servicio_id', 'integer', (c) => c.references('grupo_servicio.id'))
    .addColumn('categoria_producto_id', 'integer', (c) => c.references('categoria_producto.id'))
    .addColumn('tipo_medida_id', 'integer', (c) => c.references('tipo_medida.id'))
    // Search (docs/decisions-productos.md): the words of reference and name for the full-text index (prefix per word),
    // and the normalized reference for fragments typed from the middle of a code (trigram index).
    .addColumn('documento_busqueda', sql`tsvector`, (c) =>
      c.notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, tablero_palabras(referencia || ' ' || nombre_producto))`).stored(),
    )
    .addColumn('referencia_busqueda', 'text', (c) => c.notNull().generatedAlwaysAs(sql`tablero_normalizar(referencia)`).stored())
    .addColumn('fecha_registro', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One product per reference, whatever its case: the CSV load and the sales form find products by it.
  await sql`create unique index producto_referencia_unica on producto (lower(referencia))`.execute(db);
  await sql`create index producto_documento_busqueda_gin on producto using gin (documento_busqueda)`.execute(db);
  await sql`create index producto_referencia_busqueda_trgm on producto using gin (referencia_busqueda gin_trgm_ops)`.execute(db);
  await db.schema.createIndex('producto_grupo_idx').on('producto').columns(['grupo_id', 'id']).execute();
  await db.schema.createIndex('producto_grupo_servicio_idx').on('producto').columns(['grupo_servicio_id', 'id']).execute();

  // Per-store stock, price and cost (spec 001 §3 Inventory product). The balance changes only together with a movement
  // row.
  await db.schema
    .createTable('inventario')
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('cantidad', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('precio_unitario', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(sql`precio_unitario >= 0`))
    .addColumn('costo_inventario_unitario', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0).check(sql`costo_inventario_unitario >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inventario_pk', ['codigo_tienda', 'producto_id'])
    .execute();

  // The stock ledger: append-only; `saldo` is the store's balance right after the movement.
  await db.schema
    .createTable('inventario_movimiento')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.notNull().references('tienda.codigo_tienda'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('tipo_movimiento', 'varchar(20)', (c) =>
      c.notNull().check(sql`tipo_movimiento in ('INICIAL', 'ENTRADA', 'AJUSTE', 'CARGA_MASIVA', 'VENTA', 'ANULACION')`),
    )
    .addColumn('cantidad', 'integer', (c) => c.notNull())
    .addColumn('saldo', 'integer', (c) => c.notNull())
    .addColumn('costo_unitario', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('motivo', 'varchar(200)', (c) => c.notNull())
    .addColumn('documento', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('inventario_movimiento_producto_idx')
    .on('inventario_movimiento')
    .columns(['producto_id', 'codigo_tienda', 'id desc'])
    .execute();

  // Unguessable, short-lived links for the public product export (docs/decisions-productos.md) are signed tokens: no
  // table.
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const tabla of [
    'inventario_movimiento',
    'inventario',
    'producto',
    'tipo_medida',
    'categoria_producto',
    'impuesto',
    'siigo_impuesto',
    'siigo_clasificacion_inventario',
    'linea',
    'grupo',
    'funcion_producto',
  ]) {
    await db.schema.dropTable(tabla).execute();
  }
  await sql`drop function if exists tablero_consulta(text)`.execute(db);
  await sql`drop function if exists tablero_palabras(text)`.execute(db);
  await sql`drop function if exists tablero_normalizar(text)`.execute(db);
}
