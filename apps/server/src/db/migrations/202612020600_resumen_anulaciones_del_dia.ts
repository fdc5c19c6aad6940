import { sql, type Kysely } from 'kysely';
import { crearFuncionesResumen, LINEAS_DE_LA_SENTENCIA } from './202611270300_create_reportes_dinero.ts';

// The dashboard's daily summary reads money on the day it moves (docs/decisions-reportes-dinero.md, "Dashboard: la
// venta en su día, la anulación en el suyo"), as the daily cash and the month closing already do: a sale billed on day
// D counts on D forever (one order, its totals, its products), whatever happens to it later; its annulment counts on
// the day A it happens (by `fecha_anulacion`, Bogotá) as a subtraction: one annulled sale, its total with and without
// taxes, and its products' quantities taken from A's. So no figure of a day changes after that day.
//
// - resumen_venta_dia: `facturadas`, `total_venta`, `total_subtotal_venta` are now the sales billed that day in states
//   2, 3 and 6; `anuladas`, `total_anuladas` and the new `total_subtotal_anuladas` the sales annulled that day.
// - resumen_producto_dia.cantidad: the day's billed quantities minus the day's annulled ones (negative on a day whose
//   annulments of earlier sales outweigh its sales: the range's sum is the net).
// - An annulled sale without `fecha_anulacion` (written before the column was kept, or by hand) is annulled on its
//   billing day: it nets to nothing there, as the dashboard read it before.
// The triggers are the same statement triggers of 202611270300_create_reportes_dinero with the annulment's day added
// (and `fecha_anulacion` among the columns whose change counts); the rows are rebuilt from the sales. Lock order is
// kept: one statement writes its day rows in (fecha, codigo_tienda) order, then its product rows in key order.

const ZONA = 'America/Bogota';
const dia = (columna: string) => sql.raw(`(${columna} at time zone '${ZONA}')::date`);

