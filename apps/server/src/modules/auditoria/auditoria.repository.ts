import { sql } from 'kysely';
import type { AuditoriaFiltro } from '@tablero/domain';
import type { Db } from '../../db/database';
import { enDiasNegocio } from '../../db/dias-negocio';
import { paginarConsulta } from '../../lib/paginacion';

/**
 * The trail's rows that `filtro` selects: a business-day range (the dates are the business's calendar days, so the
 * bounds are taken in its time zone) and optionally a user, a module and a record. Newest first.
 */
function filtrados(db: Db, filtro: AuditoriaFiltro) {
  let consulta = db
    .selectFrom('auditoria as a')
    .where(enDiasNegocio('a.fecha', { desde: filtro.fecha_inicial, hasta: filtro.fecha_final }));
  if (filtro.usuario_id !== null) consulta = consulta.where('a.usuario_id', '=', filtro.usuario_id);
  if (filtro.modulo !== null) consulta = consulta.where('a.modulo', '=', filtro.modulo);
  if (filtro.registro !== null) consulta = consulta.where('a.registro', '=', filtro.registro);
  return consulta;
}

function conColumnas(consulta: ReturnType<typeof filtrados>) {
  return consulta
    .leftJoin('usuario as u', 'u.id', 'a.usuario_id')
    .select([
      sql<number>`a.id::float8`.as('id'),
      'a.fecha',
      'a.usuario_id',
      sql<string | null>`case when u.id is null then null else u.name || ' (' || u.email || ')' end`.as('usuario'),
      'a.rol',
      'a.codigo_tienda',
      'a.ip',
      'a.request_id',
      'a.modulo',
      'a.tabla',
      'a.registro',
      'a.accion',
      'a.antes',
      'a.despues',
    ])
    .orderBy('a.fecha', 'desc')
    .orderBy('a.id', 'desc');
}

/** One page of changes and how many the filters select (the user join is on a key: it multiplies no row). */
export function listCambios(db: Db, filtro: AuditoriaFiltro, pagina: { page: number; perPage: number }) {
  return paginarConsulta(conColumnas(filtrados(db, filtro)), pagina);
}

/** Every change the filters select, up to `limite` (one more tells the caller it was over). */
export function listCambiosExportar(db: Db, filtro: AuditoriaFiltro, limite: number) {
  return conColumnas(filtrados(db, filtro)).limit(limite).execute();
}

/** The users the screen's filter offers: everyone with an account, by name. */
export function listUsuarios(db: Db) {
  return db.selectFrom('usuario').select(['id', 'name', 'email']).orderBy('name').orderBy('id').execute();
}
