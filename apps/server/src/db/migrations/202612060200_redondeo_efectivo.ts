import { sql, type Kysely } from 'kysely';

/**
 * Cash rounding (docs/decisions-redondeo-envios.md, "Redondeo del efectivo"): the parameter REDONDEO_EFECTIVO (1 or
 * 50 pesos, '1' by default, written with its history row as the parameters screen does) and the sale's signed
 * adjustment `venta.ajuste_redondeo` (what its cash rows charged minus what was due in cash; 0 for every sale billed
 * before, whose rows add up to their total). The audit trigger on venta records it with the rest of the bill.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table venta add column ajuste_redondeo numeric(18,2) not null default 0`.execute(db);
  // A rounding goes down, to the customer, by less than the largest step (50 pesos): anything else is a bug, refused
  // by the database too.
  await sql`alter table venta add constraint venta_ajuste_redondeo_rango check (ajuste_redondeo > -50 and ajuste_redondeo <= 0)`.execute(db);
  await sql`insert into parametro (codigo_parametro, valor_parametro) values ('REDONDEO_EFECTIVO', '1') on conflict (codigo_parametro) do nothing`.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'REDONDEO_EFECTIVO', null, '1', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'REDONDEO_EFECTIVO')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from parametro_historial where codigo_parametro = 'REDONDEO_EFECTIVO'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'REDONDEO_EFECTIVO'`.execute(db);
  await sql`alter table venta drop column ajuste_redondeo`.execute(db);
}
