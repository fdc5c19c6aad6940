/**
 * The dashboard (spec 002 §2.4, §3 Dashboard data, §5; docs/decisions-reportes-dinero.md, "Dashboard: la venta en su
 * día, la anulación en el suyo"): the sales of every store in a date range, their months in the end date's year and the
 * products sold, each figure added up by PostgreSQL (dashboard.repository.ts). A sale counts on its billing day and its
 * annulment on its own day, as a subtraction (said apart in `anuladas`): a past range's figures never change.
 */
import {
  aCentavos,
  ARCHIVO_EXPORTAR_PRODUCTOS,
  COLUMNAS_EXPORTAR_PRODUCTOS,
  SIN_UNIDAD,
  dePesos,
  hoyNegocio,
  MENSAJES_DASHBOARD,
  type DashboardRango,
  type DashboardRespuesta,
  ZONA_NEGOCIO,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { campoInvalido } from '../../lib/app-error';
import * as repositorio from './dashboard.repository';
import { ESTILOS_XLSX, escribirLibroXlsx, hojaXlsx } from '../../lib/libro-xlsx';

/** Money as PostgreSQL's numeric text → pesos, through centavos (never a float sum). */
const pesos = (valor: string | number) => dePesos(aCentavos(valor));

/** spec 002 §5: the end date may not be after today in the business's zone (422 on the field). */
function verificarRango(rango: DashboardRango, zona: string): void {
  if (rango.fecha_final > hoyNegocio(new Date(), zona)) {
    throw campoInvalido('fecha_final', MENSAJES_DASHBOARD.fechaFinalFutura);
  }
}

/**
 * The daily summary's days are the business zone's: a range read in another zone reads the sales themselves (the same
 * figures, slower). Only the check that the summary keeps in step with the sales asks for another zone.
 */
const conResumen = (zona: string) => zona === repositorio.ZONA_RESUMEN;

/**
 * POST dashboard/rango-fecha: the cards of the range, the twelve months of the end date's year up to the end date (so a
 * range ended before today reads only past days), the products sold.
 */
export async function datosDashboard(db: Db, rango: DashboardRango, zona: string = ZONA_NEGOCIO): Promise<DashboardRespuesta> {
  verificarRango(rango, zona);
  const dias: repositorio.RangoDias = { desde: rango.fecha_inicial, hasta: rango.fecha_final, zona };
  const [totales, meses, productos] = await Promise.all(
    conResumen(zona)
      ? ([repositorio.totalesRangoResumen(db, dias), repositorio.ventasPorMesResumen(db, rango.fecha_final), repositorio.productosVendidosResumen(db, dias)] as const)
      : ([repositorio.totalesRango(db, dias), repositorio.ventasPorMes(db, rango.fecha_final, zona), repositorio.productosVendidos(db, dias)] as const),
  );
  return {
    ventas_rango_fecha: {
      total_pedidos: Number(totales.total_pedidos),
      total_venta_bruta: pesos(totales.total_venta_bruta),
      total_venta_neta: pesos(totales.total_venta_neta),
      total_productos_por_unidad: porUnidad(productos),
    },
    ventas_anio: meses.map((m) => ({ mes_factura: m.mes_factura, total_venta_bruta: pesos(m.total_venta_bruta) })),
    productos_vendidos_rango_fecha: productos.map((p) => ({
      producto_id: p.producto_id,
      referencia: p.referencia,
      nombre_producto: p.nombre_producto,
      cantidad_producto: Number(p.cantidad_producto),
      unidad: p.unidad,
    })),
    anuladas: { cantidad: Number(totales.anuladas), total: pesos(totales.total_anuladas) },
  };
}

/**
 * The products' quantities summed per unit (docs/decisions-reportes-dinero.md, "Una unidad por cifra"), in hundredths
 * (the line's scale) so the sum has no float tail; by unit name, products without a unit last; a unit netting 0 is
 * left out.
 */
function porUnidad(productos: readonly repositorio.FilaProductoVendido[]): { unidad: string | null; cantidad: number }[] {
  const centesimas = new Map<string | null, number>();
  for (const p of productos) centesimas.set(p.unidad, (centesimas.get(p.unidad) ?? 0) + Math.round(Number(p.cantidad_producto) * 100));
  return [...centesimas]
    .filter(([, c]) => c !== 0)
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'es')))
    .map(([unidad, c]) => ({ unidad, cantidad: c / 100 }));
}

/** POST dashboard/productos/exportar: the products sold in the range as a real .xlsx, quantities as numbers. */
export async function exportarProductos(db: Db, rango: DashboardRango, zona: string = ZONA_NEGOCIO): Promise<{ archivo: Buffer; nombre: string }> {
  verificarRango(rango, zona);
  const dias: repositorio.RangoDias = { desde: rango.fecha_inicial, hasta: rango.fecha_final, zona };
  const productos = conResumen(zona) ? await repositorio.productosVendidosResumen(db, dias) : await repositorio.productosVendidos(db, dias);
  const [referencia, producto, cantidad, unidad] = COLUMNAS_EXPORTAR_PRODUCTOS;
  const archivo = await escribirLibroXlsx(null, async (libro) => {
    const hoja = hojaXlsx(libro, 'Productos vendidos', [
      { header: referencia, key: 'referencia', width: 22 },
      { header: producto, key: 'nombre_producto', width: 48 },
      { header: cantidad, key: 'cantidad_producto', width: 18, style: ESTILOS_XLSX.cantidad },
      { header: unidad, key: 'unidad', width: 18 },
    ]);
    for (const p of productos) await hoja.fila({ referencia: p.referencia, nombre_producto: p.nombre_producto, cantidad_producto: Number(p.cantidad_producto), unidad: p.unidad ?? SIN_UNIDAD });
    await hoja.fila({});
    await hoja.fila({ referencia: `Cantidades del ${rango.fecha_inicial} al ${rango.fecha_final}: lo facturado menos lo anulado en esos días` });
    hoja.cerrar();
  });
  return { archivo, nombre: ARCHIVO_EXPORTAR_PRODUCTOS };
}
