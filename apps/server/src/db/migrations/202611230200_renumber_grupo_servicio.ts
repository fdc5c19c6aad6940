import { sql, type Kysely } from 'kysely';

/**
 * Service groups follow spec 002 §9: 1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque. The
 * production stages and the machines send these ids (`POST maquinas/produccion {servicio}`), so the table must
 * use them; migration 0100 had 3 Empaque and 8 Servicios especiales. Every row that points at a service group
 * keeps its meaning: what was Empaque stays Empaque (3 → 6) and what was Servicios especiales stays Servicios
 * especiales (8 → 3).
 *
 * The special-service search of the cutting dialog (spec 001 §9 "service group 8") filters on *product* group 8
 * (docs/decisions-productos.md): the product group 'Servicios especiales' is created here
 * with its line, and the products that were special services move to it, so the dialog keeps finding them.
 * Migrations never import app code (STYLE 8).
 */

/** Product group and line of the special services (fixed ids, like the rest of the product reference data). */
const GRUPO_SERVICIOS_ESPECIALES = 8;
const LINEA_SERVICIOS_ESPECIALES = 15;
/** Where the demo kept them before: group 5 Servicios, line 14 Especiales (used by `down`). */
const GRUPO_SERVICIOS = 5;
const LINEA_ESPECIALES = 14;

/**
 * Every column with a foreign key to grupo_servicio, read from the catalog so that a table added by another
 * migration (production stages…) is renumbered too.
 */
async function columnasQueReferencian(db: Kysely<any>): Promise<{ tabla: string; columna: string }[]> {
  const { rows } = await sql<{ tabla: string; columna: string }>`
    select c.conrelid::regclass::text as tabla, a.attname as columna
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'grupo_servicio'::regclass and cardinality(c.conkey) = 1
     order by 1, 2
  `.execute(db);
  return rows;
}

/**
 * Gives the service group `desde` the id `hacia` (free) with `nombre`, moves every reference, and deletes `desde`.
 * The new row is inserted first so the foreign keys hold at every step.
 */
async function moverGrupo(db: Kysely<any>, desde: number, hacia: number, nombre: string): Promise<void> {
  const ocupado = await sql<{ id: number }>`select id from grupo_servicio where id = ${hacia}`.execute(db);
  if (ocupado.rows.length > 0) throw new Error(`grupo_servicio ya tiene el id ${hacia}: revise los grupos de servicio antes de migrar`);
  await sql`
    insert into grupo_servicio (id, nombre_grupo_servicio, activo)
    select ${hacia}, ${nombre}, coalesce((select activo from grupo_servicio where id = ${desde}), true)
  `.execute(db);
  for (const { tabla, columna } of await columnasQueReferencian(db)) {
    await sql`update ${sql.table(tabla)} set ${sql.ref(columna)} = ${hacia} where ${sql.ref(columna)} = ${desde}`.execute(db);
  }
  await sql`delete from grupo_servicio where id = ${desde}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // Empaque first frees id 3; a temporary id is not needed since 6 was never used.
  await moverGrupo(db, 3, 6, 'Empaque');
  await moverGrupo(db, 8, 3, 'Servicios especiales');

  await sql`insert into grupo (id, nombre_grupo) values (${GRUPO_SERVICIOS_ESPECIALES}, 'Servicios especiales') on conflict (id) do nothing`.execute(db);
  await sql`
    insert into linea (id, grupo_id, nombre_linea) values (${LINEA_SERVICIOS_ESPECIALES}, ${GRUPO_SERVICIOS_ESPECIALES}, 'Servicios especiales')
    on conflict (id) do nothing
  `.execute(db);
  await sql`
    update producto set grupo_id = ${GRUPO_SERVICIOS_ESPECIALES}, linea_id = ${LINEA_SERVICIOS_ESPECIALES}, updated_at = now()
     where grupo_servicio_id = 3 and grupo_id <> ${GRUPO_SERVICIOS_ESPECIALES}
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Products of the special-services line go back to the line they had (any other line of group 8 blocks the
  // removal of the group, as it should: that would be data this migration did not create).
  await sql`
    update producto set grupo_id = ${GRUPO_SERVICIOS}, linea_id = ${LINEA_ESPECIALES}, updated_at = now()
     where grupo_id = ${GRUPO_SERVICIOS_ESPECIALES} and linea_id = ${LINEA_SERVICIOS_ESPECIALES}
  `.execute(db);
  await sql`delete from linea where id = ${LINEA_SERVICIOS_ESPECIALES}`.execute(db);
  await sql`delete from grupo where id = ${GRUPO_SERVICIOS_ESPECIALES}`.execute(db);

  await moverGrupo(db, 3, 8, 'Servicios especiales');
  await moverGrupo(db, 6, 3, 'Empaque');
}
