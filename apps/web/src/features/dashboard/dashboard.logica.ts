import { DIAS_MAXIMOS_DASHBOARD, SIN_UNIDAD, sinAcentos, sumarDias, type CantidadPorUnidad, type DashboardRango } from '@tablero/domain';
import { formatearCantidad } from '@/lib/formato';

/**
 * The pure rules of the dashboard (spec 002 §2.4, §5 Dashboard; docs/decisions-reportes-dinero.md): the date range and its bounds, the
 * year's twelve months with Spanish names, the products' filter and the chart's top products. The
 * figures themselves come computed from the server (SQL); nothing here adds money.
 */

/** The range the dashboard asks for (POST dashboard/rango-fecha): calendar dates 'YYYY-MM-DD'. */
export type RangoFechas = DashboardRango;

/** The longest range the server answers (366 days, a leap year): a longer one is refused with 422. */
const DIAS_MAXIMOS_RANGO = DIAS_MAXIMOS_DASHBOARD;

/** spec 002 §2.4, §9: from 1 January of the current year to today (`hoy` in the business's zone). */
export function rangoInicial(hoy: string): RangoFechas {
  return { fecha_inicial: `${hoy.slice(0, 4)}-01-01`, fecha_final: hoy };
}

/** A new start date: the end stays, unless the range would outgrow the longest one (then the end follows). */
export function cambiarInicial(rango: RangoFechas, fecha: string, hoy: string): RangoFechas {
  const fecha_final = rango.fecha_final < fecha ? fecha : rango.fecha_final;
  const maximo = sumarDias(fecha, DIAS_MAXIMOS_RANGO - 1);
  return { fecha_inicial: fecha, fecha_final: [fecha_final, maximo, hoy].sort()[0] ?? hoy };
}

/** A new end date: the start stays, unless it is after the end or too far before it. */
export function cambiarFinal(rango: RangoFechas, fecha: string): RangoFechas {
  const minimo = sumarDias(fecha, -(DIAS_MAXIMOS_RANGO - 1));
  const fecha_inicial = rango.fecha_inicial > fecha ? fecha : rango.fecha_inicial < minimo ? minimo : rango.fecha_inicial;
  return { fecha_inicial, fecha_final: fecha };
}

export const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;

/** One point of the year's line: the month's short name on the axis, its full name in the tooltip; null for a month still to come. */
export interface PuntoMes {
  mes: string;
  nombre: string;
  total: number | null;
}

/**
 * The twelve months of `anio` in order, 0 for a month the answer leaves out (the server sends all twelve anyway). In
 * `hasta`'s year (the range's end: the server counts up to it) the months after its month have no point (null), so the
 * line stops there instead of falling to 0.
 */
export function ventasPorMes(ventasAnio: readonly { mes_factura: number; total_venta_bruta: number }[], anio: number, hasta: string): PuntoMes[] {
  const anioHasta = Number(hasta.slice(0, 4));
  const mesHasta = Number(hasta.slice(5, 7));
  return MESES.map((nombre, indice) => ({
    mes: nombre.slice(0, 3),
    nombre,
    total: anio === anioHasta && indice + 1 > mesHasta ? null : (ventasAnio.find((fila) => fila.mes_factura === indice + 1)?.total_venta_bruta ?? 0),
  }));
}

/** The side table's filter on the reference: accents, case and surrounding spaces do not matter. */
export function filtrarPorReferencia<T extends { referencia: string }>(productos: readonly T[], texto: string): T[] {
  const buscado = sinAcentos(texto.trim());
  if (!buscado) return [...productos];
  return productos.filter((producto) => sinAcentos(producto.referencia).includes(buscado));
}

/** How many products the bar chart shows: the best sellers (the table lists them all). */
export const PRODUCTOS_EN_GRAFICO = 10;

/** The chart's bars: the products that sold most (the answer comes ordered by quantity), the largest first. */
export function productosMasVendidos<T extends { cantidad_producto: number }>(productos: readonly T[], cuantos = PRODUCTOS_EN_GRAFICO): T[] {
  return [...productos].sort((a, b) => b.cantidad_producto - a.cantidad_producto).slice(0, cuantos);
}

/** A product's unit as shown: its measure type's name, or 'Sin unidad'. */
export const nombreUnidad = (unidad: string | null) => unidad ?? SIN_UNIDAD;

/**
 * The products-sold card, one line per unit ('12 Lámina', '52.5 Metro lineal'; docs/decisions-reportes-dinero.md,
 * "Una unidad por cifra"): sheets and metres are never one figure. '0' when nothing was sold.
 */
export function lineasPorUnidad(cantidades: readonly CantidadPorUnidad[]): string[] {
  if (cantidades.length === 0) return ['0'];
  return cantidades.map((c) => `${formatearCantidad(c.cantidad)} ${nombreUnidad(c.unidad)}`);
}
