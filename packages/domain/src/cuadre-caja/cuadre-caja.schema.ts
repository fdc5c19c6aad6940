// Schemas and constants of cuadre-caja (spec 002 §2.9, §7, §9 "Daily cash shows only stores 001 and 002"), shared by
// the server and the web.
import { z } from 'zod';
import { cajaRegistradoraCuadreSchema, turnoCuadreSchema } from '../cajas/cajas.schema';
import { redondeoEfectivoResumenSchema } from '../formas-pago/redondeo-efectivo';
import {
  pagoCreditoLineaSchema,
  formaPagoTotalSchema,
  pagoProveedorReporteSchema,
} from '../cierre-mes/cierre-mes.schema';
import { devolucionDiaSchema } from '../devoluciones/devoluciones.schema';
import { esFechaValida } from '../fechas/fechas';

export const MENSAJES_CUADRE_CAJA = {
  fechaDia: 'Debe seleccionar una fecha válida',
  fechaFutura: 'La fecha no puede ser posterior a hoy',
} as const;

/** The parameter that lists the stores of the daily cash, comma separated (default '001,002', as the spec says). */
export const PARAMETRO_TIENDAS_CUADRE_CAJA = 'TIENDAS_CUADRE_CAJA';
export const TIENDAS_CUADRE_CAJA_POR_DEFECTO = ['001', '002'] as const;

/** The store codes of the parameter's value ('001, 002' → ['001', '002']), blanks and repeats dropped. */
export function leerTiendasCuadreCaja(valor: string | null | undefined): string[] {
  const codigos = (valor ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  return [...new Set(codigos)];
}

/** POST cuadre-caja/dia: a calendar date in the business's zone; the server refuses a day after today. */
export const cuadreCajaConsultaSchema = z.object({
  fecha_dia: z.string({ error: MENSAJES_CUADRE_CAJA.fechaDia }).trim().refine(esFechaValida, MENSAJES_CUADRE_CAJA.fechaDia),
});
export type CuadreCajaConsulta = z.output<typeof cuadreCajaConsultaSchema>;

/**
 * A store's day: the money received (sales, credit payments and advances, in methods that bring money) and its own
 * drawer's cash (docs/decisions-reportes-dinero.md "Una caja por tienda"): each store counts its drawer alone.
 */
export const tiendaCuadreSchema = z.object({
  codigo_tienda: z.string(),
  nombre_tienda: z.string(),
  total_dia: z.number(),
  /** The store's drawer: its cash in (sales, credit payments, advances, less cash refunds) plus cash income, less cash expenses and supplier payments. */
  total_efectivo: z.number(),
});

/** Sales of one store paid with one method that day. */
export const formaPagoTiendaSchema = z.object({
  codigo_tienda: z.string(),
  nombre_tienda: z.string(),
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_pagado: z.number(),
  /** False for Crédito and Anticipo: no money came in with them. */
  ingresa_dinero: z.boolean(),
});
export type FormaPagoTienda = z.infer<typeof formaPagoTiendaSchema>;

/** An expense of the day, with who recorded it. */
export const egresoCajaSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  fecha_egreso: z.string(),
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_egreso: z.number(),
  descripcion_egreso: z.string(),
  usuario_responsable: z.number().int().nullable(),
  nombre_usuario: z.string().nullable(),
});
export type EgresoCaja = z.infer<typeof egresoCajaSchema>;

/** An income of the day, with who recorded it. */
export const ingresoCajaSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  fecha_ingreso: z.string(),
  forma_pago_id: z.number().int(),
  nombre_forma_pago: z.string(),
  valor_ingreso: z.number(),
  descripcion_ingreso: z.string(),
  usuario_responsable: z.number().int().nullable(),
  nombre_usuario: z.string().nullable(),
});
export type IngresoCaja = z.infer<typeof ingresoCajaSchema>;

/** POST cuadre-caja/dia's data (spec 002 §2.9, §7). */
export const cuadreCajaRespuestaSchema = z.object({
  fecha_dia: z.string(),
  /**
   * Money of that day in the listed stores: received by sales, credit payments and advances (Crédito and Anticipo
   * apart), less the refunds given back that day.
   */
  total_dia: z.number(),
  /**
   * The sum of the stores' drawers (lista_tiendas' total_efectivo): shown only as that labelled sum, never as one
   * drawer. Cash of sales, credit payments, advances and income, less cash expenses, supplier payments and refunds.
   */
  total_efectivo: z.number(),
  lista_tiendas: z.array(tiendaCuadreSchema),
  lista_ventas_formas_pagos: z.array(formaPagoTiendaSchema),
  lista_abonos_credito_formas_pagos: z.array(formaPagoTotalSchema),
  lista_abonos_credito: z.array(pagoCreditoLineaSchema),
  lista_anticipos_formas_pagos: z.array(formaPagoTotalSchema),
  lista_egreso: z.array(egresoCajaSchema),
  lista_ingreso: z.array(ingresoCajaSchema),
  lista_pagos_proveedores: z.array(pagoProveedorReporteSchema),
  /** Sales annulled that day, whatever their billing day (which keeps counting them): said apart. */
  anuladas: z.object({ cantidad: z.number().int(), total: z.number() }),
  /** Money given back that day by annulments (sales, credit payments, advances), by method: money out. */
  lista_devoluciones_formas_pagos: z.array(formaPagoTotalSchema),
  total_devoluciones: z.number(),
  /**
   * total_devoluciones in its two parts, to the centavo: the money annulments gave back, and the money partial returns
   * gave back (docs/decisions-reportes-dinero.md "Devoluciones").
   */
  total_devoluciones_anulaciones: z.number(),
  total_devoluciones_parciales: z.number(),
  /** Each refund of the day: what was annulled or returned, the method, the value and who gave it back. */
  lista_devoluciones: z.array(devolucionDiaSchema),
  /** The stores the parameter TIENDAS_CUADRE_CAJA lists. */
  tiendas_cuadre: z.array(z.string()),
  /** The day's cash shifts of those stores (docs/decisions-cajas.md): opened that day, or still open from before. */
  lista_turnos_caja: z.array(turnoCuadreSchema),
  /** Each register's day: its shifts' float, expected cash, counted cash and difference added up. */
  lista_cajas_registradoras: z.array(cajaRegistradoraCuadreSchema),
  /** The cash rounding of the day's sales, its own figure (docs/decisions-redondeo-envios.md). */
  redondeo_efectivo: redondeoEfectivoResumenSchema,
});
export type CuadreCajaRespuesta = z.infer<typeof cuadreCajaRespuestaSchema>;
