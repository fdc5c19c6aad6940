import { sql, type Kysely } from 'kysely';

/**
 * Stock in the product's unit (docs/decisions.md, Inventario: "Existencias en la unidad del producto"): an edge band
 * sold by the metre keeps 0.5 m, where the integer columns made each bill round its lines up to whole units. The
 * balance and both quantities of the ledger become numeric(14,2): the scale of a sale line (venta_detalle.cantidad),
 * so every quantity a bill takes, an annulment gives back or a form adds fits exactly, and sums of them never round;
 * 12 integer digits hold CANTIDAD_MAXIMA (10⁹) with room. An integer casts to numeric without loss, so every existing
 * row keeps its value and the ledger its history (the rewrite keeps ids, dates and order). No view, index or
 * constraint names these columns; the audit trigger copies whole rows and needs no change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table inventario alter column cantidad type numeric(14,2) using cantidad::numeric(14,2)`.execute(db);
  await sql`
    alter table inventario_movimiento
      alter column cantidad type numeric(14,2) using cantidad::numeric(14,2),
      alter column saldo type numeric(14,2) using saldo::numeric(14,2)
  `.execute(db);
}

/**
 * Back to whole units. A fractional quantity has no integer that keeps the ledger's sums, so the way back refuses
 * instead of rounding history in silence.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const fraccionarias = await sql<{ hay: boolean }>`
    select exists (select 1 from inventario where cantidad <> trunc(cantidad))
        or exists (select 1 from inventario_movimiento where cantidad <> trunc(cantidad) or saldo <> trunc(saldo)) as hay
  `.execute(db);
  if (fraccionarias.rows[0]?.hay) throw new Error('Hay existencias fraccionarias: no se pueden volver a unidades enteras sin redondear el kárdex');
  await sql`alter table inventario alter column cantidad type integer using cantidad::integer`.execute(db);
  await sql`
    alter table inventario_movimiento
      alter column cantidad type integer using cantidad::integer,
      alter column saldo type integer using saldo::integer
  `.execute(db);
}
