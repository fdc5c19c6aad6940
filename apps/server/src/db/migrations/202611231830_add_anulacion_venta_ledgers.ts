import { sql, type Kysely } from 'kysely';

// Annulling a billed sale (spec 000 §2.10) reverses what its bill wrote in the prepaid and credit ledgers, each with
// a reversing movement that names the one it reverses (movimiento_origen_id, unique: reversed at most once) and the
// sale. Neither ledger had a type for it:
// - abono_tercero: 3 'Anulación de abono' lowers the balance (an abono taken back); the bill's spend (2) is given back
//   by type 4 'Anulación de pago de venta', which raises it (valor_abono > 0).
// - cuenta_credito_movimiento: 3 'Anulación de pago' raises the credit back after an annulled payment, and 2 'Pago' is
//   money received (the daily cash counts it); the sale's charge (1) is reversed by type 4 'Anulación de venta', which
//   lowers what the customer owes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('tipo_movimiento_abono').values({ id: 4, nombre_tipo_movimiento_abono: 'Anulación de pago de venta' }).execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_signo').execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_anulacion').execute();
  await db.schema
    .alterTable('abono_tercero')
    .addCheckConstraint('abono_tercero_signo', sql`(tipo_movimiento_abono_id in (1, 4) and valor_abono > 0) or (tipo_movimiento_abono_id in (2, 3) and valor_abono < 0)`)
    .execute();
  await db.schema
    .alterTable('abono_tercero')
    .addCheckConstraint('abono_tercero_anulacion', sql`(tipo_movimiento_abono_id in (3, 4)) = (movimiento_origen_id is not null)`)
    .execute();

  await db.insertInto('tipo_movimiento_credito').values({ id: 4, nombre_tipo_movimiento_credito: 'Anulación de venta' }).execute();
  await db.schema.alterTable('cuenta_credito_movimiento').dropConstraint('cuenta_credito_movimiento_anulacion').execute();
  await db.schema
    .alterTable('cuenta_credito_movimiento')
    .addCheckConstraint('cuenta_credito_movimiento_anulacion', sql`(tipo_movimiento_credito_id in (3, 4)) = (movimiento_origen_id is not null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('cuenta_credito_movimiento').where('tipo_movimiento_credito_id', '=', 4).execute();
  await db.schema.alterTable('cuenta_credito_movimiento').dropConstraint('cuenta_credito_movimiento_anulacion').execute();
  await db.schema
    .alterTable('cuenta_credito_movimiento')
    .addCheckConstraint('cuenta_credito_movimiento_anulacion', sql`(tipo_movimiento_credito_id = 3) = (movimiento_origen_id is not null)`)
    .execute();
  await db.deleteFrom('tipo_movimiento_credito').where('id', '=', 4).execute();

  await db.deleteFrom('abono_tercero').where('tipo_movimiento_abono_id', '=', 4).execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_signo').execute();
  await db.schema.alterTable('abono_tercero').dropConstraint('abono_tercero_anulacion').execute();
  await db.schema
    .alterTable('abono_tercero')
    .addCheckConstraint('abono_tercero_signo', sql`(tipo_movimiento_abono_id = 1 and valor_abono > 0) or (tipo_movimiento_abono_id in (2, 3) and valor_abono < 0)`)
    .execute();
  await db.schema
    .alterTable('abono_tercero')
    .addCheckConstraint('abono_tercero_anulacion', sql`(tipo_movimiento_abono_id = 3) = (movimiento_origen_id is not null)`)
    .execute();
  await db.deleteFrom('tipo_movimiento_abono').where('id', '=', 4).execute();
}
