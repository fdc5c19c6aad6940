import { sql } from 'kysely';
import type { AuditoriaFiltro, ReferenciaAuditoria } from '@tablero/domain';
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

/** A referenced record's id and the parts of its name. */
export interface FilaNombre {
  id: number;
  nombre: string;
  documento: string | null;
  codigo_dian: string | null;
}

/** The names of the records of one kind the trail's values name (ids that no longer exist are simply absent). */
export async function nombresDe(db: Db, tipo: ReferenciaAuditoria, ids: number[]): Promise<FilaNombre[]> {
  if (ids.length === 0) return [];
  switch (tipo) {
    case 'tercero':
      return db
        .selectFrom('tercero as t')
        .leftJoin('tipo_documento as td', 'td.id', 't.tipo_documento_id')
        .select(['t.id', sql<string>`trim(t.nombres || ' ' || t.apellidos)`.as('nombre'), 't.numero_documento as documento', 'td.codigo_dian'])
        .where('t.id', 'in', ids)
        .execute();
    case 'usuario':
      return db.selectFrom('usuario').select(['id', 'name as nombre', sql<null>`null`.as('documento'), sql<null>`null`.as('codigo_dian')]).where('id', 'in', ids).execute();
    case 'producto':
      return db
        .selectFrom('producto')
        .select(['id', sql<string>`referencia || ' - ' || nombre_producto`.as('nombre'), sql<null>`null`.as('documento'), sql<null>`null`.as('codigo_dian')])
        .where('id', 'in', ids)
        .execute();
    case 'forma_pago':
      return db.selectFrom('forma_pago').select(['id', 'nombre_forma_pago as nombre', sql<null>`null`.as('documento'), sql<null>`null`.as('codigo_dian')]).where('id', 'in', ids).execute();
    case 'estado_venta':
      return db.selectFrom('estado_venta').select(['id', 'nombre_estado_venta as nombre', sql<null>`null`.as('documento'), sql<null>`null`.as('codigo_dian')]).where('id', 'in', ids).execute();
    case 'proveedor':
      return db.selectFrom('proveedor').select(['id', 'nombre_proveedor as nombre', 'nit as documento', sql<string>`'31'`.as('codigo_dian')]).where('id', 'in', ids).execute();
  }
}
