// Every SQL query of the sales report (docs/decisions-informe-ventas.md). It reads other modules' tables (venta,
// venta_detalle, devolucion_venta*, producto, inventario, usuario, tienda, categoria_producto), as dashboard and
// cierre-mes do, and writes only its own comision_venta. Each figure is added up here, in PostgreSQL.
//
// What counts (docs/decisions-reportes-dinero.md, "Dashboard: la venta en su día, la anulación en el suyo"): a sale
// billed (states 2, 3, 6) on day D counts on D forever; its annulment counts on the day it happened
// (`fecha_anulacion`, its billing day when unknown) as a subtraction of what the sale still had (its lines minus the
// partial returns already taken off); a partial return (devolucion_venta) subtracts on its own day.
import { sql, type RawBuilder } from 'kysely';
import { ESTADOS_VENTA, SIN_CATEGORIA, type AgrupacionInformeVentas } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import { enDiasNegocio } from '../../db/dias-negocio';

const FACTURADAS = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio, ESTADOS_VENTA.anulado];
const ANULADA = ESTADOS_VENTA.anulado;

export interface FiltroInforme {
  desde: string;
  hasta: string;
  zona: string;
  /** One store, or null for every store. */
  codigoTienda: string | null;
}

/** Numeric text from PostgreSQL: the money of one group, or of the whole report (`es_total`). */
export interface FilaCifras {
  es_total: boolean;
  clave: string | null;
  nombre: string | null;
  referencia: string | null;
  unidad: string | null;
  ventas: string;
  cantidad: string;
  subtotal_facturado: string;
  subtotal_devuelto: string;
  subtotal: string;
  impuestos: string;
  total: string;
  costo: string | null;
  margen: string | null;
  margen_porcentaje: string | null;
  subtotal_sin_costo: string;
  comision: string | null;
}

const deTienda = (columna: string, f: FiltroInforme) => (f.codigoTienda === null ? sql`true` : sql`${sql.ref(columna)} = ${f.codigoTienda}`);

/**
 * Every line that moves the range's money, signed: the lines of the sales billed in the range (+, `facturada`), the
 * lines of the sales annulled in the range net of their earlier returns (−), the lines of the range's partial returns
 * (−). Columns: venta_id, codigo_tienda, vendedor_id, producto_id, facturada, cantidad, subtotal, impuestos, total.
 */
function lineasDelRango(f: FiltroInforme): RawBuilder<unknown> {
  const dias = { desde: f.desde, hasta: f.hasta, zona: f.zona };
  return sql`
    select v.id as venta_id, v.codigo_tienda, v.vendedor_id, d.producto_id, true as facturada,
           d.cantidad, d.valor_subtotal as subtotal, d.valor_impuesto + d.valor_otros_impuestos as impuestos, d.valor_total as total
      from venta v
      join venta_detalle d on d.venta_id = v.id
     where ${enDiasNegocio('v.fecha_factura', dias)} and v.estado_venta_id in (${sql.join(FACTURADAS)}) and ${deTienda('v.codigo_tienda', f)}
    union all
    select v.id, v.codigo_tienda, v.vendedor_id, d.producto_id, false,
           -(d.cantidad - coalesce(r.cantidad, 0)), -(d.valor_subtotal - coalesce(r.subtotal, 0)),
           -(d.valor_impuesto + d.valor_otros_impuestos - coalesce(r.impuestos, 0)), -(d.valor_total - coalesce(r.total, 0))
      from venta v
      join venta_detalle d on d.venta_id = v.id
      left join lateral (
        select sum(dd.cantidad) as cantidad, sum(dd.valor_subtotal) as subtotal,
               sum(dd.valor_impuesto + dd.valor_otros_impuestos) as impuestos, sum(dd.valor_total) as total
          from devolucion_venta_detalle dd
         where dd.venta_detalle_id = d.id
      ) r on true
     where v.estado_venta_id = ${ANULADA} and v.fecha_factura is not null and ${deTienda('v.codigo_tienda', f)}
       and (${enDiasNegocio('v.fecha_anulacion', dias)} or (v.fecha_anulacion is null and ${enDiasNegocio('v.fecha_factura', dias)}))
    union all
    select v.id, v.codigo_tienda, v.vendedor_id, dd.producto_id, false,
           -dd.cantidad, -dd.valor_subtotal, -(dd.valor_impuesto + dd.valor_otros_impuestos), -dd.valor_total
      from devolucion_venta dv
      join venta v on v.id = dv.venta_id
      join devolucion_venta_detalle dd on dd.devolucion_venta_id = dv.id
     where ${enDiasNegocio('dv.created_at', dias)} and ${deTienda('v.codigo_tienda', f)}
  `;
}

