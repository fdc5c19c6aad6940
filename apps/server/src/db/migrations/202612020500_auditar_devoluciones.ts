import { sql, type Kysely } from 'kysely';

/**
 * The money an annulment gives back (devolucion_dinero, migration 202612020100) joins the audit trail
 * (docs/decisions-operacion.md: every change of money): the same trigger as every audited table
 * (202612010000_create_auditoria), module devoluciones, key id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create trigger auditoria_devolucion_dinero after insert or update or delete on devolucion_dinero
    for each row execute function auditar_cambio('devoluciones', '{id}', '{created_at,updated_at}', '{}')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists auditoria_devolucion_dinero on devolucion_dinero`.execute(db);
}
