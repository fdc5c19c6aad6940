import { sql, type Kysely } from 'kysely';

/**
 * The numbering range's audit trigger fires on an update only when an audited column changed. Every bill moves the
 * range's next number, which the trail leaves out (the sale records its own number: migration 202612010000), so the row
 * trigger ran `auditar_cambio` once per bill only to find nothing to record. The update now has its own trigger whose
 * WHEN compares the row before and after without the left-out columns, so a bill no longer calls it, while a change of
 * the range's settings (and any column added later) is recorded as before. Inserts and deletes keep the plain trigger.
 */
const OMITIDAS = '{created_at,updated_at,siguiente_numero}';
const ARGUMENTOS = `'numeracion', '{id}', '${OMITIDAS}', '{}'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger auditoria_rango_numeracion on rango_numeracion`.execute(db);
  await sql
    .raw(`create trigger auditoria_rango_numeracion after insert or delete on rango_numeracion
          for each row execute function auditar_cambio(${ARGUMENTOS})`)
    .execute(db);
  await sql
    .raw(`create trigger auditoria_rango_numeracion_editar after update on rango_numeracion
          for each row when ((to_jsonb(old) - '${OMITIDAS}'::text[]) is distinct from (to_jsonb(new) - '${OMITIDAS}'::text[]))
          execute function auditar_cambio(${ARGUMENTOS})`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger auditoria_rango_numeracion_editar on rango_numeracion`.execute(db);
  await sql`drop trigger auditoria_rango_numeracion on rango_numeracion`.execute(db);
  await sql
    .raw(`create trigger auditoria_rango_numeracion after insert or update or delete on rango_numeracion
          for each row execute function auditar_cambio(${ARGUMENTOS})`)
    .execute(db);
}
