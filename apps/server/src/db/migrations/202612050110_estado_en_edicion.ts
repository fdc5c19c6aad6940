import { sql, type Kysely } from 'kysely';

/**
 * State 4's name with its accent, as people read it (NOMBRES_ESTADO_VENTA in packages/domain): the spec's table writes
 * 'En edicion' only for want of accents. The badge, the detail and the exports read the name from this table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update estado_venta set nombre_estado_venta = 'En edición' where id = 4`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update estado_venta set nombre_estado_venta = 'En edicion' where id = 4`.execute(db);
}
