// The SQL of a billed sale's partial returns (docs/decisions-factura-electronica.md, "Devolución parcial"): the only
// file that writes devolucion_venta and its lines.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lineasDeDevoluciones, lineasDeVenta } from '../../db/lectura-venta';
import type { Trx } from '../../db/transaccion';

/**
 * The sale's lines with what a return reads of them: product and its measure type, quantity, stored amounts and the
 * quantity already returned, in item order.
 */
export function listLineasDevolucion(db: Db | Trx, ventaId: number) {
  return lineasDeVenta(db, ventaId)
    .leftJoin('tipo_medida as tm', 'tm.id', 'p.tipo_medida_id')
    .select([
      'd.id',
      'd.item',
      'd.producto_id',
      'p.referencia',
      'p.nombre_producto',
      'p.grupo_servicio_id',
      'tm.nombre_corto_tipo_medida',
      'tm.nombre_tipo_medida',
      'd.cantidad',
      'd.precio_unitario',
      'd.valor_bruto',
      'd.valor_descuento',
      'd.valor_impuesto',
      'd.valor_otros_impuestos',
      'd.valor_total',
      sql<string>`coalesce((select sum(dd.cantidad) from devolucion_venta_detalle dd where dd.venta_detalle_id = d.id), 0)`.as('devuelta'),
    ])
    .execute();
}

export interface DevolucionEscritura {
  venta_id: number;
  codigo_tienda: string;
  user_id: number | null;
  motivo: string;
  valor_subtotal: string;
  valor_impuesto: string;
  valor_otros_impuestos: string;
  valor_total: string;
  valor_credito: string;
  valor_dinero: string;
  valor_saldo_favor: string;
  lineas: {
    venta_detalle_id: number;
    producto_id: number;
    cantidad: string;
    valor_bruto: string;
    valor_descuento: string;
    valor_subtotal: string;
    valor_impuesto: string;
    valor_otros_impuestos: string;
    valor_total: string;
  }[];
}

/** The return and its lines (new rows nobody waits on). Answers its id. */
export async function insertDevolucion(trx: Trx, { lineas, ...encabezado }: DevolucionEscritura): Promise<number> {
  const { id } = await trx.insertInto('devolucion_venta').values(encabezado).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('devolucion_venta_detalle')
    .values(lineas.map((linea) => ({ ...linea, devolucion_venta_id: id })))
    .execute();
  return id;
}

/** The sale's returns, oldest first, with who made them and their note's number. */
export function listDevoluciones(db: Db, ventaId: number) {
  return db
    .selectFrom('devolucion_venta as dv')
    .leftJoin('usuario as u', 'u.id', 'dv.user_id')
    .leftJoin('documento_fe as n', 'n.devolucion_venta_id', 'dv.id')
    .select([
      'dv.id',
      'dv.created_at',
      'u.name as nombre_usuario',
      'dv.motivo',
      'dv.valor_total',
      'dv.valor_credito',
      'dv.valor_dinero',
      'dv.valor_saldo_favor',
      'n.numero as nota_credito',
      'n.estado as estado_nota',
    ])
    .where('dv.venta_id', '=', ventaId)
    .orderBy('dv.id')
    .execute();
}

/** The lines of the sale's returns. */
export function listLineasDeDevoluciones(db: Db, ventaId: number) {
  return lineasDeDevoluciones(db, ventaId)
    .innerJoin('producto as p', 'p.id', 'dd.producto_id')
    .select(['dd.devolucion_venta_id', 'dd.venta_detalle_id', 'd.item', 'p.nombre_producto', 'dd.cantidad', 'dd.valor_total'])
    .execute();
}

/** The money the sale's returns gave back, one row per return and method (devolucion_dinero names its return). */
export function listFormasDeDevoluciones(db: Db, ventaId: number) {
  return db
    .selectFrom('devolucion_dinero as dd')
    .innerJoin('devolucion_venta as dv', 'dv.id', 'dd.devolucion_venta_id')
    .innerJoin('forma_pago as f', 'f.id', 'dd.forma_pago_id')
    .select(['dd.devolucion_venta_id', 'dd.forma_pago_id', 'f.nombre_forma_pago', 'dd.valor'])
    .where('dv.venta_id', '=', ventaId)
    .orderBy('dd.id')
    .execute();
}

/** Whether some quantity of the sale was never returned (an annulment's note then has lines to carry). */
export async function quedaPorDevolver(db: Db | Trx, ventaId: number): Promise<boolean> {
  const fila = await db
    .selectFrom('venta_detalle as d')
    .select('d.id')
    .where('d.venta_id', '=', ventaId)
    .where(sql<boolean>`d.cantidad > coalesce((select sum(dd.cantidad) from devolucion_venta_detalle dd where dd.venta_detalle_id = d.id), 0)`)
    .limit(1)
    .executeTakeFirst();
  return fila !== undefined;
}

/** How many returns the sale has: what the dialog listed is compared with it under the sale's lock. */
export async function contarDevoluciones(db: Db | Trx, ventaId: number): Promise<number> {
  const fila = await db.selectFrom('devolucion_venta').select((eb) => eb.fn.countAll<string>().as('cuantas')).where('venta_id', '=', ventaId).executeTakeFirstOrThrow();
  return Number(fila.cuantas);
}
