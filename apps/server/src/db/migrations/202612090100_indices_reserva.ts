import { sql, type Kysely } from 'kysely';

/**
 * The reservation check of a bill and of an order's save (docs/decisions-reservas.md; docs/decisions.md "Una factura
 * en pocas sentencias") adds up the lines of the store's reserving orders for the sale's products. With many orders
 * waiting (the billing benchmark keeps 8,000 of them, each product in some 270), it read every such line from the
 * table (a heap page each) and every reserving order of the store from the table: half of a bill's database time.
 * Both now come from an index alone: the lines' product index carries the order and the quantity, and the reserving
 * orders' partial index carries what the reserving condition (`reservaVigente`) reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_detalle_producto_idx`.execute(db);
  await sql`create index venta_detalle_producto_idx on venta_detalle (producto_id) include (venta_id, cantidad)`.execute(db);
  await sql`drop index venta_reserva_idx`.execute(db);
  await sql`
    create index venta_reserva_idx on venta (codigo_tienda, updated_at)
      include (id, estado_venta_id, aceptada_en, convertida_en, fecha_validez)
      where estado_venta_id in (1, 4, 7)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_reserva_idx`.execute(db);
  await sql`create index venta_reserva_idx on venta (codigo_tienda, updated_at) where estado_venta_id in (1, 4, 7)`.execute(db);
  await sql`drop index venta_detalle_producto_idx`.execute(db);
  await sql`create index venta_detalle_producto_idx on venta_detalle (producto_id)`.execute(db);
}
