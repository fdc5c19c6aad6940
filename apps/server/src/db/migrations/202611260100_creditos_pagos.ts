import { sql, type Kysely } from 'kysely';

// Credits (spec 002 §2.1–§2.3, §4, §5; docs/decisions-creditos.md): the credit ledger becomes per sale.
// - A charge (type 1) names its sale; a payment (type 2) names the ONE sale it pays; an annulled payment (3), the sale's
//   annulment (4) and the new write-off (5 'Eliminación de crédito') name the sale too. A sale's pending balance is the
//   signed sum of the account's movements that name it (1 and 3 raise, 2, 4 and 5 lower), never stored.
// - One charge per sale; 3 names the payment it reverses, 4 and 5 the charge; 3 and 4 at most once each (a charge may be
//   written off again after an annulled payment re-opened it, so 5 is not unique).
// - A payment's methods: cuenta_credito_movimiento_forma_pago (method, amount, voucher code, deposit date, and the
//   prepaid-balance movement when the advance method was used); they add up to the payment, checked at commit.
// Rows written before this migration (charges and account payments without a sale, from the first credit screens and
// the old demo data) are kept as they are: the new rules are NOT VALID checks, enforced on every row written from now on.

export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('tipo_movimiento_credito').values({ id: 5, nombre_tipo_movimiento_credito: 'Eliminación de crédito' }).execute();

  // movimiento_origen_id: unique for 3 (a payment annulled once) and 4 (a sale annulled once); 5 may repeat.
  await sql`alter table cuenta_credito_movimiento drop constraint cuenta_credito_movimiento_movimiento_origen_id_key`.execute(db);
  await db.schema
    .createIndex('cuenta_credito_movimiento_reverso_unico')
    .on('cuenta_credito_movimiento')
    .unique()
    .column('movimiento_origen_id')
    .where(sql.ref('tipo_movimiento_credito_id'), 'in', [3, 4])
    .execute();
  await db.schema
    .createIndex('cuenta_credito_movimiento_origen_idx')
    .on('cuenta_credito_movimiento')
    .column('movimiento_origen_id')
    .where('movimiento_origen_id', 'is not', null)
    .execute();
  // One charge per sale: a sale's pending balance is the sum of the movements that name it.
  await db.schema
    .createIndex('cuenta_credito_movimiento_cargo_unico')
    .on('cuenta_credito_movimiento')
    .unique()
    .column('venta_id')
    .where(sql.ref('tipo_movimiento_credito_id'), '=', 1)
    .execute();
  // The month closing and the daily cash read payments by day.
  await db.schema
    .createIndex('cuenta_credito_movimiento_fecha_idx')
    .on('cuenta_credito_movimiento')
    .columns(['fecha_movimiento', 'tipo_movimiento_credito_id'])
    .execute();
  // Each account's movements of one sale (pending balances, the history filtered by sale).
  await db.schema.createIndex('cuenta_credito_movimiento_cuenta_venta_idx').on('cuenta_credito_movimiento').columns(['cuenta_credito_id', 'venta_id']).execute();

  await db.schema.alterTable('cuenta_credito_movimiento').dropConstraint('cuenta_credito_movimiento_anulacion').execute();
  await db.schema
    .alterTable('cuenta_credito_movimiento')
    .addCheckConstraint('cuenta_credito_movimiento_anulacion', sql`(tipo_movimiento_credito_id in (3, 4, 5)) = (movimiento_origen_id is not null)`)
    .execute();
  // Every movement from now on names its sale; a write-off carries its reason.
  await sql`alter table cuenta_credito_movimiento add constraint cuenta_credito_movimiento_venta check (venta_id is not null) not valid`.execute(db);
  await db.schema
    .alterTable('cuenta_credito_movimiento')
    .addCheckConstraint('cuenta_credito_movimiento_motivo', sql`tipo_movimiento_credito_id <> 5 or (observacion is not null and length(btrim(observacion)) > 0)`)
    .execute();

  await db.schema
    .createTable('cuenta_credito_movimiento_forma_pago')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cuenta_credito_movimiento_id', 'integer', (c) => c.notNull().references('cuenta_credito_movimiento.id'))
    .addColumn('forma_pago_id', 'integer', (c) => c.notNull().references('forma_pago.id'))
    .addColumn('valor_pagado', 'numeric(18, 2)', (c) => c.notNull().check(sql`valor_pagado > 0`))
    .addColumn('codigo_comprobante', 'varchar(60)')
    .addColumn('fecha_consignacion', 'date')
    // The prepaid balance spent (abono_tercero type 2) when this is the advance method.
    .addColumn('abono_tercero_id', 'integer', (c) => c.unique().references('abono_tercero.id'))
    .addUniqueConstraint('cuenta_credito_movimiento_forma_pago_unica', ['cuenta_credito_movimiento_id', 'forma_pago_id'])
    .execute();
  await db.schema.createIndex('cuenta_credito_movimiento_forma_pago_forma_idx').on('cuenta_credito_movimiento_forma_pago').column('forma_pago_id').execute();

  // A payment's methods add up to the payment, and only payments have methods: checked when the transaction commits
  // (the movement and its methods are written one after the other).
  await sql`
    create function cuenta_credito_formas_pago_cuadran() returns trigger language plpgsql as $$
    declare
      movimiento integer;
      tipo integer;
      valor numeric;
      suma numeric;
    begin
      if tg_table_name = 'cuenta_credito_movimiento' then
        movimiento := new.id;
      else
        movimiento := new.cuenta_credito_movimiento_id;
      end if;
      select m.tipo_movimiento_credito_id, m.valor_movimiento into tipo, valor from cuenta_credito_movimiento m where m.id = movimiento;
      select coalesce(sum(f.valor_pagado), 0) into suma from cuenta_credito_movimiento_forma_pago f where f.cuenta_credito_movimiento_id = movimiento;
      if (tipo = 2 and suma <> valor) or (tipo <> 2 and suma <> 0) then
        raise exception 'Las formas de pago del movimiento de crédito % suman % y el movimiento vale %', movimiento, suma, valor
          using errcode = '23514', constraint = 'cuenta_credito_formas_pago_cuadran';
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create constraint trigger cuenta_credito_pago_formas after insert on cuenta_credito_movimiento
      deferrable initially deferred for each row when (new.tipo_movimiento_credito_id = 2)
      execute function cuenta_credito_formas_pago_cuadran()
  `.execute(db);
  await sql`
    create constraint trigger cuenta_credito_formas_pago after insert on cuenta_credito_movimiento_forma_pago
      deferrable initially deferred for each row
      execute function cuenta_credito_formas_pago_cuadran()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger cuenta_credito_formas_pago on cuenta_credito_movimiento_forma_pago`.execute(db);
  await sql`drop trigger cuenta_credito_pago_formas on cuenta_credito_movimiento`.execute(db);
  await sql`drop function cuenta_credito_formas_pago_cuadran()`.execute(db);
  await db.schema.dropTable('cuenta_credito_movimiento_forma_pago').execute();
  await db.schema.alterTable('cuenta_credito_movimiento').dropConstraint('cuenta_credito_movimiento_motivo').execute();
  await db.schema.alterTable('cuenta_credito_movimiento').dropConstraint('cuenta_credito_movimiento_venta').execute();
  await db.deleteFrom('cuenta_credito_movimiento').where('tipo_movimiento_credito_id', '=', 5).execute();
  await db.schema.alterTable('cuenta_credito_movimiento').dropConstraint('cuenta_credito_movimiento_anulacion').execute();
  await db.schema
    .alterTable('cuenta_credito_movimiento')
    .addCheckConstraint('cuenta_credito_movimiento_anulacion', sql`(tipo_movimiento_credito_id in (3, 4)) = (movimiento_origen_id is not null)`)
    .execute();
  for (const indice of [
    'cuenta_credito_movimiento_cuenta_venta_idx',
    'cuenta_credito_movimiento_fecha_idx',
    'cuenta_credito_movimiento_cargo_unico',
    'cuenta_credito_movimiento_origen_idx',
    'cuenta_credito_movimiento_reverso_unico',
  ]) {
    await db.schema.dropIndex(indice).execute();
  }
  await sql`alter table cuenta_credito_movimiento add constraint cuenta_credito_movimiento_movimiento_origen_id_key unique (movimiento_origen_id)`.execute(db);
  await db.deleteFrom('tipo_movimiento_credito').where('id', '=', 5).execute();
}
