import { sql, type Kysely } from 'kysely';

/**
 * Stock reservations of saved orders (docs/decisions-reservas.md). They are derived, not stored: an order in state 1
 * 'Pendiente facturar' or 4 'En edición' whose last save is less than DIAS_RESERVA_PEDIDO days old reserves its stock
 * lines' quantities in its store (ventas' reservas.repository.ts, `reservaVigente`).
 *
 * - The parameter DIAS_RESERVA_PEDIDO (7 by default), with its history row as the parameters screen writes it.
 * - A partial index of the reserving orders per store by their last save: the unbilled orders are a handful among a
 *   million sales, and the expired ones (abandoned orders stay in state 1 or 4 forever) are cut by the range on
 *   updated_at; their lines come by venta_detalle_reportes_idx (venta_id, include producto_id, cantidad). State 7 is
 *   in it for the accepted quotations, which reserve too (migration 202612060400_cotizaciones).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into parametro (codigo_parametro, valor_parametro) values ('DIAS_RESERVA_PEDIDO', '7') on conflict (codigo_parametro) do nothing`.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'DIAS_RESERVA_PEDIDO', null, '7', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'DIAS_RESERVA_PEDIDO')
  `.execute(db);
  await sql`create index venta_reserva_idx on venta (codigo_tienda, updated_at) where estado_venta_id in (1, 4, 7)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists venta_reserva_idx`.execute(db);
  await sql`delete from parametro_historial where codigo_parametro = 'DIAS_RESERVA_PEDIDO'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'DIAS_RESERVA_PEDIDO'`.execute(db);
}
