import { sql, type Kysely } from 'kysely';

// The money reports (docs/decisions-reportes-dinero.md): the dashboard, the month closing and the
// daily cash add up sales, payments, credit payments and advances by billing date in PostgreSQL. Measured with
// `npm run bench:dinero` (1,000,000 sales over two years in two stores); the figures are in the decisions note.
//
// - TIENDAS_CUADRE_CAJA: the stores the daily cash shows (spec 002 §2.9, §9: "only stores 001 and 002"), a parameter
//   so a third store can be added without a release. Written with its history row, as the parameters screen does.
// - venta (codigo_tienda, fecha_factura): every report selects billed sales by billing date (a day, a month, a year),
//   and a store's month by store too. It carries what the reports add up, so the sums are read from the index alone
//   (no visit to the table for each of the thousands of sales of a month). Only billed or annulled sales have a
//   billing date: the pending ones stay out of it. The dashboard asks for every store: PostgreSQL 18 skips through the
//   first column (one range per store).
// - venta_forma_pago (venta_id) with the method and the amount: the totals by method join a month's sales to their
//   payments, index only.
// - venta_detalle (venta_id) with the product and the quantity: the dashboard's products sold, index only.
// - abono_tercero (fecha_abono) of the advances received (type 1): the daily cash's advances by method.
// Credit payments by day already have cuenta_credito_movimiento_fecha_idx (fecha_movimiento, type).
//
// The dashboard's daily summary (a year is half a million sales and a million lines: joining them took seconds):
// - resumen_venta_dia: per store and billing day (Bogotá), the billed sales (states 2 and 6) with their totals with and
//   without taxes, and the annulled ones (3) with their total.
// - resumen_producto_dia: per billing day, store and product, the quantity the billed sales sold.
// Both are kept by statement triggers on venta and venta_detalle, in the transaction of every write (billing, annulment,
// any change of a sale's state, date, store or totals, any line added to or taken from a billed sale): no writer calls
// anything, none can forget. A statement that changes nothing they count (saving a pending order, a version bump)
// writes nothing. They write the day's row first, then its products in ascending id: the last locks a billing or an
// annulment takes (right at the sale's update), in one order, so two writers never wait for each other in a cycle.
// resumen_ventas_reconstruir() rebuilds both from the sales (this migration, and data loaded with triggers off).

/** The business's zone the summary's days are in (ZONA_NEGOCIO); the dashboard reads the sales directly in another one. */
const ZONA = 'America/Bogota';

/**
 * The first part of venta_detalle_resumen's body: the lines the statement added (+), took away (−) or changed (old −,
 * new +) as jsonb in `lineas` (on insert and delete, only those of a billed sale), returning when there are none.
 * 202612020600_resumen_anulaciones_del_dia keeps it and changes what follows.
 */
