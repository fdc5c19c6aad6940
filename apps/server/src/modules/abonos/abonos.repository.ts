import { sql } from 'kysely';
import type { ConsultaLista, OrdenAbono } from '@tablero/domain';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

/**
 * Locks the third party's row and reads its balance. Every change of saldo_abono takes this lock first,
 * so concurrent abonos and payments of one customer apply one after another, each seeing the last balance.
 */
export function lockSaldoAbono(db: Db, terceroId: number) {
  return db.selectFrom('tercero').select(['id', 'tipo_tercero', 'saldo_abono']).where('id', '=', terceroId).forUpdate().executeTakeFirst();
}

/** Adds `valor` (signed) to the balance and answers the new balance; call with the row locked. */
export async function updateSaldoAbono(db: Db, terceroId: number, valor: number): Promise<string> {
  const { saldo_abono } = await db
    .updateTable('tercero')
    .set({ saldo_abono: sql<string>`saldo_abono + ${valor}::numeric` })
    .where('id', '=', terceroId)
    .returning('saldo_abono')
    .executeTakeFirstOrThrow();
  return saldo_abono;
}

/** A row of abono_tercero as its writers give it (the id and the advance's consecutive come from the database). */
export interface FilaMovimientoAbono {
  tercero_id: number;
  tipo_movimiento_abono_id: number;
  descripcion_abono: string;
  valor_abono: number;
  saldo_abono: string;
  venta_id: number | null;
  movimiento_origen_id: number | null;
  forma_pago_id: number | null;
  codigo_tienda: string | null;
  user_id: number | null;
  fecha_abono?: string;
  codigo_comprobante?: string | null;
}

/**
 * Writes one movement of the prepaid balance's ledger, the only write of abono_tercero (docs/architecture.md §3):
 * call it with the customer's row locked and the balance just moved. Answers its id and, for an advance (type 1), the
 * consecutive the trigger gave it.
 */
export function insertMovimientoAbono(db: Db, fila: FilaMovimientoAbono) {
  return db.insertInto('abono_tercero').values(fila).returning(['id', 'consecutivo_anticipo']).executeTakeFirstOrThrow();
}

/** The SQL column behind each sortable column of the history. */
const COLUMNAS_ORDEN: Record<OrdenAbono, string> = {
  fecha_inserta: 'abono_tercero.fecha_inserta',
  descripcion_abono: 'abono_tercero.descripcion_abono',
  valor_abono: 'abono_tercero.valor_abono',
  saldo_abono: 'abono_tercero.saldo_abono',
};

/**
 * One page of a third party's movements, newest first unless another column was chosen; `query` matches the
 * description, the type or the value.
 */
export async function listMovimientosAbono(db: Db, terceroId: number, pedido: ConsultaLista<OrdenAbono>) {
  let consulta = db
    .selectFrom('abono_tercero')
    .innerJoin('tipo_movimiento_abono', 'tipo_movimiento_abono.id', 'abono_tercero.tipo_movimiento_abono_id')
    .leftJoin('usuario', 'usuario.id', 'abono_tercero.user_id')
    .where('abono_tercero.tercero_id', '=', terceroId);
  if (pedido.query) {
    const busqueda = pedido.query;
    consulta = consulta.where((eb) =>
      buscarEn(
        eb,
        { texto: ['abono_tercero.descripcion_abono', 'tipo_movimiento_abono.nombre_tipo_movimiento_abono', sql<string>`abono_tercero.valor_abono::text`] },
        busqueda,
      ),
    );
  }
  const seleccion = consulta.select([
        'abono_tercero.id',
        'abono_tercero.tipo_movimiento_abono_id',
        'tipo_movimiento_abono.nombre_tipo_movimiento_abono',
        'abono_tercero.fecha_inserta',
        'abono_tercero.descripcion_abono',
        'abono_tercero.valor_abono',
        'abono_tercero.saldo_abono',
        'abono_tercero.venta_id',
        'usuario.name as nombre_usuario',
      ]);
  return paginarConsulta(
    ordenarLista(seleccion, COLUMNAS_ORDEN, pedido, 'abono_tercero.id', (recientes) => recientes.orderBy('abono_tercero.id', 'desc')),
    { page: pedido.page, perPage: pedido.per_page },
  );
}

/** The customers whose prepaid balance the sale spent (type 2, reversed or not), ascending: the rows to lock. */
export async function listTercerosConPagosVenta(db: Db, ventaId: number): Promise<number[]> {
  const filas = await db
    .selectFrom('abono_tercero')
    .select('tercero_id')
    .distinct()
    .where('venta_id', '=', ventaId)
    .where('tipo_movimiento_abono_id', '=', 2)
    .orderBy('tercero_id')
    .execute();
  return filas.map((fila) => fila.tercero_id);
}

/**
 * The sale's spends of prepaid balance (type 2) by these customers that no reversal (type 4) names yet, in id order.
 * Read with the customers' rows locked: every reversal of a spend is written under its customer's lock.
 */
export function listPagosVentaSinAnular(db: Db, ventaId: number, terceroIds: number[]) {
  if (terceroIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('abono_tercero as pago')
    .select(['pago.id', 'pago.tercero_id', 'pago.valor_abono'])
    .where('pago.venta_id', '=', ventaId)
    .where('pago.tipo_movimiento_abono_id', '=', 2)
    .where('pago.tercero_id', 'in', terceroIds)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('abono_tercero as reverso').select('reverso.id').whereRef('reverso.movimiento_origen_id', '=', 'pago.id'))))
    .orderBy('pago.id')
    .execute();
}

/**
 * What the sale's partial returns credited to these customers' balances (type 5), in pesos as text: an annulment gives
 * back the sale's spends less it. Read with the customers' rows locked, as every such movement is written under them.
 */
export async function devueltoASaldoPorVenta(db: Db, ventaId: number, terceroIds: number[]): Promise<string> {
  if (terceroIds.length === 0) return '0';
  const { total } = await db
    .selectFrom('abono_tercero')
    .select(sql<string>`coalesce(sum(valor_abono), 0)`.as('total'))
    .where('venta_id', '=', ventaId)
    .where('tipo_movimiento_abono_id', '=', 5)
    .where('tercero_id', 'in', terceroIds)
    .executeTakeFirstOrThrow();
  return total;
}

/** One movement of the ledger (rows are never edited: no lock needed to read it). */
export function buscarMovimientoAbono(db: Db, id: number) {
  return db
    .selectFrom('abono_tercero')
    .select(['id', 'tercero_id', 'tipo_movimiento_abono_id', 'valor_abono', 'venta_id', 'fecha_abono', 'forma_pago_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The movement (type 3 or 4) that reverses `movimientoId`, if any (movimiento_origen_id is unique). */
export function buscarReverso(db: Db, movimientoId: number) {
  return db.selectFrom('abono_tercero').select(['id', 'tipo_movimiento_abono_id']).where('movimiento_origen_id', '=', movimientoId).executeTakeFirst();
}
