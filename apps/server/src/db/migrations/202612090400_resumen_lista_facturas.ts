import { sql, type Kysely } from 'kysely';
import { crearDisparadoresDeSentencia } from './202611270300_create_reportes_dinero.ts';

// Pendiente por facturar's footer without a term over the closed states (docs/decisions.md "Pendiente por facturar a
// 1.000.000 de ventas", el pie de las facturadas): the count and the four sums of a store's sales in one state,
// per day of fecha_venta in Bogotá, so that the footer of two months reads about sixty rows, not every sale. Reading
// 37,890 billed sales of two months was most of that list's work. Only the two closed states the list's filter offers
// (spec 000 §4.1): billed (2) and annulled (3, without the annulled quotations: the list never shows them). Those rows
// are written only by billing, annulment and returns. Orders being taken (1, 4) and quotations (7) never touch them, so the sellers'
// saves take no summary row; their footers stay live (a few thousand rows).
//
// Kept by PostgreSQL like the dashboard's summary (202612020600_resumen_anulaciones_del_dia): statement triggers on
// venta hand the sales a statement inserted (+), deleted (−) or changed (old −, new +) to resumen_lista_sumar. One
// statement writes its rows in key order, and they come last in the transaction (docs/architecture.md §3, step 11).
// The rows of a day may go back to zero; they stay.

const ZONA = 'America/Bogota';

/** The columns of a sale the summary counts, as the jsonb the triggers hand to resumen_lista_sumar. */
const venta = (alias: string, signo: 1 | -1) =>
  sql.raw(
    `jsonb_build_object('codigo_tienda', ${alias}.codigo_tienda, 'estado_venta_id', ${alias}.estado_venta_id, ` +
      `'fecha_venta', ${alias}.fecha_venta, ` +
      `'total_subtotal_venta', ${alias}.total_subtotal_venta, 'total_descuento', ${alias}.total_descuento, ` +
      `'total_impuestos_venta', ${alias}.total_impuestos_venta, 'total_venta', ${alias}.total_venta, 'signo', ${signo})`,
  );

/** Whether the sale `alias` is counted: billed (2) or annulled without being a quotation (3). */
const contada = (alias: string) => sql.raw(`(${alias}.estado_venta_id = 2 or (${alias}.estado_venta_id = 3 and ${alias}.fecha_validez is null))`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table resumen_lista_facturas (
      codigo_tienda varchar(10) not null references tienda (codigo_tienda),
      estado_venta_id integer not null references estado_venta (id),
      dia date not null,
      ventas bigint not null,
      total_subtotal_venta numeric not null,
      total_descuento numeric not null,
      total_impuestos_venta numeric not null,
      total_venta numeric not null,
      primary key (codigo_tienda, estado_venta_id, dia)
    )
  `.execute(db);

  await sql`
    create function resumen_lista_sumar(cambios jsonb) returns void language sql as $$
      insert into resumen_lista_facturas as r (codigo_tienda, estado_venta_id, dia, ventas, total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta)
      select c.codigo_tienda, c.estado_venta_id, (c.fecha_venta at time zone '${sql.raw(ZONA)}')::date,
             sum(c.signo), sum(c.signo * c.total_subtotal_venta), sum(c.signo * c.total_descuento),
             sum(c.signo * c.total_impuestos_venta), sum(c.signo * c.total_venta)
        from jsonb_to_recordset(cambios) as c(codigo_tienda varchar, estado_venta_id integer, fecha_venta timestamptz,
                                              total_subtotal_venta numeric, total_descuento numeric, total_impuestos_venta numeric,
                                              total_venta numeric, signo integer)
       group by 1, 2, 3
      having sum(c.signo) <> 0 or sum(c.signo * c.total_subtotal_venta) <> 0 or sum(c.signo * c.total_descuento) <> 0
          or sum(c.signo * c.total_impuestos_venta) <> 0 or sum(c.signo * c.total_venta) <> 0
       order by 1, 2, 3
      on conflict (codigo_tienda, estado_venta_id, dia) do update
        set ventas = r.ventas + excluded.ventas, total_subtotal_venta = r.total_subtotal_venta + excluded.total_subtotal_venta,
            total_descuento = r.total_descuento + excluded.total_descuento,
            total_impuestos_venta = r.total_impuestos_venta + excluded.total_impuestos_venta, total_venta = r.total_venta + excluded.total_venta
    $$
  `.execute(db);

  await sql`
    create function venta_resumen_lista() returns trigger language plpgsql as $$
    declare
      cambios jsonb;
    begin
      if tg_op = 'INSERT' then
        select jsonb_agg(${venta('n', 1)}) into cambios from nuevas n where ${contada('n')};
      elsif tg_op = 'DELETE' then
        select jsonb_agg(${venta('v', -1)}) into cambios from viejas v where ${contada('v')};
      else
        -- Only the sales counted before or after whose counted columns changed (saving an order changes none).
        select jsonb_agg(x.cambio) into cambios
          from viejas v join nuevas n on n.id = v.id
          cross join lateral (
            select ${venta('v', -1)} where ${contada('v')}
            union all
            select ${venta('n', 1)} where ${contada('n')}
          ) as x(cambio)
         where (${contada('v')} or ${contada('n')})
           and (v.codigo_tienda, v.estado_venta_id, v.fecha_validez is null, v.fecha_venta, v.total_subtotal_venta, v.total_descuento, v.total_impuestos_venta, v.total_venta)
               is distinct from (n.codigo_tienda, n.estado_venta_id, n.fecha_validez is null, n.fecha_venta, n.total_subtotal_venta, n.total_descuento, n.total_impuestos_venta, n.total_venta);
      end if;
      if cambios is not null then perform resumen_lista_sumar(cambios); end if;
      return null;
    end
    $$
  `.execute(db);
  await crearDisparadoresDeSentencia(db, 'venta', 'venta_resumen_lista');

  // The rows of the sales already written; also what a load with the triggers off calls afterwards (the benchmarks'
  // seeds, like resumen_ventas_reconstruir).
  await sql`
    create function resumen_lista_reconstruir() returns void language sql as $$
      delete from resumen_lista_facturas;
      insert into resumen_lista_facturas (codigo_tienda, estado_venta_id, dia, ventas, total_subtotal_venta, total_descuento, total_impuestos_venta, total_venta)
      select v.codigo_tienda, v.estado_venta_id, (v.fecha_venta at time zone '${sql.raw(ZONA)}')::date, count(*),
             sum(v.total_subtotal_venta), sum(v.total_descuento), sum(v.total_impuestos_venta), sum(v.total_venta)
        from venta v
       where ${contada('v')}
       group by 1, 2, 3
    $$
  `.execute(db);
  await sql`select resumen_lista_reconstruir()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operacion of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`venta_resumen_lista_${operacion}`)} on venta`.execute(db);
  await sql`drop function venta_resumen_lista()`.execute(db);
  await sql`drop function resumen_lista_sumar(jsonb)`.execute(db);
  await sql`drop function resumen_lista_reconstruir()`.execute(db);
  await sql`drop table resumen_lista_facturas`.execute(db);
}
