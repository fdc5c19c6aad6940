// The supplier payments as the month closing and the daily cash read them (tables of pagos-proveedores, read only):
// the payments of the scope's stores whose payment date (fecha_pago) is within its days, deleted ones left out. An
// invoice recorded in gestion mode without a payment date has not been paid yet: it is in no day's or month's money.
import { sql } from 'kysely';
import { aCentavos, dePesos, type PagoProveedorReporte } from '@tablero/domain';
import type { Db } from '../../db/database';
import { lineasPagoJson, type Alcance, type FilaJson } from './cierre-mes.repository';

const pesos = (valor: string | number | null | undefined) => dePesos(aCentavos(valor ?? 0));

/** A payment of the scope (alias pp): live, of one of its stores, paid within its days. */
function pagoEnAlcance(a: Alcance) {
  return sql<boolean>`not pp.eliminado and pp.fecha_pago between ${a.desde}::date and ${a.hasta}::date
    and pp.codigo_tienda = any(${[...a.tiendas]}::varchar[])`;
}

interface FilaPago {
  id: number;
  codigo_tienda: string;
  tipo_concepto_id: number;
  nombre_tipo_concepto: string | null;
  proveedor_id: number;
  nombre_proveedor: string | null;
  codigo_factura: string | null;
  fecha_factura: string;
  fecha_pago: string | null;
  valor_total: string;
  pj_iva: string;
  valor_antes_iva: string;
  valor_iva: string;
  pj_retefuente: string;
  valor_rte: string;
  valor_total_pagar: string;
  observaciones: string | null;
  gestion_factura: boolean;
  formas_pago: FilaJson<ReturnType<typeof lineasPagoJson>>;
  cantidad: string;
  total: string;
}

/**
 * The scope's payments by date and id, each with its methods (one row per payment: the list merges them per payment),
 * and their count and total to pay over every row. `enlace` signs a voucher picture's key into its link.
 */
export async function pagosProveedores(
  db: Db,
  a: Alcance,
  enlace: (clave: string) => string | null = () => null,
): Promise<{ filas: PagoProveedorReporte[]; cantidad: number; total: number }> {
  const { rows } = await sql<FilaPago>`
    select pp.id, pp.codigo_tienda, pp.tipo_concepto_id, tc.nombre_tipo_concepto, pp.proveedor_id, pr.nombre_proveedor,
           pp.codigo_factura, pp.fecha_factura, pp.fecha_pago, pp.valor_total, pp.pj_iva, pp.valor_antes_iva, pp.valor_iva,
           pp.pj_retefuente, pp.valor_rte, pp.valor_total_pagar, pp.observaciones, pp.gestion_factura,
           ${lineasPagoJson(db, 'pago_proveedor_forma_pago', 'pp.id')} as formas_pago,
           count(*) over () as cantidad,
           sum(pp.valor_total_pagar) over () as total
      from pago_proveedor pp
      left join tipo_concepto tc on tc.id = pp.tipo_concepto_id
      left join proveedor pr on pr.id = pp.proveedor_id
     where ${pagoEnAlcance(a)}
     order by pp.fecha_pago, pp.id
  `.execute(db);
  return {
    filas: rows.map((p) => ({
      id: p.id,
      codigo_tienda: p.codigo_tienda,
      tipo_concepto_id: p.tipo_concepto_id,
      nombre_tipo_concepto: p.nombre_tipo_concepto,
      proveedor_id: p.proveedor_id,
      nombre_proveedor: p.nombre_proveedor,
      codigo_factura: p.codigo_factura,
      fecha_factura: p.fecha_factura,
      fecha_pago: p.fecha_pago,
      valor_total: pesos(p.valor_total),
      pj_iva: Number(p.pj_iva),
      valor_antes_iva: pesos(p.valor_antes_iva),
      valor_iva: pesos(p.valor_iva),
      pj_retefuente: Number(p.pj_retefuente),
      valor_rte: pesos(p.valor_rte),
      valor_total_pagar: pesos(p.valor_total_pagar),
      observaciones: p.observaciones,
      gestion_factura: p.gestion_factura,
      formas_pago: p.formas_pago.map((f) => ({
        forma_pago_id: f.forma_pago_id,
        nombre_forma_pago: f.nombre_forma_pago,
        valor_pagado: pesos(f.valor_pagado),
        codigo_comprobante_pago: f.codigo_comprobante_pago,
        url_adjunto_comprobante: f.adjunto_comprobante_pago === null ? null : enlace(f.adjunto_comprobante_pago),
      })),
    })),
    cantidad: Number(rows[0]?.cantidad ?? 0),
    total: pesos(rows[0]?.total),
  };
}

/** How many payments the scope has and their total to pay, without the rows (a closing's summary). */
export async function totalesPagosProveedores(db: Db, a: Alcance): Promise<{ cantidad: number; total: number }> {
  const { rows } = await sql<{ cantidad: string; total: string }>`
    select count(*) as cantidad, coalesce(sum(pp.valor_total_pagar), 0) as total from pago_proveedor pp where ${pagoEnAlcance(a)}
  `.execute(db);
  return { cantidad: Number(rows[0]!.cantidad), total: pesos(rows[0]!.total) };
}
