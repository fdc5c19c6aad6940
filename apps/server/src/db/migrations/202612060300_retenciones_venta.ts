import { sql, type Kysely } from 'kysely';

/**
 * Withholdings customers practise on our sales (docs/decisions-retenciones.md), module retenciones:
 * - tercero_retencion: a customer's settings as a withholding agent (one row per customer that has any): the concept
 *   of its retención en la fuente, whether it withholds IVA, its reteICA rate per mil.
 * - retencion_venta: each withholding recorded against a sale, at billing (FACTURA) or with a credit payment (ABONO):
 *   type, concept, base, rate (percentage), value, the credit movement that took it off the balance (credit sales),
 *   the business date, who, and its annulment (with the sale's). One live row per sale and type.
 * - tipo_movimiento_credito 7 'Retención': what a withholding takes off a credit sale's pending balance.
 * Both tables audited like the other money tables (202612010000_create_auditoria).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table tercero_retencion (
      tercero_id integer primary key references tercero(id),
      agente_retencion boolean not null default false,
      concepto_retefuente text check (concepto_retefuente in ('COMPRAS', 'COMPRAS_NO_DECLARANTES', 'SERVICIOS', 'SERVICIOS_NO_DECLARANTES', 'TARJETA')),
      aplica_reteiva boolean not null default false,
      tarifa_reteica_por_mil numeric(7,3) check (tarifa_reteica_por_mil >= 0 and tarifa_reteica_por_mil <= 100),
      user_id integer references usuario(id),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table retencion_venta (
      id serial primary key,
      venta_id integer not null references venta(id),
      codigo_tienda varchar(10) not null,
      tipo text not null check (tipo in ('RETEFUENTE', 'RETEIVA', 'RETEICA')),
      concepto text,
      base numeric(18,2) not null check (base > 0),
      tarifa numeric(7,4) not null check (tarifa > 0 and tarifa <= 100),
      valor numeric(18,2) not null check (valor > 0 and valor <= base),
      momento text not null check (momento in ('FACTURA', 'ABONO')),
      cuenta_credito_movimiento_id integer references cuenta_credito_movimiento(id),
      fecha date not null,
      user_id integer references usuario(id),
      anulada boolean not null default false,
      fecha_anula timestamptz,
      usuario_anula integer references usuario(id),
      created_at timestamptz not null default now(),
      check (tipo <> 'RETEFUENTE' or concepto is not null)
    )
  `.execute(db);
  await sql`create unique index retencion_venta_tipo_vigente on retencion_venta (venta_id, tipo) where not anulada`.execute(db);
  await sql`create index retencion_venta_mes on retencion_venta (codigo_tienda, fecha) where not anulada`.execute(db);
  await sql`
    create trigger auditoria_tercero_retencion after insert or update or delete on tercero_retencion
    for each row execute function auditar_cambio('retenciones', '{tercero_id}', '{updated_at}', '{}')
  `.execute(db);
  await sql`
    create trigger auditoria_retencion_venta after insert or update or delete on retencion_venta
    for each row execute function auditar_cambio('retenciones', '{id}', '{created_at}', '{}')
  `.execute(db);
  await sql`insert into tipo_movimiento_credito (id, nombre_tipo_movimiento_credito) values (7, 'Retención')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from tipo_movimiento_credito where id = 7`.execute(db);
  await sql`drop table retencion_venta`.execute(db);
  await sql`drop table tercero_retencion`.execute(db);
}