/** The columns of a sale a change of which moves the summary, as the jsonb the triggers hand to resumen_ventas_sumar. */
const venta = (alias: string, signo: 1 | -1) => sql.raw(
  `jsonb_build_object('id', ${alias}.id, 'codigo_tienda', ${alias}.codigo_tienda, 'fecha_factura', ${alias}.fecha_factura, ` +
    `'fecha_anulacion', ${alias}.fecha_anulacion, 'estado_venta_id', ${alias}.estado_venta_id, 'total_venta', ${alias}.total_venta, ` +
    `'total_subtotal_venta', ${alias}.total_subtotal_venta, 'signo', ${signo})`,
);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table resumen_venta_dia add column total_subtotal_anuladas numeric(18, 2) not null default 0`.execute(db);

  // Each signed sale of `cambios` is a billing on its billing day (states 2, 3, 6) and, annulled (3), an annulment on
  // its annulment day: `partes` turns each into those one or two signed parts (signo × +1 billed, × −1 annulled).
  await sql`
    create or replace function resumen_ventas_sumar(cambios jsonb) returns void language plpgsql as $$
    begin
      with c as (
        select x.*
          from jsonb_to_recordset(cambios) as x(id integer, codigo_tienda varchar, fecha_factura timestamptz, fecha_anulacion timestamptz,
                                                 estado_venta_id integer, total_venta numeric, total_subtotal_venta numeric, signo integer)
         where x.fecha_factura is not null and x.estado_venta_id in (2, 3, 6)
      ),
      partes as (
        select ${dia('c.fecha_factura')} as fecha, c.codigo_tienda, false as anulacion, c.signo, c.total_venta, c.total_subtotal_venta from c
        union all
        select ${dia('coalesce(c.fecha_anulacion, c.fecha_factura)')}, c.codigo_tienda, true, c.signo, c.total_venta, c.total_subtotal_venta
          from c where c.estado_venta_id = 3
      ),
      dias as (
        select fecha, codigo_tienda,
               coalesce(sum(signo) filter (where not anulacion), 0) as facturadas,
               coalesce(sum(signo * total_venta) filter (where not anulacion), 0) as total_venta,
               coalesce(sum(signo * total_subtotal_venta) filter (where not anulacion), 0) as total_subtotal_venta,
               coalesce(sum(signo) filter (where anulacion), 0) as anuladas,
               coalesce(sum(signo * total_venta) filter (where anulacion), 0) as total_anuladas,
               coalesce(sum(signo * total_subtotal_venta) filter (where anulacion), 0) as total_subtotal_anuladas
          from partes group by fecha, codigo_tienda
      )
      insert into resumen_venta_dia as r (fecha, codigo_tienda, facturadas, total_venta, total_subtotal_venta, anuladas, total_anuladas, total_subtotal_anuladas)
      select fecha, codigo_tienda, facturadas, total_venta, total_subtotal_venta, anuladas, total_anuladas, total_subtotal_anuladas
        from dias
       where facturadas <> 0 or total_venta <> 0 or total_subtotal_venta <> 0 or anuladas <> 0 or total_anuladas <> 0 or total_subtotal_anuladas <> 0
       order by fecha, codigo_tienda
      on conflict (fecha, codigo_tienda) do update
        set facturadas = r.facturadas + excluded.facturadas, total_venta = r.total_venta + excluded.total_venta,
            total_subtotal_venta = r.total_subtotal_venta + excluded.total_subtotal_venta,
            anuladas = r.anuladas + excluded.anuladas, total_anuladas = r.total_anuladas + excluded.total_anuladas,
            total_subtotal_anuladas = r.total_subtotal_anuladas + excluded.total_subtotal_anuladas;

      with c as (
        select x.*
          from jsonb_to_recordset(cambios) as x(id integer, codigo_tienda varchar, fecha_factura timestamptz, fecha_anulacion timestamptz,
                                                 estado_venta_id integer, signo integer)
         where x.fecha_factura is not null and x.estado_venta_id in (2, 3, 6)
      ),
      partes as (
        select c.id, ${dia('c.fecha_factura')} as fecha, c.codigo_tienda, c.signo from c
        union all
        select c.id, ${dia('coalesce(c.fecha_anulacion, c.fecha_factura)')}, c.codigo_tienda, -c.signo from c where c.estado_venta_id = 3
      )
      insert into resumen_producto_dia as r (fecha, codigo_tienda, producto_id, cantidad)
      select p.fecha, p.codigo_tienda, d.producto_id, sum(p.signo * d.cantidad)
        from partes p
        join venta_detalle d on d.venta_id = p.id
       group by 1, 2, 3
      having sum(p.signo * d.cantidad) <> 0
       order by 1, 2, 3
      on conflict (fecha, codigo_tienda, producto_id) do update set cantidad = r.cantidad + excluded.cantidad;
    end
    $$
  `.execute(db);

  // venta: the rows a statement inserted (+1), deleted (-1) or changed (old -1, new +1); an annulment changes the
  // state and fecha_anulacion, so it moves the annulment day only (the billing day's old and new parts cancel out).
  await sql`
    create or replace function venta_resumen() returns trigger language plpgsql as $$
    declare
      cambios jsonb;
    begin
      if tg_op = 'INSERT' then
        select jsonb_agg(${venta('n', 1)}) into cambios from nuevas n where n.fecha_factura is not null;
      elsif tg_op = 'DELETE' then
        select jsonb_agg(${venta('v', -1)}) into cambios from viejas v where v.fecha_factura is not null;
      else
        -- Only the sales whose counted columns changed (saving a pending order changes none of them).
        select jsonb_agg(x.cambio) into cambios
          from viejas v join nuevas n on n.id = v.id
          cross join lateral (values (${venta('v', -1)}), (${venta('n', 1)})) as x(cambio)
         where (v.fecha_factura is not null or n.fecha_factura is not null)
           and (v.estado_venta_id, v.fecha_factura, v.fecha_anulacion, v.codigo_tienda, v.total_venta, v.total_subtotal_venta)
               is distinct from (n.estado_venta_id, n.fecha_factura, n.fecha_anulacion, n.codigo_tienda, n.total_venta, n.total_subtotal_venta);
      end if;
      if cambios is not null then perform resumen_ventas_sumar(cambios); end if;
      return null;
    end
    $$
  `.execute(db);

  // venta_detalle: lines added to (+) or taken from (−) a sale already billed count on its billing day and, annulled,
  // the other way on its annulment day.
  await sql`
    create or replace function venta_detalle_resumen() returns trigger language plpgsql as $$
    declare
      lineas jsonb;
    begin
      ${LINEAS_DE_LA_SENTENCIA}
      with l as (
        select l.producto_id, l.cantidad, s.codigo_tienda, s.fecha_factura, s.fecha_anulacion, s.estado_venta_id
          from jsonb_to_recordset(lineas) as l(venta_id integer, producto_id integer, cantidad numeric)
          join venta s on s.id = l.venta_id
         where s.fecha_factura is not null and s.estado_venta_id in (2, 3, 6)
      ),
      partes as (
        select ${dia('l.fecha_factura')} as fecha, l.codigo_tienda, l.producto_id, l.cantidad from l
        union all
        select ${dia('coalesce(l.fecha_anulacion, l.fecha_factura)')}, l.codigo_tienda, l.producto_id, -l.cantidad from l where l.estado_venta_id = 3
      )
      insert into resumen_producto_dia as r (fecha, codigo_tienda, producto_id, cantidad)
      select fecha, codigo_tienda, producto_id, sum(cantidad)
        from partes
       group by 1, 2, 3
      having sum(cantidad) <> 0
       order by 1, 2, 3
      on conflict (fecha, codigo_tienda, producto_id) do update set cantidad = r.cantidad + excluded.cantidad;
      return null;
    end
    $$
  `.execute(db);

  // Rebuilds both summaries from the sales, with the same two parts per sale.
  await sql`
    create or replace function resumen_ventas_reconstruir() returns void language sql as $$
      delete from resumen_producto_dia;
      delete from resumen_venta_dia;
      with partes as (
        select ${dia('fecha_factura')} as fecha, codigo_tienda, false as anulacion, total_venta, total_subtotal_venta
          from venta where fecha_factura is not null and estado_venta_id in (2, 3, 6)
        union all
        select ${dia('coalesce(fecha_anulacion, fecha_factura)')}, codigo_tienda, true, total_venta, total_subtotal_venta
          from venta where fecha_factura is not null and estado_venta_id = 3
      )
      insert into resumen_venta_dia (fecha, codigo_tienda, facturadas, total_venta, total_subtotal_venta, anuladas, total_anuladas, total_subtotal_anuladas)
      select fecha, codigo_tienda,
             count(*) filter (where not anulacion), coalesce(sum(total_venta) filter (where not anulacion), 0),
             coalesce(sum(total_subtotal_venta) filter (where not anulacion), 0),
             count(*) filter (where anulacion), coalesce(sum(total_venta) filter (where anulacion), 0),
             coalesce(sum(total_subtotal_venta) filter (where anulacion), 0)
        from partes
       group by 1, 2;
      with partes as (
        select v.id, ${dia('v.fecha_factura')} as fecha, v.codigo_tienda, 1 as signo
          from venta v where v.fecha_factura is not null and v.estado_venta_id in (2, 3, 6)
        union all
        select v.id, ${dia('coalesce(v.fecha_anulacion, v.fecha_factura)')}, v.codigo_tienda, -1
          from venta v where v.fecha_factura is not null and v.estado_venta_id = 3
      )
      insert into resumen_producto_dia (fecha, codigo_tienda, producto_id, cantidad)
      select p.fecha, p.codigo_tienda, d.producto_id, sum(p.signo * d.cantidad)
        from partes p join venta_detalle d on d.venta_id = p.id
       group by 1, 2, 3
      having sum(p.signo * d.cantidad) <> 0;
    $$
  `.execute(db);
  await sql`select resumen_ventas_reconstruir()`.execute(db);
}

/** Back to 202611270300_create_reportes_dinero's functions (annulled sales out of their billing day), rows rebuilt. */
export async function down(db: Kysely<any>): Promise<void> {
  await crearFuncionesResumen(db);
  await sql`alter table resumen_venta_dia drop column total_subtotal_anuladas`.execute(db);
  await sql`select resumen_ventas_reconstruir()`.execute(db);
}
