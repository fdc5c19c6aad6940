// The SQL of the daily cash (spec 002 §2.9; docs/decisions-reportes-dinero.md) that the month closing does not share:
// the day's expenses and income (egresos-ingresos' tables, read only) and the cash that left or came in outside sales.
// Sales, credit payments, advances, refunds and supplier payments are read through cierre-mes' door, so both screens
// count the same.
import { sql } from 'kysely';
import { FORMAS_PAGO } from '@tablero/domain';
import type { Db } from '../../db/database';

/** A day of some stores. */
export interface DiaTiendas {
  tiendas: readonly string[];
  fecha: string;
}

export interface FilaMovimiento {
  id: number;
  codigo_tienda: string;
  fecha: string;
  forma_pago_id: number;
  nombre_forma_pago: string;
  valor: string;
  descripcion: string;
  usuario_responsable: number | null;
  nombre_usuario: string | null;
}

/** The day's expenses or income of the stores, in the order they were recorded, with the method and the user's names. */
export async function movimientos(db: Db, tabla: 'egreso' | 'ingreso', dia: DiaTiendas): Promise<FilaMovimiento[]> {
  const t = sql.table(tabla);
  const fecha = sql.ref(`m.fecha_${tabla}`);
  const { rows } = await sql<FilaMovimiento>`
    select m.id, m.codigo_tienda, ${fecha} as fecha, m.forma_pago_id, f.nombre_forma_pago,
           ${sql.ref(`m.valor_${tabla}`)} as valor, ${sql.ref(`m.descripcion_${tabla}`)} as descripcion,
           m.usuario_responsable, u.name as nombre_usuario
      from ${t} as m
      join forma_pago f on f.id = m.forma_pago_id
      left join usuario u on u.id = m.usuario_responsable
     where ${fecha} = ${dia.fecha}::date and m.codigo_tienda = any(${[...dia.tiendas]}::varchar[])
     order by m.id
  `.execute(db);
  return rows;
}

export interface EfectivoFueraDeVentas {
  codigo_tienda: string;
  ingresos: string;
  egresos: string;
  pagos_proveedores: string;
}

/**
 * The day's cash (method 1) of each store outside sales, one row per listed store: income in, expenses out, and what
 * supplier payments paid in cash (their live payments dated that day: the same rule as cierre-mes' supplier payments
 * list). Per store, because each store has its own drawer.
 */
export async function efectivoFueraDeVentas(db: Db, dia: DiaTiendas): Promise<EfectivoFueraDeVentas[]> {
  const tiendas = [...dia.tiendas];
  const { rows } = await sql<EfectivoFueraDeVentas>`
    select t.codigo_tienda,
           coalesce((select sum(i.valor_ingreso) from ingreso i
                      where i.fecha_ingreso = ${dia.fecha}::date and i.codigo_tienda = t.codigo_tienda and i.forma_pago_id = ${FORMAS_PAGO.efectivo}), 0) as ingresos,
           coalesce((select sum(e.valor_egreso) from egreso e
                      where e.fecha_egreso = ${dia.fecha}::date and e.codigo_tienda = t.codigo_tienda and e.forma_pago_id = ${FORMAS_PAGO.efectivo}), 0) as egresos,
           coalesce((select sum(ff.valor_pagado) from pago_proveedor pp join pago_proveedor_forma_pago ff on ff.pago_proveedor_id = pp.id
                      where not pp.eliminado and pp.fecha_pago = ${dia.fecha}::date and pp.codigo_tienda = t.codigo_tienda
                        and ff.forma_pago_id = ${FORMAS_PAGO.efectivo}), 0) as pagos_proveedores
      from unnest(${tiendas}::varchar[]) as t(codigo_tienda)
  `.execute(db);
  return rows;
}