export const LINEAS_DE_LA_SENTENCIA = sql.raw(`if tg_op = 'INSERT' then
        select jsonb_agg(jsonb_build_object('venta_id', n.venta_id, 'producto_id', n.producto_id, 'cantidad', n.cantidad)) into lineas
          from nuevas n where n.venta_id in (select s.id from venta s where s.id = n.venta_id and s.fecha_factura is not null);
      elsif tg_op = 'DELETE' then
        select jsonb_agg(jsonb_build_object('venta_id', v.venta_id, 'producto_id', v.producto_id, 'cantidad', -v.cantidad)) into lineas
          from viejas v where v.venta_id in (select s.id from venta s where s.id = v.venta_id and s.fecha_factura is not null);
      else
        select jsonb_agg(x.linea) into lineas
          from (select jsonb_build_object('venta_id', n.venta_id, 'producto_id', n.producto_id, 'cantidad', n.cantidad) as linea from nuevas n
                union all
                select jsonb_build_object('venta_id', v.venta_id, 'producto_id', v.producto_id, 'cantidad', -v.cantidad) from viejas v) as x;
      end if;
      if lineas is null then return null; end if;`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into parametro (codigo_parametro, valor_parametro) values ('TIENDAS_CUADRE_CAJA', '001,002')
    on conflict (codigo_parametro) do nothing
  `.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'TIENDAS_CUADRE_CAJA', null, '001,002', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'TIENDAS_CUADRE_CAJA')
  `.execute(db);

  await sql`
    create index venta_factura_tienda_fecha_idx on venta (codigo_tienda, fecha_factura)
      include (estado_venta_id, tipo_pago_id, total_subtotal_venta, total_impuestos_venta, total_otros_impuestos_venta, total_descuento, total_venta,
               fecha_factura_dian, factura_code_siigo)
      where fecha_factura is not null
  `.execute(db);
  await sql`create index venta_forma_pago_reportes_idx on venta_forma_pago (venta_id) include (forma_pago_id, valor_pagado)`.execute(db);
  await sql`create index venta_detalle_reportes_idx on venta_detalle (venta_id) include (producto_id, cantidad)`.execute(db);
  await sql`
    create index abono_tercero_anticipo_fecha_idx on abono_tercero (fecha_abono, codigo_tienda)
      include (forma_pago_id, valor_abono)
      where tipo_movimiento_abono_id = 1
  `.execute(db);

  await sql`
    create table resumen_venta_dia (
      fecha date not null,
      codigo_tienda varchar(10) not null references tienda (codigo_tienda),
      facturadas integer not null default 0,
      total_venta numeric(18, 2) not null default 0,
      total_subtotal_venta numeric(18, 2) not null default 0,
      anuladas integer not null default 0,
      total_anuladas numeric(18, 2) not null default 0,
      primary key (fecha, codigo_tienda)
    )
  `.execute(db);
  await sql`
    create table resumen_producto_dia (
      fecha date not null,
      codigo_tienda varchar(10) not null references tienda (codigo_tienda),
      producto_id integer not null references producto (id),
      cantidad numeric(18, 2) not null default 0,
      primary key (fecha, codigo_tienda, producto_id) include (cantidad)
    )
  `.execute(db);

  await crearFuncionesResumen(db);
  await crearDisparadoresDeSentencia(db, 'venta', 'venta_resumen');
  await crearDisparadoresDeSentencia(db, 'venta_detalle', 'venta_detalle_resumen');
  await sql`select resumen_ventas_reconstruir()`.execute(db);
}

/**
 * The three statement triggers (`{funcion}_insert`, `_delete`, `_update`) that hand `funcion` the rows a statement on
 * `tabla` inserted (`nuevas`), deleted (`viejas`) or changed (both): how a summary kept by PostgreSQL learns of every
 * write. 202612090400_resumen_lista_facturas uses it too.
 */
export async function crearDisparadoresDeSentencia(db: Kysely<any>, tabla: string, funcion: string): Promise<void> {
  for (const [operacion, referencias] of [
    ['insert', 'new table as nuevas'],
    ['delete', 'old table as viejas'],
    ['update', 'old table as viejas new table as nuevas'],
  ] as const) {
    await sql`
      create trigger ${sql.id(`${funcion}_${operacion}`)} after ${sql.raw(operacion)} on ${sql.id(tabla)}
        referencing ${sql.raw(referencias)} for each statement execute function ${sql.id(funcion)}()
    `.execute(db);
  }
}

/**
 * The summary's four functions as this migration made them: the sum of signed sales, the two statement triggers' bodies
 * and the rebuild. 202612020600_resumen_anulaciones_del_dia replaces them, and its down puts these back with this text.
 */