/** The key of each grouping over the lines (l), their product (p). */
const CLAVES: Record<AgrupacionInformeVentas, RawBuilder<string | null>> = {
  vendedor: sql`l.vendedor_id::text`,
  producto: sql`l.producto_id::text`,
  categoria: sql`p.categoria_producto_id::text`,
  tienda: sql`l.codigo_tienda::text`,
};

/** Each grouping's name, reference and unit of a key (g.clave), joined after adding up. */
const NOMBRES: Record<AgrupacionInformeVentas, { columnas: RawBuilder<unknown>; union: RawBuilder<unknown> }> = {
  vendedor: {
    columnas: sql`u.name as nombre, null::text as referencia, null::text as unidad`,
    union: sql`left join usuario u on u.id = g.clave::int`,
  },
  producto: {
    columnas: sql`pr.nombre_producto as nombre, pr.referencia, tm.nombre_tipo_medida as unidad`,
    union: sql`left join producto pr on pr.id = g.clave::int left join tipo_medida tm on tm.id = pr.tipo_medida_id`,
  },
  categoria: {
    columnas: sql`coalesce(c.nombre_categoria_producto, ${SIN_CATEGORIA}) as nombre, null::text as referencia, null::text as unidad`,
    union: sql`left join categoria_producto c on c.id = g.clave::int`,
  },
  tienda: {
    columnas: sql`t.nombre_tienda as nombre, null::text as referencia, null::text as unidad`,
    union: sql`left join tienda t on t.codigo_tienda = g.clave`,
  },
};

/**
 * The report of one grouping: a row per group and the total row (`es_total`), highest net first. A line's cost is its
 * net quantity × the weighted average cost of its product in the sale's store (inventario.costo_inventario_unitario,
 * kept by inventario's entries); a cost of 0 is unknown. The commission of a seller is round(Σ line net before taxes ×
 * its rate / 100, 2), the rate being the seller's, else the product category's, else 0; the total's commission is the
 * sum of the sellers' rounded ones.
 */
export async function informe(db: Db, f: FiltroInforme, agrupar: AgrupacionInformeVentas): Promise<FilaCifras[]> {
  const porVendedor = agrupar === 'vendedor';
  const { rows } = await sql<FilaCifras>`
    with lineas as (${lineasDelRango(f)}),
    grupos as (
      select grouping(${CLAVES[agrupar]}) = 1 as es_total, ${CLAVES[agrupar]} as clave,
             count(distinct l.venta_id) filter (where l.facturada) as ventas,
             coalesce(sum(l.cantidad), 0) as cantidad,
             coalesce(sum(l.subtotal) filter (where l.facturada), 0) as subtotal_facturado,
             coalesce(-sum(l.subtotal) filter (where not l.facturada), 0) as subtotal_devuelto,
             coalesce(sum(l.subtotal), 0) as subtotal,
             coalesce(sum(l.impuestos), 0) as impuestos,
             coalesce(sum(l.total), 0) as total,
             round(sum(l.cantidad * i.costo_inventario_unitario) filter (where i.costo_inventario_unitario > 0), 2) as costo,
             sum(l.subtotal) filter (where i.costo_inventario_unitario > 0) as subtotal_con_costo,
             coalesce(sum(l.subtotal) filter (where i.costo_inventario_unitario > 0 is not true), 0) as subtotal_sin_costo,
             ${porVendedor ? sql`round(coalesce(sum(l.subtotal * coalesce(cv.porcentaje, cc.porcentaje, 0)), 0) / 100, 2)` : sql`null::numeric`} as comision
        from lineas l
        left join producto p on p.id = l.producto_id
        left join inventario i on i.codigo_tienda = l.codigo_tienda and i.producto_id = l.producto_id
        ${porVendedor ? sql`left join comision_venta cv on cv.vendedor_id = l.vendedor_id left join comision_venta cc on cc.categoria_producto_id = p.categoria_producto_id` : sql``}
       group by grouping sets ((${CLAVES[agrupar]}), ())
    )
    select g.es_total, g.clave, ${NOMBRES[agrupar].columnas}, g.ventas, g.cantidad, g.subtotal_facturado, g.subtotal_devuelto, g.subtotal,
           g.impuestos, g.total, g.costo, g.subtotal_con_costo - g.costo as margen,
           case when g.subtotal_con_costo <> 0 then round((g.subtotal_con_costo - g.costo) * 100 / g.subtotal_con_costo, 2) end as margen_porcentaje,
           g.subtotal_sin_costo,
           case when g.es_total and ${porVendedor} then sum(case when g.es_total then 0 else g.comision end) over () else g.comision end as comision
      from grupos g
      ${NOMBRES[agrupar].union}
     order by g.es_total desc, g.subtotal desc, nombre, g.clave
  `.execute(db);
  return rows;
}

