import { sql, type Kysely } from 'kysely';

/**
 * Quotations (docs/decisions-cotizaciones.md): a quotation is an order (venta) in state 7 'Cotización'.
 *
 * - `fecha_validez` (date): the last business day its prices hold; set on every quotation (a check keeps state 7 from
 *   being saved without it) and kept after it is annulled or converted, so "was born a quotation" is
 *   `fecha_validez is not null`.
 * - `aceptada_en` (timestamptz): when the seller marked that the customer accepted it. An accepted, unexpired,
 *   unconverted quotation reserves stock (stock reservations read these exact names).
 * - `convertida_en` (timestamptz) on the quotation and `cotizacion_id` on the order made from it: the unique index on
 *   `cotizacion_id` makes a second conversion impossible even if two requests raced past the service's check.
 * - DIAS_VALIDEZ_COTIZACION: the default validity in days (15), a parameter so the business sets its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into estado_venta (id, nombre_estado_venta) values (7, 'Cotización') on conflict (id) do nothing`.execute(db);
  await db.schema
    .alterTable('venta')
    .addColumn('fecha_validez', 'date')
    .addColumn('aceptada_en', 'timestamptz')
    .addColumn('convertida_en', 'timestamptz')
    .addColumn('cotizacion_id', 'integer', (c) => c.references('venta.id'))
    .execute();
  await sql`alter table venta add constraint venta_cotizacion_con_validez check (estado_venta_id <> 7 or fecha_validez is not null)`.execute(db);
  await sql`create unique index venta_cotizacion_id_key on venta (cotizacion_id) where cotizacion_id is not null`.execute(db);
  // The quotations list: a store's quotations, newest first; few rows next to the sales, so a partial index.
  await sql`create index venta_cotizaciones_idx on venta (codigo_tienda, fecha_venta desc, id desc) where fecha_validez is not null`.execute(db);
  await sql`
    insert into parametro (codigo_parametro, valor_parametro) values ('DIAS_VALIDEZ_COTIZACION', '15')
    on conflict (codigo_parametro) do nothing
  `.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'DIAS_VALIDEZ_COTIZACION', null, '15', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'DIAS_VALIDEZ_COTIZACION')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from parametro_historial where codigo_parametro = 'DIAS_VALIDEZ_COTIZACION'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'DIAS_VALIDEZ_COTIZACION'`.execute(db);
  await sql`drop index if exists venta_cotizaciones_idx`.execute(db);
  await sql`drop index if exists venta_cotizacion_id_key`.execute(db);
  await sql`alter table venta drop constraint if exists venta_cotizacion_con_validez`.execute(db);
  await db.schema.alterTable('venta').dropColumn('cotizacion_id').dropColumn('convertida_en').dropColumn('aceptada_en').dropColumn('fecha_validez').execute();
  await sql`delete from estado_venta where id = 7`.execute(db);
}
