import { sql, type Kysely } from 'kysely';

// The sales report's daily summary (docs/decisions-informe-ventas.md, "Rendimiento: el resumen de los días cerrados"):
// a year of a ten-store chain is a million sales and three million lines, seconds to join and add up; closed days
// never change (docs/decisions-reportes-dinero.md: a sale counts on its billing day, its annulment and its returns on
// their own days, all stamped when they happen), so each closed day is added up once:
// - informe_ventas_lineas(desde, hasta, tienda): every signed line of the instants [desde, hasta) with its business day,
//   seller, product, category and cost (the one definition the summary and the report's reading of today share);
// - informe_venta_dia (day, store, seller, category), informe_venta_vendedor_dia (sales per day, store and seller),
//   informe_producto_dia (day, store, product) and informe_producto_mes (a month's product rows, from the days);
// - informe_resumen_estado.hasta: the last day summarized; informe_ventas_resumir(desde, hasta) (re)builds days,
//   informe_ventas_reconstruir() all of them up to yesterday (after a bulk load with past dates).
// The report fills the missing closed days on the primary when it is read (one day: a few thousand lines).

const ZONA = 'America/Bogota';

export async function up(db: Kysely<any>): Promise<void> {
  const dinero = 'subtotal_facturado numeric(18,2) not null, subtotal_devuelto numeric(18,2) not null, subtotal numeric(18,2) not null, ' +
    'impuestos numeric(18,2) not null, total numeric(18,2) not null, costo numeric(20,4) not null, subtotal_con_costo numeric(18,2) not null';
  await sql.raw(`
    create table informe_venta_dia (fecha date not null, codigo_tienda varchar(10) not null, vendedor_id integer not null,
      categoria_producto_id integer, ventas integer not null, ${dinero})
  `).execute(db);
  await sql`create index informe_venta_dia_fecha on informe_venta_dia (fecha)`.execute(db);
  await sql`
    create table informe_venta_vendedor_dia (fecha date not null, codigo_tienda varchar(10) not null, vendedor_id integer not null,
      ventas integer not null, primary key (fecha, codigo_tienda, vendedor_id))
  `.execute(db);
  await sql.raw(`
    create table informe_producto_dia (fecha date not null, codigo_tienda varchar(10) not null, producto_id integer not null,
      ventas integer not null, cantidad numeric(14,2) not null, ${dinero}, primary key (fecha, codigo_tienda, producto_id))
  `).execute(db);
  await sql.raw(`
    create table informe_producto_mes (mes date not null, codigo_tienda varchar(10) not null, producto_id integer not null,
      ventas integer not null, cantidad numeric(14,2) not null, ${dinero}, primary key (mes, codigo_tienda, producto_id))
  `).execute(db);
  await sql`create table informe_resumen_estado (id boolean primary key default true check (id), hasta date)`.execute(db);

  // Every line that moves money in [desde, hasta), signed: billed lines (+) on their billing day; the lines of sales
  // annulled in it net of their earlier partial returns (−) on the annulment's day; partial returns' lines (−) on their
  // day. Cost: the quantity × the store's weighted average cost when known (> 0), else null.
  await sql.raw(`
    create function informe_ventas_lineas(p_desde timestamptz, p_hasta timestamptz, p_tienda varchar)
    returns table (fecha date, codigo_tienda varchar, vendedor_id integer, producto_id integer, categoria_producto_id integer,
                   venta_id integer, facturada boolean, cantidad numeric, subtotal numeric, impuestos numeric, total numeric, costo numeric)
    language sql stable as $$
      with l as (
        select (v.fecha_factura at time zone '${ZONA}')::date as fecha, v.codigo_tienda, v.vendedor_id, d.producto_id, v.id as venta_id, true as facturada,
               d.cantidad, d.valor_subtotal as subtotal, d.valor_impuesto + d.valor_otros_impuestos as impuestos, d.valor_total as total
          from venta v join venta_detalle d on d.venta_id = v.id
         where v.fecha_factura >= p_desde and v.fecha_factura < p_hasta and v.estado_venta_id in (2, 3, 6)
           and (p_tienda is null or v.codigo_tienda = p_tienda)
        union all
        select (coalesce(v.fecha_anulacion, v.fecha_factura) at time zone '${ZONA}')::date, v.codigo_tienda, v.vendedor_id, d.producto_id, v.id, false,
               -(d.cantidad - coalesce(r.cantidad, 0)), -(d.valor_subtotal - coalesce(r.subtotal, 0)),
               -(d.valor_impuesto + d.valor_otros_impuestos - coalesce(r.impuestos, 0)), -(d.valor_total - coalesce(r.total, 0))
          from venta v
          join venta_detalle d on d.venta_id = v.id
          left join lateral (
            select sum(dd.cantidad) as cantidad, sum(dd.valor_subtotal) as subtotal,
                   sum(dd.valor_impuesto + dd.valor_otros_impuestos) as impuestos, sum(dd.valor_total) as total
              from devolucion_venta_detalle dd where dd.venta_detalle_id = d.id
          ) r on true
         where v.estado_venta_id = 3 and v.fecha_factura is not null and (p_tienda is null or v.codigo_tienda = p_tienda)
           and ((v.fecha_anulacion >= p_desde and v.fecha_anulacion < p_hasta)
                or (v.fecha_anulacion is null and v.fecha_factura >= p_desde and v.fecha_factura < p_hasta))
        union all
        select (dv.created_at at time zone '${ZONA}')::date, v.codigo_tienda, v.vendedor_id, dd.producto_id, v.id, false,
               -dd.cantidad, -dd.valor_subtotal, -(dd.valor_impuesto + dd.valor_otros_impuestos), -dd.valor_total
          from devolucion_venta dv
          join venta v on v.id = dv.venta_id
          join devolucion_venta_detalle dd on dd.devolucion_venta_id = dv.id
         where dv.created_at >= p_desde and dv.created_at < p_hasta and (p_tienda is null or v.codigo_tienda = p_tienda)
      )
      select l.fecha, l.codigo_tienda, l.vendedor_id, l.producto_id, p.categoria_producto_id, l.venta_id, l.facturada,
             l.cantidad, l.subtotal, l.impuestos, l.total,
             case when i.costo_inventario_unitario > 0 then l.cantidad * i.costo_inventario_unitario end
        from l
        left join producto p on p.id = l.producto_id
        left join inventario i on i.codigo_tienda = l.codigo_tienda and i.producto_id = l.producto_id
    $$
  `).execute(db);

  const sumas = 'coalesce(sum(subtotal) filter (where facturada), 0), coalesce(-sum(subtotal) filter (where not facturada), 0), ' +
    'sum(subtotal), sum(impuestos), sum(total), coalesce(sum(costo), 0), coalesce(sum(subtotal) filter (where costo is not null), 0)';
  const columnas = 'subtotal_facturado, subtotal_devuelto, subtotal, impuestos, total, costo, subtotal_con_costo';
  await sql.raw(`
    create function informe_ventas_resumir(p_desde date, p_hasta date) returns void language plpgsql as $$
    begin
      delete from informe_venta_dia where fecha between p_desde and p_hasta;
      delete from informe_venta_vendedor_dia where fecha between p_desde and p_hasta;
      delete from informe_producto_dia where fecha between p_desde and p_hasta;
      create temp table informe_lineas on commit drop as
        select * from informe_ventas_lineas((p_desde::timestamp at time zone '${ZONA}'), ((p_hasta + 1)::timestamp at time zone '${ZONA}'), null);
      insert into informe_venta_dia (fecha, codigo_tienda, vendedor_id, categoria_producto_id, ventas, ${columnas})
      select fecha, codigo_tienda, vendedor_id, categoria_producto_id, count(distinct venta_id) filter (where facturada), ${sumas}
        from informe_lineas group by 1, 2, 3, 4;
      insert into informe_venta_vendedor_dia (fecha, codigo_tienda, vendedor_id, ventas)
      select fecha, codigo_tienda, vendedor_id, count(distinct venta_id) filter (where facturada)
        from informe_lineas group by 1, 2, 3;
      insert into informe_producto_dia (fecha, codigo_tienda, producto_id, ventas, cantidad, ${columnas})
      select fecha, codigo_tienda, producto_id, count(distinct venta_id) filter (where facturada), sum(cantidad), ${sumas}
        from informe_lineas group by 1, 2, 3;
      drop table informe_lineas;
      -- The months touched, again from their days (a month's row is read only once all its days are summarized).
      delete from informe_producto_mes where mes between date_trunc('month', p_desde)::date and date_trunc('month', p_hasta)::date;
      insert into informe_producto_mes (mes, codigo_tienda, producto_id, ventas, cantidad, ${columnas})
      select date_trunc('month', fecha)::date, codigo_tienda, producto_id, sum(ventas), sum(cantidad),
             sum(subtotal_facturado), sum(subtotal_devuelto), sum(subtotal), sum(impuestos), sum(total), sum(costo), sum(subtotal_con_costo)
        from informe_producto_dia
       where fecha >= date_trunc('month', p_desde) and fecha < date_trunc('month', p_hasta) + interval '1 month'
       group by 1, 2, 3;
      insert into informe_resumen_estado (id, hasta) values (true, p_hasta)
      on conflict (id) do update set hasta = greatest(informe_resumen_estado.hasta, excluded.hasta);
    end
    $$
  `).execute(db);

  // Every day from the first sale up to yesterday (Bogotá), from scratch.
  await sql.raw(`
    create function informe_ventas_reconstruir() returns void language plpgsql as $$
    declare
      ayer date := (clock_timestamp() at time zone '${ZONA}')::date - 1;
      primero date := (select (min(fecha_factura) at time zone '${ZONA}')::date from venta where fecha_factura is not null);
    begin
      delete from informe_venta_dia;
      delete from informe_venta_vendedor_dia;
      delete from informe_producto_dia;
      delete from informe_producto_mes;
      if primero is not null and primero <= ayer then perform informe_ventas_resumir(primero, ayer); end if;
      insert into informe_resumen_estado (id, hasta) values (true, ayer) on conflict (id) do update set hasta = excluded.hasta;
    end
    $$
  `).execute(db);
  // A year of a chain takes minutes (bench/informe-ventas-bench.ts): not cut by the app's statement timeout. The
  // migrations run in one transaction, so the setting ends with it.
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`select informe_ventas_reconstruir()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists informe_ventas_reconstruir()`.execute(db);
  await sql`drop function if exists informe_ventas_resumir(date, date)`.execute(db);
  await sql`drop function if exists informe_ventas_lineas(timestamptz, timestamptz, varchar)`.execute(db);
  for (const tabla of ['informe_resumen_estado', 'informe_producto_mes', 'informe_producto_dia', 'informe_venta_vendedor_dia', 'informe_venta_dia']) {
    await sql`drop table if exists ${sql.table(tabla)}`.execute(db);
  }
}
