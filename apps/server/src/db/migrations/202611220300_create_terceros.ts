import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

// Third parties, their lookups (document types, countries, DIVIPOLA), the prepaid balance (abono) ledger
// and credit accounts with their ledger. Migrations never import app code (STYLE 8): the reference data
// is read from CSV files in ../referencia with fs.

// Not 'data/': the repository ignores every folder of that name (local databases).
const DATOS = path.join(import.meta.dirname, '..', 'referencia');

/** A small RFC 4180 reader: quoted fields may hold commas ('Bogotá, D.C.') and doubled quotes. */
function leerCsv(archivo: string): Record<string, string>[] {
  const texto = readFileSync(path.join(DATOS, archivo), 'utf8').replace(/^\uFEFF/, '');
  const filas: string[][] = [];
  let fila: string[] = [];
  let campo = '';
  let entreComillas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    if (entreComillas) {
      if (c === '"' && texto[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') entreComillas = false;
      else campo += c;
    } else if (c === '"') entreComillas = true;
    else if (c === ',') {
      fila.push(campo);
      campo = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      fila.push(campo);
      campo = '';
      if (fila.some((valor) => valor !== '')) filas.push(fila);
      fila = [];
    } else campo += c;
  }
  if (campo !== '' || fila.length > 0) {
    fila.push(campo);
    filas.push(fila);
  }
  const [cabecera, ...cuerpo] = filas;
  if (!cabecera) return [];
  return cuerpo.map((valores) => Object.fromEntries(cabecera.map((nombre, indice) => [nombre, valores[indice] ?? ''])));
}

async function insertarPorLotes(db: Kysely<any>, tabla: string, filas: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < filas.length; i += 500) await db.insertInto(tabla).values(filas.slice(i, i + 500)).execute();
}

const hoyBogota = sql`((now() at time zone 'America/Bogota')::date)`;

