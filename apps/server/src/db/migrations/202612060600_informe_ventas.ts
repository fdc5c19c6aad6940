import { sql, type Kysely } from 'kysely';

/**
 * The sales report (docs/decisions-informe-ventas.md):
 * - comision_venta: the commission rate of one seller or of one product category (exactly one of the two), owned by
 *   informe-ventas and audited like every setting (202612010000_create_auditoria).
 * - the indexes its reading needs on a year of a ten-store chain (bench/informe-ventas-bench.ts): the sales billed in
 *   a range of every store with their seller; the annulled ones by the day of their annulment, every store; the lines
 *   with their amounts (index-only, no heap visit per line); the partial returns by their day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table comision_venta (
      id serial primary key,
      vendedor_id integer references usuario(id),
      categoria_producto_id integer references categoria_producto(id),
      porcentaje numeric(5,2) not null check (porcentaje >= 0 and porcentaje <= 100),
      user_id integer references usuario(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (num_nonnulls(vendedor_id, categoria_producto_id) = 1)
    )
  `.execute(db);
  await sql`create unique index comision_venta_vendedor on comision_venta (vendedor_id) where vendedor_id is not null`.execute(db);
  await sql`create unique index comision_venta_categoria on comision_venta (categoria_producto_id) where categoria_producto_id is not null`.execute(db);
  await sql`
    create trigger auditoria_comision_venta after insert or update or delete on comision_venta
    for each row execute function auditar_cambio('informe-ventas', '{id}', '{created_at,updated_at}', '{}')
  `.execute(db);

  await sql`
    create index venta_informe_factura_idx on venta (fecha_factura)
      include (codigo_tienda, vendedor_id, estado_venta_id)
      where fecha_factura is not null
  `.execute(db);
  await sql`
    create index venta_informe_anulacion_idx on venta (fecha_anulacion)
      include (codigo_tienda, vendedor_id, fecha_factura)
      where estado_venta_id = 3
  `.execute(db);
  await sql`
    create index venta_detalle_informe_idx on venta_detalle (venta_id)
      include (id, producto_id, cantidad, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total)
  `.execute(db);
  await sql`create index devolucion_venta_informe_idx on devolucion_venta (created_at) include (venta_id, codigo_tienda)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists devolucion_venta_informe_idx`.execute(db);
  await sql`drop index if exists venta_detalle_informe_idx`.execute(db);
  await sql`drop index if exists venta_informe_anulacion_idx`.execute(db);
  await sql`drop index if exists venta_informe_factura_idx`.execute(db);
  await sql`drop table if exists comision_venta`.execute(db);
}
