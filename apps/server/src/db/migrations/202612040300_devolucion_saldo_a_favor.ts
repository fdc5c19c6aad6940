import { sql, type Kysely } from 'kysely';

/**
 * A partial return never dead-ends (docs/decisions-factura-electronica.md, "Devolución parcial"): what finds no place in
 * the sale's credit balance or in the money its methods brought goes to the customer's prepaid balance (saldo a favor).
 * - tipo_movimiento_abono 5 'Devolución de venta': the positive movement of abono_tercero that credits it, naming the
 *   sale (venta_id) and no other movement.
 * - devolucion_venta.valor_saldo_favor: that part of the return; the three parts add up to the return's total.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into tipo_movimiento_abono (id, nombre_tipo_movimiento_abono) values (5, 'Devolución de venta')`.execute(db);
  await sql`alter table abono_tercero drop constraint abono_tercero_signo`.execute(db);
  await sql`
    alter table abono_tercero add constraint abono_tercero_signo
    check ((tipo_movimiento_abono_id in (1, 4, 5) and valor_abono > 0) or (tipo_movimiento_abono_id in (2, 3) and valor_abono < 0))
  `.execute(db);
  await sql`alter table abono_tercero add constraint abono_tercero_devolucion_venta check (tipo_movimiento_abono_id <> 5 or venta_id is not null)`.execute(db);
  await sql`alter table devolucion_venta add column valor_saldo_favor numeric(18,2) not null default 0`.execute(db);
  await sql`
    alter table devolucion_venta add constraint devolucion_venta_partes
    check (valor_credito >= 0 and valor_dinero >= 0 and valor_saldo_favor >= 0 and valor_credito + valor_dinero + valor_saldo_favor = valor_total)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table devolucion_venta drop constraint devolucion_venta_partes`.execute(db);
  await sql`alter table devolucion_venta drop column valor_saldo_favor`.execute(db);
  await sql`alter table abono_tercero drop constraint abono_tercero_devolucion_venta`.execute(db);
  await sql`alter table abono_tercero drop constraint abono_tercero_signo`.execute(db);
  await sql`
    alter table abono_tercero add constraint abono_tercero_signo
    check ((tipo_movimiento_abono_id in (1, 4) and valor_abono > 0) or (tipo_movimiento_abono_id in (2, 3) and valor_abono < 0))
  `.execute(db);
  await sql`delete from tipo_movimiento_abono where id = 5`.execute(db);
}
