// Schemas and constants of dashboard (spec 002 §2.4, §3 Dashboard data, §5 Dashboard and pickers, §7; docs/decisions-reportes-dinero.md),
// shared by the server and the web.
import { z } from 'zod';
import { esFechaValida } from '../fechas/fechas';
import { anuladasSchema } from '../ventas/venta.schema';

export const MENSAJES_DASHBOARD = {
  fechaInicial: 'Debe ingresar una fecha inicial válida',
  fechaFinal: 'Debe ingresar una fecha final válida',
  fechaInicialMayor: 'La fecha inicial no puede ser posterior a la fecha final',
  fechaFinalFutura: 'La fecha final no puede ser posterior a hoy',
  rangoLargo: 'El rango de fechas no puede superar 366 días',
} as const;

/** Longest range the dashboard adds up (a year, leap day included): beyond it the screen would mean a different question. */
export const DIAS_MAXIMOS_DASHBOARD = 366;

/** Days from `desde` to `hasta` ('YYYY-MM-DD'), both counted: 2026-01-01..2026-01-01 is 1. */
export function diasDelRango(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1;
}

const fecha = (mensaje: string) => z.string({ error: mensaje }).trim().refine(esFechaValida, mensaje);

/**
 * POST dashboard/rango-fecha and dashboard/productos/exportar: calendar dates in the business's zone, both included;
 * the start not after the end, at most DIAS_MAXIMOS_DASHBOARD days. The server also refuses an end after today
 * (spec 002 §5: end max = today), which needs its clock and zone.
 */
export const dashboardRangoSchema = z
  .object({
    fecha_inicial: fecha(MENSAJES_DASHBOARD.fechaInicial),
    fecha_final: fecha(MENSAJES_DASHBOARD.fechaFinal),
  })
  .superRefine((rango, ctx) => {
    if (rango.fecha_inicial > rango.fecha_final) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_DASHBOARD.fechaInicialMayor });
    } else if (diasDelRango(rango.fecha_inicial, rango.fecha_final) > DIAS_MAXIMOS_DASHBOARD) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_DASHBOARD.rangoLargo });
    }
  });
export type DashboardRango = z.output<typeof dashboardRangoSchema>;

/** A sum of quantities of one unit: the product's measure type by name, null for products without one. */
export const cantidadPorUnidadSchema = z.object({ unidad: z.string().nullable(), cantidad: z.number() });
export type CantidadPorUnidad = z.infer<typeof cantidadPorUnidadSchema>;

/** How a product without a measure type is named where a unit is shown. */
export const SIN_UNIDAD = 'Sin unidad';

/**
 * The cards of the range, every store (docs/decisions-reportes-dinero.md, "Dashboard: la venta en su día, la anulación
 * en el suyo"): a sale counts on its billing day even if annulled later; its annulment subtracts on the day it happens.
 */
export const ventasRangoFechaSchema = z.object({
  /** How many sales were billed in the range (annulled later or not). */
  total_pedidos: z.number().int(),
  /** Taxes included: total_venta billed in the range minus total_venta of the sales annulled in the range. */
  total_venta_bruta: z.number(),
  /** The same before taxes, after discounts (total_subtotal_venta). */
  total_venta_neta: z.number(),
  /**
   * Products sold net of the range's annulments, one sum per unit (the product's measure type): boards, metres of edge
   * band and services are never added into one figure (docs/decisions-reportes-dinero.md, "Una unidad por cifra").
   */
  total_productos_por_unidad: z.array(cantidadPorUnidadSchema),
});
export type VentasRangoFecha = z.infer<typeof ventasRangoFechaSchema>;

/** One month of the end date's year, billed minus annulled in it (all twelve are answered, 0 for a month without sales). */
export const ventaAnioSchema = z.object({
  mes_factura: z.number().int(),
  total_venta_bruta: z.number(),
});
export type VentaAnio = z.infer<typeof ventaAnioSchema>;

/** A product and the quantity sold of it in the range, net of the range's annulments, in its unit. */
export const productoVendidoSchema = z.object({
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  cantidad_producto: z.number(),
  /** The product's measure type by name ('Lámina', 'Metro lineal', 'Servicio'); null when it has none. */
  unidad: z.string().nullable(),
});
export type ProductoVendido = z.infer<typeof productoVendidoSchema>;

export const dashboardRespuestaSchema = z.object({
  ventas_rango_fecha: ventasRangoFechaSchema,
  /** January to December of the year of fecha_final. */
  ventas_anio: z.array(ventaAnioSchema),
  /** Most sold first. */
  productos_vendidos_rango_fecha: z.array(productoVendidoSchema),
  /** Sales annulled in the range (by annulment day, whatever their billing day) and their total: subtracted above. */
  anuladas: anuladasSchema,
});
export type DashboardRespuesta = z.infer<typeof dashboardRespuestaSchema>;

/** The products table's export (spec 002 §2.4): its file name and columns. */
export const ARCHIVO_EXPORTAR_PRODUCTOS = 'Export productos.xlsx';
export const COLUMNAS_EXPORTAR_PRODUCTOS = ['Referencia', 'Producto', 'Cantidad vendida', 'Unidad'] as const;
