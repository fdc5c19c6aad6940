import { sql, type Kysely } from 'kysely';

/**
 * The UVT of each year as a parameter (UVT_2025, UVT_2026): the documento equivalente POS supports sales of up to 5 UVT
 * before taxes (Res. 000165 de 2023; docs/decisions-factura-electronica.md, "Documento equivalente POS"). DIAN fixes
 * the UVT every year by resolution ($49,799 for 2025, $52,374 for 2026); the business adds the next one in
 * Maestros > Parámetros. Written with their history rows, as the parameters screen does; a row
 * already there is left as it is.
 */
const UVT = [
  ['UVT_2025', '49799'],
  ['UVT_2026', '52374'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [codigo, valor] of UVT) {
    await sql`insert into parametro (codigo_parametro, valor_parametro) values (${codigo}, ${valor}) on conflict (codigo_parametro) do nothing`.execute(db);
    await sql`
      insert into parametro_historial (codigo_parametro, valor_anterior, valor_nuevo, user_id)
      select ${codigo}::varchar, null, ${valor}::varchar, null
       where not exists (select 1 from parametro_historial where codigo_parametro = ${codigo})
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [codigo] of UVT) {
    await sql`delete from parametro_historial where codigo_parametro = ${codigo}`.execute(db);
    await sql`delete from parametro where codigo_parametro = ${codigo}`.execute(db);
  }
}
