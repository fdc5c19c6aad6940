import { sql } from 'kysely';
import type { DescuentosConsulta, OrdenDescuento } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

export function insertDescuento(
  trx: Trx,
  datos: {
    codigo_tienda: string;
    tercero_id: number;
    producto_id: number;
    cantidad_solicitada: number;
    precio_unitario: number;
    sub_total: number;
    porcentaje_descuento: number;
    user_id: number;
  },
) {
  return trx
    .insertInto('descuento_solicitado')
    .values(datos)
    .returning([
      'id',
      'codigo_tienda',
      'tercero_id',
      'producto_id',
      'cantidad_solicitada',
      'precio_unitario',
      'sub_total',
      'porcentaje_descuento',
      'fecha_creacion',
      'aprobado',
    ])
    .executeTakeFirstOrThrow();
}

/** The SQL column behind each sortable column of the list. */
const COLUMNAS_ORDEN: Record<OrdenDescuento, string> = {
  fecha_creacion: 'descuento_solicitado.fecha_creacion',
  nombre_producto: 'producto.nombre_producto',
  nombre_vendedor: 'vendedor.name',
  sub_total: 'descuento_solicitado.sub_total',
  porcentaje_descuento: 'descuento_solicitado.porcentaje_descuento',
};

/** The requests with the names the screens show (product, customer, seller, approver); filtered by the caller. */
function conNombres(db: Db) {
  return db
    .selectFrom('descuento_solicitado')
    .innerJoin('producto', 'producto.id', 'descuento_solicitado.producto_id')
    .innerJoin('tercero', 'tercero.id', 'descuento_solicitado.tercero_id')
    .innerJoin('usuario as vendedor', 'vendedor.id', 'descuento_solicitado.user_id')
    .leftJoin('usuario as aprobador', 'aprobador.id', 'descuento_solicitado.aprobador_id')
    .select([
      'descuento_solicitado.id',
      'descuento_solicitado.fecha_creacion',
      'descuento_solicitado.tercero_id',
      'descuento_solicitado.producto_id',
      'producto.referencia',
      'producto.nombre_producto',
      'tercero.nombres as nombres_cliente',
      'tercero.apellidos as apellidos_cliente',
      'vendedor.name as nombre_vendedor',
      'descuento_solicitado.cantidad_solicitada',
      'descuento_solicitado.precio_unitario',
      'descuento_solicitado.sub_total',
      'descuento_solicitado.porcentaje_descuento',
      'descuento_solicitado.aprobado',
      'aprobador.name as nombre_aprobador',
      'descuento_solicitado.fecha_decision',
    ]);
}

/** One request with its names, its store and who asked for it; undefined when there is none with that id. */
export function findDescuento(db: Db, id: number) {
  return conNombres(db)
    .select(['descuento_solicitado.codigo_tienda', 'descuento_solicitado.user_id'])
    .where('descuento_solicitado.id', '=', id)
    .executeTakeFirst();
}

/** How many requests of the store wait for a decision. */
export async function countPendientes(db: Db, codigoTienda: string): Promise<number> {
  const { total } = await db
    .selectFrom('descuento_solicitado')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('codigo_tienda', '=', codigoTienda)
    .where('aprobador_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One page of the store's requests (newest first unless another column was chosen), and how many match. */
export function listDescuentosPagina(db: Db, codigoTienda: string, consulta: DescuentosConsulta) {
  let filtrada = conNombres(db).where('descuento_solicitado.codigo_tienda', '=', codigoTienda);
  // spec 000 §4.3.
  if (consulta.estado === 'pendiente') filtrada = filtrada.where('descuento_solicitado.aprobador_id', 'is', null);
  if (consulta.estado === 'aprobado') filtrada = filtrada.where('descuento_solicitado.aprobado', '=', true);
  if (consulta.estado === 'rechazado') {
    filtrada = filtrada.where('descuento_solicitado.aprobado', '=', false).where('descuento_solicitado.aprobador_id', 'is not', null);
  }
  if (consulta.query) {
    const busqueda = consulta.query;
    filtrada = filtrada.where((eb) =>
      buscarEn(eb, { texto: ['producto.referencia', 'producto.nombre_producto', 'tercero.nombres', 'tercero.apellidos', 'vendedor.name'] }, busqueda),
    );
  }
  return paginarConsulta(
    ordenarLista(filtrada, COLUMNAS_ORDEN, consulta, 'descuento_solicitado.id', (recientes) =>
      recientes.orderBy('descuento_solicitado.fecha_creacion', 'desc').orderBy('descuento_solicitado.id', 'desc'),
    ),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

/**
 * Records the decision on a pending request of this store, in one statement: only a row still without approver
 * changes, so of two decisions at once exactly one wins. True when it changed the row.
 */
export async function decidirDescuento(trx: Trx, id: number, codigoTienda: string, aprobado: boolean, aprobadorId: number): Promise<boolean> {
  const resultado = await trx
    .updateTable('descuento_solicitado')
    .set({ aprobado, aprobador_id: aprobadorId, fecha_decision: sql<Date>`now()` })
    .where('id', '=', id)
    .where('codigo_tienda', '=', codigoTienda)
    .where('aprobador_id', 'is', null)
    .executeTakeFirst();
  return Number(resultado.numUpdatedRows) === 1;
}

/** Whether the request exists in this store (decided or not). */
export async function descuentoEnTienda(db: Db, id: number, codigoTienda: string): Promise<boolean> {
  const fila = await db.selectFrom('descuento_solicitado').select('id').where('id', '=', id).where('codigo_tienda', '=', codigoTienda).executeTakeFirst();
  return fila !== undefined;
}