export async function crearFuncionesResumen(db: Kysely<any>): Promise<void> {
  // Adds the signed sales of `cambios` (a sale's columns and signo +1 or -1) to both summaries, grouped by key, in key
  // order; keys whose changes cancel out (a statement that changed nothing counted) are left untouched.
  await sql`
    create or replace function resumen_ventas_sumar(cambios jsonb) returns void language plpgsql as $$
    begin
      with c as (
        select (x.fecha_factura at time zone ${sql.lit(ZONA)})::date as fecha, x.codigo_tienda, x.estado_venta_id, x.total_venta, x.total_subtotal_venta, x.id, x.signo
          from jsonb_to_recordset(cambios) as x(id integer, codigo_tienda varchar, fecha_factura timestamptz, estado_venta_id integer,
                                                 total_venta numeric, total_subtotal_venta numeric, signo integer)
         where x.fecha_factura is not null and x.estado_venta_id in (2, 3, 6)
      ),
      dias as (
        select fecha, codigo_tienda,
               sum(signo) filter (where estado_venta_id <> 3) as facturadas,
               coalesce(sum(signo * total_venta) filter (where estado_venta_id <> 3), 0) as total_venta,
               coalesce(sum(signo * total_subtotal_venta) filter (where estado_venta_id <> 3), 0) as total_subtotal_venta,
               sum(signo) filter (where estado_venta_id = 3) as anuladas,
               coalesce(sum(signo * total_venta) filter (where estado_venta_id = 3), 0) as total_anuladas
          from c group by fecha, codigo_tienda
      )
      insert into resumen_venta_dia as r (fecha, codigo_tienda, facturadas, total_venta, total_subtotal_venta, anuladas, total_anuladas)
      select fecha, codigo_tienda, coalesce(facturadas, 0), total_venta, total_subtotal_venta, coalesce(anuladas, 0), total_anuladas
        from dias
       where coalesce(facturadas, 0) <> 0 or total_venta <> 0 or total_subtotal_venta <> 0 or coalesce(anuladas, 0) <> 0 or total_anuladas <> 0
       order by fecha, codigo_tienda
      on conflict (fecha, codigo_tienda) do update
        set facturadas = r.facturadas + excluded.facturadas, total_venta = r.total_venta + excluded.total_venta,
            total_subtotal_venta = r.total_subtotal_venta + excluded.total_subtotal_venta,
            anuladas = r.anuladas + excluded.anuladas, total_anuladas = r.total_anuladas + excluded.total_anuladas;

      insert into resumen_producto_dia as r (fecha, codigo_tienda, producto_id, cantidad)
      select (x.fecha_factura at time zone ${sql.lit(ZONA)})::date, x.codigo_tienda, d.producto_id, sum(x.signo * d.cantidad)
        from jsonb_to_recordset(cambios) as x(id integer, codigo_tienda varchar, fecha_factura timestamptz, estado_venta_id integer, signo integer)
        join venta_detalle d on d.venta_id = x.id
       where x.fecha_factura is not null and x.estado_venta_id in (2, 6)
       group by 1, 2, 3
      having sum(x.signo * d.cantidad) <> 0
       order by 1, 2, 3
      on conflict (fecha, codigo_tienda, producto_id) do update set cantidad = r.cantidad + excluded.cantidad;
    end
    $$
  `.execute(db);

  // venta: the rows a statement inserted (+1), deleted (-1) or changed (old -1, new +1).
  await sql`
    create or replace function venta_resumen() returns trigger language plpgsql as $$
    declare
      cambios jsonb;
    begin
      if tg_op = 'INSERT' then
        select jsonb_agg(jsonb_build_object('id', n.id, 'codigo_tienda', n.codigo_tienda, 'fecha_factura', n.fecha_factura, 'estado_venta_id', n.estado_venta_id,
                                            'total_venta', n.total_venta, 'total_subtotal_venta', n.total_subtotal_venta, 'signo', 1))
          into cambios from nuevas n where n.fecha_factura is not null;
      elsif tg_op = 'DELETE' then
        select jsonb_agg(jsonb_build_object('id', v.id, 'codigo_tienda', v.codigo_tienda, 'fecha_factura', v.fecha_factura, 'estado_venta_id', v.estado_venta_id,
                                            'total_venta', v.total_venta, 'total_subtotal_venta', v.total_subtotal_venta, 'signo', -1))
          into cambios from viejas v where v.fecha_factura is not null;
      else
        -- Only the sales whose counted columns changed (saving a pending order changes none of them).
        select jsonb_agg(x.cambio) into cambios
          from viejas v join nuevas n on n.id = v.id
          cross join lateral (values
            (jsonb_build_object('id', v.id, 'codigo_tienda', v.codigo_tienda, 'fecha_factura', v.fecha_factura, 'estado_venta_id', v.estado_venta_id,
                                'total_venta', v.total_venta, 'total_subtotal_venta', v.total_subtotal_venta, 'signo', -1)),
            (jsonb_build_object('id', n.id, 'codigo_tienda', n.codigo_tienda, 'fecha_factura', n.fecha_factura, 'estado_venta_id', n.estado_venta_id,
                                'total_venta', n.total_venta, 'total_subtotal_venta', n.total_subtotal_venta, 'signo', 1))
          ) as x(cambio)
         where (v.fecha_factura is not null or n.fecha_factura is not null)
           and (v.estado_venta_id, v.fecha_factura, v.codigo_tienda, v.total_venta, v.total_subtotal_venta)
               is distinct from (n.estado_venta_id, n.fecha_factura, n.codigo_tienda, n.total_venta, n.total_subtotal_venta);
      end if;
      if cambios is not null then perform resumen_ventas_sumar(cambios); end if;
      return null;
    end
    $$
  `.execute(db);

  // venta_detalle: lines added to (+1) or taken from (-1) a sale already billed (the application only writes the lines
  // of a pending order, which count nothing yet).
  // A statement trigger reads only the transition tables its operation has: each branch names its own. The lines of a
  // pending order (what the application writes) are dropped at once: a sale without a billing date counts nothing.
  await sql`
    create or replace function venta_detalle_resumen() returns trigger language plpgsql as $$
    declare
      lineas jsonb;
    begin
      ${LINEAS_DE_LA_SENTENCIA}
      insert into resumen_producto_dia as r (fecha, codigo_tienda, producto_id, cantidad)
      select (s.fecha_factura at time zone ${sql.lit(ZONA)})::date, s.codigo_tienda, l.producto_id, sum(l.cantidad)
        from jsonb_to_recordset(lineas) as l(venta_id integer, producto_id integer, cantidad numeric)
        join venta s on s.id = l.venta_id
       where s.fecha_factura is not null and s.estado_venta_id in (2, 6)
       group by 1, 2, 3
      having sum(l.cantidad) <> 0
       order by 1, 2, 3
      on conflict (fecha, codigo_tienda, producto_id) do update set cantidad = r.cantidad + excluded.cantidad;
      return null;
    end
    $$
  `.execute(db);
  // Rebuilds both summaries from the sales.
  await sql`
    create or replace function resumen_ventas_reconstruir() returns void language sql as $$
      delete from resumen_producto_dia;
      delete from resumen_venta_dia;
      insert into resumen_venta_dia (fecha, codigo_tienda, facturadas, total_venta, total_subtotal_venta, anuladas, total_anuladas)
      select (fecha_factura at time zone ${sql.lit(ZONA)})::date, codigo_tienda,
             count(*) filter (where estado_venta_id <> 3), coalesce(sum(total_venta) filter (where estado_venta_id <> 3), 0),
             coalesce(sum(total_subtotal_venta) filter (where estado_venta_id <> 3), 0),
             count(*) filter (where estado_venta_id = 3), coalesce(sum(total_venta) filter (where estado_venta_id = 3), 0)
        from venta
       where fecha_factura is not null and estado_venta_id in (2, 3, 6)
       group by 1, 2;
      insert into resumen_producto_dia (fecha, codigo_tienda, producto_id, cantidad)
      select (v.fecha_factura at time zone ${sql.lit(ZONA)})::date, v.codigo_tienda, d.producto_id, sum(d.cantidad)
        from venta v join venta_detalle d on d.venta_id = v.id
       where v.fecha_factura is not null and v.estado_venta_id in (2, 6)
       group by 1, 2, 3
      having sum(d.cantidad) <> 0;
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operacion of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`venta_detalle_resumen_${operacion}`)} on venta_detalle`.execute(db);
    await sql`drop trigger ${sql.id(`venta_resumen_${operacion}`)} on venta`.execute(db);
  }
  await sql`drop function resumen_ventas_reconstruir()`.execute(db);
  await sql`drop function venta_detalle_resumen()`.execute(db);
  await sql`drop function venta_resumen()`.execute(db);
  await sql`drop function resumen_ventas_sumar(jsonb)`.execute(db);
  await sql`drop table resumen_producto_dia`.execute(db);
  await sql`drop table resumen_venta_dia`.execute(db);
  for (const indice of ['abono_tercero_anticipo_fecha_idx', 'venta_detalle_reportes_idx', 'venta_forma_pago_reportes_idx', 'venta_factura_tienda_fecha_idx']) {
    await sql`drop index ${sql.ref(indice)}`.execute(db);
  }
  await sql`delete from parametro_historial where codigo_parametro = 'TIENDAS_CUADRE_CAJA'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'TIENDAS_CUADRE_CAJA'`.execute(db);
}
