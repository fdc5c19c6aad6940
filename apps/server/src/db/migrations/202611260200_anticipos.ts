import { sql, type Kysely } from 'kysely';

// Advances (spec 002 §2.5–§2.7; docs/decisions-anticipos.md): an advance IS a type-1 movement of the prepaid balance
// ledger (abono_tercero), the same row a 001 abono writes (docs/decisions-anticipos.md). This adds what an advance
// carries:
// - consecutivo_anticipo: the advance's consecutive, one sequence for the business, on type-1 rows only (unique).
//   A BEFORE INSERT trigger gives it from the sequence, so no writer of a type-1 row can forget it (the 001 abono
//   route, the demo data, a test's SQL). Existing type-1 rows get theirs in id order.
// - forma_pago_id (the column exists since the terceros migration; now a foreign key): how the money came in; a
//   type-1 row without one is cash (1 Efectivo), given by the same trigger. An annulment (3) repeats its advance's
//   method, so the cash of a day nets out by method.
// - codigo_comprobante: the voucher or deposit code of a method that requires one.
// The observation of an advance is its descripcion_abono (varchar 200), as the 001 history shows it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence abono_tercero_consecutivo_anticipo_seq as integer`.execute(db);
  await db.schema
    .alterTable('abono_tercero')
    .addColumn('consecutivo_anticipo', 'integer')
    .addColumn('codigo_comprobante', 'varchar(60)')
    .execute();

  // Existing advances: their consecutives in id order, cash when they name no method.
  await sql`
    update abono_tercero set consecutivo_anticipo = numerados.n
    from (select id, row_number() over (order by id) as n from abono_tercero where tipo_movimiento_abono_id = 1) numerados
    where abono_tercero.id = numerados.id
  `.execute(db);
  await sql`
    select setval('abono_tercero_consecutivo_anticipo_seq',
      coalesce((select max(consecutivo_anticipo) from abono_tercero), 0) + 1, false)
  `.execute(db);
  await sql`update abono_tercero set forma_pago_id = 1 where tipo_movimiento_abono_id = 1 and forma_pago_id is null`.execute(db);

  await sql`
    create function abono_tercero_anticipo() returns trigger language plpgsql as $$
    begin
      if new.tipo_movimiento_abono_id = 1 then
        if new.consecutivo_anticipo is null then
          new.consecutivo_anticipo := nextval('abono_tercero_consecutivo_anticipo_seq');
        end if;
        if new.forma_pago_id is null then
          new.forma_pago_id := 1;
        end if;
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger abono_tercero_anticipo before insert on abono_tercero
    for each row execute function abono_tercero_anticipo()
  `.execute(db);

  await db.schema
    .alterTable('abono_tercero')
    .addCheckConstraint('abono_tercero_consecutivo', sql`(tipo_movimiento_abono_id = 1) = (consecutivo_anticipo is not null)`)
    .execute();
  await db.schema
    .alterTable('abono_tercero')
    .addCheckConstraint('abono_tercero_forma_pago', sql`tipo_movimiento_abono_id <> 1 or forma_pago_id is not null`)
    .execute();
  await db.schema
    .alterTable('abono_tercero')
    .addForeignKeyConstraint('abono_tercero_forma_pago_fk', ['forma_pago_id'], 'forma_pago', ['id'])
    .execute();
  await db.schema.createIndex('abono_tercero_consecutivo_idx').on('abono_tercero').column('consecutivo_anticipo').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('abono_tercero_consecutivo_idx').execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_forma_pago_fk').execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_forma_pago').execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_consecutivo').execute();
  await sql`drop trigger abono_tercero_anticipo on abono_tercero`.execute(db);
  await sql`drop function abono_tercero_anticipo()`.execute(db);
  await db.schema.alterTable('abono_tercero').dropColumn('codigo_comprobante').dropColumn('consecutivo_anticipo').execute();
  await sql`drop sequence abono_tercero_consecutivo_anticipo_seq`.execute(db);
}