export async function up(db: Kysely<any>): Promise<void> {
  // Document types with their DIAN codes (electronic invoicing identifies the buyer by them).
  await db.schema
    .createTable('tipo_documento')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_tipo_documento', 'varchar(80)', (c) => c.notNull())
    .addColumn('codigo_dian', 'varchar(4)', (c) => c.notNull().unique())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db
    .insertInto('tipo_documento')
    .values([
      { id: 1, nombre_tipo_documento: 'Cédula de ciudadanía', codigo_dian: '13' },
      { id: 2, nombre_tipo_documento: 'NIT', codigo_dian: '31' },
      { id: 3, nombre_tipo_documento: 'Cédula de extranjería', codigo_dian: '22' },
      { id: 4, nombre_tipo_documento: 'Tarjeta de identidad', codigo_dian: '12' },
      { id: 5, nombre_tipo_documento: 'Pasaporte', codigo_dian: '41' },
      { id: 6, nombre_tipo_documento: 'Registro civil', codigo_dian: '11' },
      { id: 7, nombre_tipo_documento: 'Tarjeta de extranjería', codigo_dian: '21' },
      { id: 8, nombre_tipo_documento: 'Documento de identificación extranjero', codigo_dian: '42' },
      { id: 9, nombre_tipo_documento: 'NIT de otro país', codigo_dian: '50' },
      { id: 10, nombre_tipo_documento: 'Permiso especial de permanencia (PEP)', codigo_dian: '47' },
      { id: 11, nombre_tipo_documento: 'Permiso por protección temporal (PPT)', codigo_dian: '48' },
      { id: 12, nombre_tipo_documento: 'Número único de identificación personal (NUIP)', codigo_dian: '91' },
    ])
    .execute();

  // ISO 3166-1: alpha-2 code, numeric code, Spanish name (referencia/paises.csv).
  await db.schema
    .createTable('pais')
    .addColumn('country_code', 'char(2)', (c) => c.primaryKey())
    .addColumn('codigo_numerico', 'char(3)', (c) => c.notNull().unique())
    .addColumn('country_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await insertarPorLotes(
    db,
    'pais',
    leerCsv('paises.csv').map((f) => ({ country_code: f.country_code, codigo_numerico: f.codigo_numerico, country_name: f.country_name })),
  );

  // Colombia's departments and municipalities with DANE DIVIPOLA codes (referencia/divipola.csv).
  await db.schema
    .createTable('departamento')
    .addColumn('country_code', 'char(2)', (c) => c.notNull().references('pais.country_code'))
    .addColumn('state_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('state_name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('departamento_pk', ['country_code', 'state_code'])
    .execute();
  await db.schema
    .createTable('ciudad')
    .addColumn('country_code', 'char(2)', (c) => c.notNull())
    .addColumn('state_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('city_name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ciudad_pk', ['country_code', 'city_code'])
    .addForeignKeyConstraint('ciudad_departamento_fk', ['country_code', 'state_code'], 'departamento', ['country_code', 'state_code'])
    .execute();
  const divipola = leerCsv('divipola.csv');
  const departamentos = new Map<string, string>();
  for (const f of divipola) departamentos.set(f.codigo_departamento!, f.departamento!);
  await insertarPorLotes(
    db,
    'departamento',
    [...departamentos].map(([state_code, state_name]) => ({ country_code: 'CO', state_code, state_name })),
  );
  await insertarPorLotes(
    db,
    'ciudad',
    divipola.map((f) => ({ country_code: 'CO', state_code: f.codigo_departamento, city_code: f.codigo_municipio, city_name: f.municipio })),
  );

  // spec 001 §3 Tercero. saldo_abono is the prepaid balance: it changes only with a row of abono_tercero.
  await db.schema
    .createTable('tercero')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tipo_documento_id', 'integer', (c) => c.notNull().references('tipo_documento.id'))
    .addColumn('numero_documento', 'varchar(15)', (c) => c.notNull())
    .addColumn('nombres', 'varchar(100)', (c) => c.notNull())
    .addColumn('apellidos', 'varchar(100)', (c) => c.notNull())
    .addColumn('correo_electronico', 'varchar(100)', (c) => c.notNull())
    .addColumn('numero_telefonico', 'varchar(20)')
    .addColumn('numero_celular', 'varchar(20)', (c) => c.notNull())
    .addColumn('tipo_tercero', 'varchar(3)', (c) => c.notNull().defaultTo('C').check(sql`tipo_tercero in ('C', 'V', 'A', 'B', 'OP', 'MSJ')`))
    .addColumn('tipo_persona', 'varchar(10)', (c) => c.notNull().defaultTo('Person').check(sql`tipo_persona in ('Person', 'Company')`))
    .addColumn('responsable_iva', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('responsabilidad_fiscal', 'varchar(10)', (c) =>
      c.notNull().defaultTo('R-99-PN').check(sql`responsabilidad_fiscal in ('R-99-PN', 'O-13', 'O-15', 'O-23', 'O-47')`),
    )
    .addColumn('direccion_residencia', 'varchar(200)')
    .addColumn('country_code', 'char(2)', (c) => c.references('pais.country_code'))
    .addColumn('state_code', 'varchar(100)')
    .addColumn('city_code', 'varchar(100)')
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('user_id', 'integer', (c) => c.unique().references('usuario.id'))
    .addColumn('saldo_abono', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0).check(sql`saldo_abono >= 0`))
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.references('tienda.codigo_tienda'))
    .addColumn('fecha_registro', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tercero_documento_unico', ['tipo_documento_id', 'numero_documento'])
    .execute();
  await sql`create index tercero_numero_documento_idx on tercero (numero_documento varchar_pattern_ops)`.execute(db);
  await db.schema.createIndex('tercero_tipo_idx').on('tercero').columns(['tipo_tercero', 'activo']).execute();
  await db.schema.createIndex('tercero_fecha_idx').on('tercero').columns(['fecha_registro desc', 'id desc']).execute();

  // The prepaid balance ledger: append-only, each row with the balance right after it.
  await db.schema
    .createTable('tipo_movimiento_abono')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_tipo_movimiento_abono', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('tipo_movimiento_abono')
    .values([
      { id: 1, nombre_tipo_movimiento_abono: 'Abono' },
      { id: 2, nombre_tipo_movimiento_abono: 'Pago de venta' },
      { id: 3, nombre_tipo_movimiento_abono: 'Anulación de abono' },
    ])
    .execute();
  await db.schema
    .createTable('abono_tercero')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tercero_id', 'integer', (c) => c.notNull().references('tercero.id'))
    .addColumn('tipo_movimiento_abono_id', 'integer', (c) => c.notNull().references('tipo_movimiento_abono.id'))
    // Business date (Colombia) of the movement: the advances screen lets staff give it (spec 002 §2.6).
    .addColumn('fecha_abono', 'date', (c) => c.notNull().defaultTo(hoyBogota))
    .addColumn('descripcion_abono', 'varchar(200)', (c) => c.notNull())
    // Signed: an abono raises the balance (> 0); spending it or annulling an abono lowers it (< 0).
    .addColumn('valor_abono', 'numeric(18, 2)', (c) => c.notNull())
    .addColumn('saldo_abono', 'numeric(18, 2)', (c) => c.notNull().check(sql`saldo_abono >= 0`))
    // The sale that spent the balance (type 2); its foreign key comes with the sales tables.
    .addColumn('venta_id', 'integer')
    // The abono an annulment (type 3) reverses; each abono is annulled at most once.
    .addColumn('movimiento_origen_id', 'integer', (c) => c.unique().references('abono_tercero.id'))
    // How the money came in (payment methods come with the sales tables).
    .addColumn('forma_pago_id', 'integer')
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.references('tienda.codigo_tienda'))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_inserta', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'abono_tercero_signo',
      sql`(tipo_movimiento_abono_id = 1 and valor_abono > 0) or (tipo_movimiento_abono_id in (2, 3) and valor_abono < 0)`,
    )
    .addCheckConstraint('abono_tercero_anulacion', sql`(tipo_movimiento_abono_id = 3) = (movimiento_origen_id is not null)`)
    .execute();
  await db.schema.createIndex('abono_tercero_tercero_idx').on('abono_tercero').columns(['tercero_id', 'id desc']).execute();
  await db.schema.createIndex('abono_tercero_venta_idx').on('abono_tercero').column('venta_id').where('venta_id', 'is not', null).execute();

  // spec 001 §3 Credit account: one per third party; total_credito is what it owes now.
  await db.schema
    .createTable('cuenta_credito')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tercero_id', 'integer', (c) => c.notNull().unique().references('tercero.id'))
    .addColumn('total_cupo_permitido', 'numeric(18, 2)', (c) => c.notNull().check(sql`total_cupo_permitido >= 0`))
    .addColumn('total_credito', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0).check(sql`total_credito >= 0`))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_creacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // spec 002 §3 Credit movement: the one credit ledger (sale charges, payments, annulled payments).
  await db.schema
    .createTable('tipo_movimiento_credito')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_tipo_movimiento_credito', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('tipo_movimiento_credito')
    .values([
      { id: 1, nombre_tipo_movimiento_credito: 'Venta' },
      { id: 2, nombre_tipo_movimiento_credito: 'Pago' },
      { id: 3, nombre_tipo_movimiento_credito: 'Anulación de pago' },
    ])
    .execute();
  await db.schema
    .createTable('cuenta_credito_movimiento')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cuenta_credito_id', 'integer', (c) => c.notNull().references('cuenta_credito.id'))
    .addColumn('tipo_movimiento_credito_id', 'integer', (c) => c.notNull().references('tipo_movimiento_credito.id'))
    // The sale charged (type 1) or paid (type 2, when the payment names one); FK with the sales tables.
    .addColumn('venta_id', 'integer')
    .addColumn('descripcion_movimiento', 'varchar(200)', (c) => c.notNull())
    // Always positive; the type says whether it raises (1, 3) or lowers (2) the credit.
    .addColumn('valor_movimiento', 'numeric(18, 2)', (c) => c.notNull().check(sql`valor_movimiento > 0`))
    // total_credito of the account right after this movement.
    .addColumn('saldo_credito', 'numeric(18, 2)', (c) => c.notNull().check(sql`saldo_credito >= 0`))
    // The payment an annulment (type 3) reverses; each payment is annulled at most once.
    .addColumn('movimiento_origen_id', 'integer', (c) => c.unique().references('cuenta_credito_movimiento.id'))
    .addColumn('fecha_movimiento', 'date', (c) => c.notNull().defaultTo(hoyBogota))
    .addColumn('observacion', 'varchar(500)')
    .addColumn('codigo_tienda', 'varchar(10)', (c) => c.references('tienda.codigo_tienda'))
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('fecha_inserta', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cuenta_credito_movimiento_anulacion', sql`(tipo_movimiento_credito_id = 3) = (movimiento_origen_id is not null)`)
    .execute();
  await db.schema
    .createIndex('cuenta_credito_movimiento_cuenta_idx')
    .on('cuenta_credito_movimiento')
    .columns(['cuenta_credito_id', 'tipo_movimiento_credito_id', 'id desc'])
    .execute();
  await db.schema
    .createIndex('cuenta_credito_movimiento_venta_idx')
    .on('cuenta_credito_movimiento')
    .column('venta_id')
    .where('venta_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const tabla of [
    'cuenta_credito_movimiento',
    'tipo_movimiento_credito',
    'cuenta_credito',
    'abono_tercero',
    'tipo_movimiento_abono',
    'tercero',
    'ciudad',
    'departamento',
    'pais',
    'tipo_documento',
  ]) {
    await db.schema.dropTable(tabla).execute();
  }
}
