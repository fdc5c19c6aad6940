import { sql, type Kysely } from 'kysely';

/**
 * CUPO_MAXIMO_VENDEDOR: the highest quota a seller gives a customer's credit account from the order form (spec 000 §8,
 * `POST cuentas-credito/pedido`); a larger quota, and any change of one, is for the roles that manage credit
 * (docs/decisions.md "Quién mueve el dinero de un crédito"). $5,000,000 to start, a parameter so the business sets its
 * own. Written with its history row, as the parameters screen does; a row already there is left as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into parametro (codigo_parametro, valor_parametro) values ('CUPO_MAXIMO_VENDEDOR', '5000000')
    on conflict (codigo_parametro) do nothing
  `.execute(db);
  await sql`
    insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
    select 'CUPO_MAXIMO_VENDEDOR', null, '5000000', null
     where not exists (select 1 from parametro_historial where codigo_parametro = 'CUPO_MAXIMO_VENDEDOR')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from parametro_historial where codigo_parametro = 'CUPO_MAXIMO_VENDEDOR'`.execute(db);
  await sql`delete from parametro where codigo_parametro = 'CUPO_MAXIMO_VENDEDOR'`.execute(db);
}
