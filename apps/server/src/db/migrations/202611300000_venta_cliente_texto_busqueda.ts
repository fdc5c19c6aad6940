import { sql, type Kysely } from 'kysely';

/**
 * Pendiente por facturar's search by a customer's name (`npm run bench:facturas`): the sales of the range
 * were matched against the set of customers the word names, built on each request from `tercero`'s trigram index. A
 * common word ('gomez', 1 customer in 12 of 100,000) makes that set 8,339 customers, about 8 ms of heap reads per
 * request, which with 20 cashiers at once on two cores put the list at p95 ~200 ms for 136 matching sales among the
 * range's 2,516. The sale now keeps its customer's search text (`tercero.texto_busqueda`) in its own row and in the
 * list's covering index, so the word is a plain LIKE over the range the index already reads.
 *
 * Kept by PostgreSQL, so no writer can forget it: a sale written or moved to another customer copies the text (BEFORE
 * trigger), and a customer whose names change passes the new text to its sales (AFTER trigger, only when the text
 * changed: a balance update of `tercero` touches no sale). That update goes from `tercero` to `venta`, the lock order
 * of docs/architecture.md §3 (4 before 6).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table venta add column cliente_texto_busqueda text`.execute(db);
  await sql`
    update venta v set cliente_texto_busqueda = t.texto_busqueda from tercero t where t.id = v.cliente_id
  `.execute(db);
  await sql`alter table venta alter column cliente_texto_busqueda set not null`.execute(db);
  await sql`
    create function venta_cliente_texto_busqueda() returns trigger language plpgsql as $$
    begin
      new.cliente_texto_busqueda := (select t.texto_busqueda from tercero t where t.id = new.cliente_id);
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger venta_cliente_texto_busqueda before insert or update of cliente_id on venta
      for each row execute function venta_cliente_texto_busqueda()
  `.execute(db);
  await sql`
    create function tercero_texto_busqueda_a_ventas() returns trigger language plpgsql as $$
    begin
      update venta set cliente_texto_busqueda = new.texto_busqueda where cliente_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger tercero_texto_busqueda_a_ventas after update on tercero
      for each row when (old.texto_busqueda is distinct from new.texto_busqueda)
      execute function tercero_texto_busqueda_a_ventas()
  `.execute(db);
  // The covering index of the list gains the text (an index-only scan reads it); a customer's sales are found by
  // venta_cliente_estado_idx when the names change.
  await sql`drop index venta_lista_facturas_idx`.execute(db);
  await sql`
    create index venta_lista_facturas_idx on venta (codigo_tienda, estado_venta_id, fecha_venta desc, id desc)
      include (cliente_id, vendedor_id, prefijo_factura_dian, nro_factura_dian, total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta, cliente_texto_busqueda)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index venta_lista_facturas_idx`.execute(db);
  await sql`
    create index venta_lista_facturas_idx on venta (codigo_tienda, estado_venta_id, fecha_venta desc, id desc)
      include (cliente_id, vendedor_id, prefijo_factura_dian, nro_factura_dian, total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta)
  `.execute(db);
  await sql`drop trigger tercero_texto_busqueda_a_ventas on tercero`.execute(db);
  await sql`drop function tercero_texto_busqueda_a_ventas()`.execute(db);
  await sql`drop trigger venta_cliente_texto_busqueda on venta`.execute(db);
  await sql`drop function venta_cliente_texto_busqueda()`.execute(db);
  await sql`alter table venta drop column cliente_texto_busqueda`.execute(db);
}
