import { sql, type Kysely } from 'kysely';

/**
 * Money given back on the day it goes back (docs/decisions-reportes-dinero.md, "Devoluciones: el dinero se mueve el día
 * que se mueve"). An annulment of a sale, of a credit payment or of an advance writes, in its own transaction, one row
 * per payment method given back, dated the business day it happens, with the store and the user: the daily cash of that
 * day shows it as money out, and the day (and month) of the original document keeps counting it as received.
 *
 * The rows of annulments made before this migration are written here from what those annulments left: the sale's
 * `fecha_anulacion` and `anulador_id` and its payment rows, the credit annulment's movement (type 3) and the methods
 * of the payment it names, the advance annulment's movement (type 3). So the reports read one rule for every day.
 */
const ZONA = 'America/Bogota';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table devolucion_dinero (
      id integer generated always as identity primary key,
      codigo_tienda varchar(20) not null references tienda (codigo_tienda),
      fecha date not null,
      origen varchar(20) not null check (origen in ('venta', 'pago_credito', 'anticipo')),
      origen_id integer not null,
      forma_pago_id integer not null references forma_pago (id),
      valor numeric(18, 2) not null check (valor > 0),
      usuario_id integer references usuario (id),
      created_at timestamptz not null default now(),
      -- One row per method of one annulment: an origin is annulled once.
      unique (origen, origen_id, forma_pago_id)
    )
  `.execute(db);
  // The daily cash and the month closing read a store's days.
  await sql`create index devolucion_dinero_fecha_tienda_idx on devolucion_dinero (fecha, codigo_tienda) include (forma_pago_id, valor)`.execute(db);
  // The sales annulled within a day or month (said apart: their billing day keeps counting them).
  await sql`create index venta_anulada_fecha_idx on venta (codigo_tienda, fecha_anulacion) include (total_venta) where estado_venta_id = 3`.execute(db);

  // Sales annulled before: their payment rows that brought money (not Crédito, not Anticipo), by method.
  await sql`
    insert into devolucion_dinero (codigo_tienda, fecha, origen, origen_id, forma_pago_id, valor, usuario_id, created_at)
    select v.codigo_tienda, (v.fecha_anulacion at time zone ${sql.lit(ZONA)})::date, 'venta', v.id, p.forma_pago_id, sum(p.valor_pagado),
           v.anulador_id, v.fecha_anulacion
      from venta v
      join venta_forma_pago p on p.venta_id = v.id
      join forma_pago f on f.id = p.forma_pago_id
     where v.estado_venta_id = 3 and v.fecha_anulacion is not null and v.fecha_factura is not null
       and not (f.forma_credito or f.forma_abono)
     group by v.id, p.forma_pago_id
    having sum(p.valor_pagado) > 0
  `.execute(db);
  // Credit payments annulled before (type 3 naming a type 2): the methods of the payment but the advance's spend.
  await sql`
    insert into devolucion_dinero (codigo_tienda, fecha, origen, origen_id, forma_pago_id, valor, usuario_id, created_at)
    select coalesce(r.codigo_tienda, m.codigo_tienda), r.fecha_movimiento, 'pago_credito', m.id, fp.forma_pago_id, sum(fp.valor_pagado),
           r.user_id, r.fecha_inserta
      from cuenta_credito_movimiento r
      join cuenta_credito_movimiento m on m.id = r.movimiento_origen_id and m.tipo_movimiento_credito_id = 2
      join cuenta_credito_movimiento_forma_pago fp on fp.cuenta_credito_movimiento_id = m.id
      join forma_pago f on f.id = fp.forma_pago_id
     where r.tipo_movimiento_credito_id = 3 and fp.abono_tercero_id is null and not (f.forma_credito or f.forma_abono)
       and coalesce(r.codigo_tienda, m.codigo_tienda) is not null
     group by r.id, m.id, fp.forma_pago_id
    having sum(fp.valor_pagado) > 0
  `.execute(db);
  // Advances annulled before (abono_tercero type 3 naming a type 1): its value in the advance's method.
  await sql`
    insert into devolucion_dinero (codigo_tienda, fecha, origen, origen_id, forma_pago_id, valor, usuario_id, created_at)
    select coalesce(r.codigo_tienda, a.codigo_tienda), r.fecha_abono, 'anticipo', a.id, coalesce(a.forma_pago_id, 1), abs(r.valor_abono),
           r.user_id, r.fecha_inserta
      from abono_tercero r
      join abono_tercero a on a.id = r.movimiento_origen_id and a.tipo_movimiento_abono_id = 1
     where r.tipo_movimiento_abono_id = 3 and r.valor_abono <> 0 and coalesce(r.codigo_tienda, a.codigo_tienda) is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists venta_anulada_fecha_idx`.execute(db);
  await sql`drop table if exists devolucion_dinero`.execute(db);
}
