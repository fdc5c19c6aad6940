import { sql, type Kysely } from 'kysely';

/**
 * Partial returns of a billed sale (docs/decisions-factura-electronica.md, "Devolución parcial"):
 * - devolucion_venta: one return of some lines (or part of a line's quantity) of a billed sale, with who, when, the
 *   reason and its totals in the sale's centavos; devolucion_venta_detalle: its lines, each naming the sale line it
 *   gives back and the share of that line's amounts. Both owned by ventas and audited like the other money tables
 *   (202612020500).
 * - documento_fe.devolucion_venta_id: the partial credit note (concept 1) of a return. A sale may now hold one invoice,
 *   any number of partial notes (one per return) and one annulment note (the one without a return): the unique index
 *   on (venta_id, tipo) becomes three partial ones.
 * - inventario_movimiento.tipo_movimiento 'DEVOLUCION': the stock a return puts back, named by the sale's document, so
 *   that an annulment after returns gives back only what is still out.
 * - tipo_movimiento_credito 6 'Devolución de venta': what a return takes off a credit sale's balance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table devolucion_venta (
      id serial primary key,
      venta_id integer not null references venta(id),
      codigo_tienda varchar(10) not null,
      user_id integer references usuario(id),
      motivo varchar(250) not null check (btrim(motivo) <> ''),
      valor_subtotal numeric(18,2) not null,
      valor_impuesto numeric(18,2) not null,
      valor_otros_impuestos numeric(18,2) not null,
      valor_total numeric(18,2) not null check (valor_total >= 0),
      valor_credito numeric(18,2) not null default 0,
      valor_dinero numeric(18,2) not null default 0,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index devolucion_venta_venta on devolucion_venta (venta_id, id)`.execute(db);
  await sql`
    create table devolucion_venta_detalle (
      id serial primary key,
      devolucion_venta_id integer not null references devolucion_venta(id),
      venta_detalle_id integer not null references venta_detalle(id),
      producto_id integer not null references producto(id),
      cantidad numeric(14,2) not null check (cantidad > 0),
      valor_bruto numeric(18,2) not null,
      valor_descuento numeric(18,2) not null,
      valor_subtotal numeric(18,2) not null,
      valor_impuesto numeric(18,2) not null,
      valor_otros_impuestos numeric(18,2) not null,
      valor_total numeric(18,2) not null,
      unique (devolucion_venta_id, venta_detalle_id)
    )
  `.execute(db);
  await sql`create index devolucion_venta_detalle_linea on devolucion_venta_detalle (venta_detalle_id)`.execute(db);
  for (const tabla of ['devolucion_venta', 'devolucion_venta_detalle']) {
    await sql`
      create trigger ${sql.raw(`auditoria_${tabla}`)} after insert or update or delete on ${sql.raw(tabla)}
      for each row execute function auditar_cambio('ventas', '{id}', '{created_at}', '{}')
    `.execute(db);
  }

  await sql`alter table documento_fe add column devolucion_venta_id integer references devolucion_venta(id)`.execute(db);
  await sql`alter table documento_fe add constraint documento_fe_devolucion_nota check (devolucion_venta_id is null or tipo = 'NOTA_CREDITO')`.execute(db);
  await sql`drop index documento_fe_venta_tipo_unico`.execute(db);
  await sql`create unique index documento_fe_factura_unica on documento_fe (venta_id) where tipo = 'FACTURA'`.execute(db);
  await sql`create unique index documento_fe_nota_anulacion_unica on documento_fe (venta_id) where tipo = 'NOTA_CREDITO' and devolucion_venta_id is null`.execute(db);
  await sql`create unique index documento_fe_nota_devolucion_unica on documento_fe (devolucion_venta_id) where devolucion_venta_id is not null`.execute(db);

  // The money a return gives back is the sale's (origin 'venta', so the daily cash and the month read it as they read an
  // annulment's) and names its return: a sale may now give back in one method several times, once per return and
  // once at its annulment.
  await sql`alter table devolucion_dinero add column devolucion_venta_id integer references devolucion_venta(id)`.execute(db);
  await sql`alter table devolucion_dinero drop constraint devolucion_dinero_origen_origen_id_forma_pago_id_key`.execute(db);
  await sql`create unique index devolucion_dinero_anulacion_unica on devolucion_dinero (origen, origen_id, forma_pago_id) where devolucion_venta_id is null`.execute(db);
  await sql`create unique index devolucion_dinero_devolucion_unica on devolucion_dinero (devolucion_venta_id, forma_pago_id) where devolucion_venta_id is not null`.execute(db);

  await sql`alter table inventario_movimiento drop constraint inventario_movimiento_tipo_movimiento_check`.execute(db);
  await sql`
    alter table inventario_movimiento add constraint inventario_movimiento_tipo_movimiento_check
    check (tipo_movimiento in ('INICIAL', 'ENTRADA', 'AJUSTE', 'CARGA_MASIVA', 'VENTA', 'ANULACION', 'DEVOLUCION'))
  `.execute(db);
  await sql`insert into tipo_movimiento_credito (id, nombre_tipo_movimiento_credito) values (6, 'Devolución de venta')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from cuenta_credito_movimiento where tipo_movimiento_credito_id = 6`.execute(db);
  await sql`delete from tipo_movimiento_credito where id = 6`.execute(db);
  await sql`delete from inventario_movimiento where tipo_movimiento = 'DEVOLUCION'`.execute(db);
  await sql`alter table inventario_movimiento drop constraint inventario_movimiento_tipo_movimiento_check`.execute(db);
  await sql`
    alter table inventario_movimiento add constraint inventario_movimiento_tipo_movimiento_check
    check (tipo_movimiento in ('INICIAL', 'ENTRADA', 'AJUSTE', 'CARGA_MASIVA', 'VENTA', 'ANULACION'))
  `.execute(db);
  await sql`delete from devolucion_dinero where devolucion_venta_id is not null`.execute(db);
  await sql`drop index devolucion_dinero_devolucion_unica`.execute(db);
  await sql`drop index devolucion_dinero_anulacion_unica`.execute(db);
  await sql`alter table devolucion_dinero drop column devolucion_venta_id, add unique (origen, origen_id, forma_pago_id)`.execute(db);
  await sql`delete from documento_fe where devolucion_venta_id is not null`.execute(db);
  await sql`drop index documento_fe_nota_devolucion_unica`.execute(db);
  await sql`drop index documento_fe_nota_anulacion_unica`.execute(db);
  await sql`drop index documento_fe_factura_unica`.execute(db);
  await sql`create unique index documento_fe_venta_tipo_unico on documento_fe (venta_id, tipo)`.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_devolucion_nota, drop column devolucion_venta_id`.execute(db);
  await sql`drop table devolucion_venta_detalle`.execute(db);
  await sql`drop table devolucion_venta`.execute(db);
}