/** Every store by code, for the screen's filter. */
export function listarTiendas(db: Db): Promise<{ codigo_tienda: string; nombre_tienda: string }[]> {
  return db.selectFrom('tienda').select(['codigo_tienda', 'nombre_tienda']).orderBy('codigo_tienda').execute();
}

/** Whether the store exists (the report's filter names one). */
export async function existeTienda(db: Db, codigoTienda: string): Promise<boolean> {
  return (await db.selectFrom('tienda').select('codigo_tienda').where('codigo_tienda', '=', codigoTienda).executeTakeFirst()) !== undefined;
}

export interface FilaComision {
  id: number;
  vendedor_id: number | null;
  categoria_producto_id: number | null;
  nombre: string;
  porcentaje: string;
}

/** The commission rates, sellers first, each by name. */
export async function listarComisiones(db: Db): Promise<FilaComision[]> {
  const { rows } = await sql<FilaComision>`
    select cv.id, cv.vendedor_id, cv.categoria_producto_id, coalesce(u.name, c.nombre_categoria_producto) as nombre, cv.porcentaje
      from comision_venta cv
      left join usuario u on u.id = cv.vendedor_id
      left join categoria_producto c on c.id = cv.categoria_producto_id
     order by cv.vendedor_id is null, lower(coalesce(u.name, c.nombre_categoria_producto)), cv.id
  `.execute(db);
  return rows;
}

/** The active users (who may appear as the seller of a sale) and every category, by name. */
export async function opcionesComision(db: Db): Promise<{ vendedores: { id: number; nombre: string }[]; categorias: { id: number; nombre: string }[] }> {
  const [vendedores, categorias] = await Promise.all([
    db.selectFrom('usuario').select(['id', 'name as nombre']).where('activo', '=', true).orderBy('name').orderBy('id').execute(),
    db.selectFrom('categoria_producto').select(['id', 'nombre_categoria_producto as nombre']).orderBy('nombre_categoria_producto').orderBy('id').execute(),
  ]);
  return { vendedores, categorias };
}

export async function existeUsuario(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('usuario').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function existeCategoria(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('categoria_producto').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Sets the rate of one seller or one category: a new row, or the existing one's rate (one row per seller or category). */
export async function guardarComision(
  trx: Trx,
  datos: { vendedor_id: number | null; categoria_producto_id: number | null; porcentaje: number; user_id: number },
): Promise<number> {
  const conflicto = datos.vendedor_id !== null ? sql`(vendedor_id) where vendedor_id is not null` : sql`(categoria_producto_id) where categoria_producto_id is not null`;
  const { rows } = await sql<{ id: number }>`
    insert into comision_venta (vendedor_id, categoria_producto_id, porcentaje, user_id)
    values (${datos.vendedor_id}, ${datos.categoria_producto_id}, ${datos.porcentaje}, ${datos.user_id})
    on conflict ${conflicto}
    do update set porcentaje = excluded.porcentaje, user_id = excluded.user_id, updated_at = now()
    returning id
  `.execute(trx);
  return rows[0]!.id;
}

/** Deletes a rate; whether it existed. */
export async function eliminarComision(trx: Trx, id: number): Promise<boolean> {
  const resultado = await trx.deleteFrom('comision_venta').where('id', '=', id).executeTakeFirst();
  return resultado.numDeletedRows > 0n;
}
