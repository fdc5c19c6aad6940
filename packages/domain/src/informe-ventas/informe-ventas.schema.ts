// Schemas and constants of the sales report (docs/decisions-informe-ventas.md): money sold by seller, product, category
// and store over a date range, with margins where a cost is known and each seller's commission; the commission rates.
import { z } from 'zod';
import { DIAS_MAXIMOS_DASHBOARD, diasDelRango, MENSAJES_DASHBOARD } from '../dashboard/dashboard.schema';
import { esFechaValida } from '../fechas/fechas';
import { ID_MAXIMO } from '../limites';
import { listaCerrada } from '../listas';

export const MENSAJES_INFORME_VENTAS = {
  ...MENSAJES_DASHBOARD,
  tienda: 'Debe seleccionar una tienda válida',
  tiendaNoExiste: 'La tienda no existe',
  agruparPor: 'Debe elegir cómo agrupar: vendedor, producto, categoría o tienda',
  porcentaje: 'El porcentaje debe ser un número entre 0 y 100 con hasta 2 decimales',
  destino: 'Debe elegir un vendedor o una categoría, no ambos',
  vendedorNoExiste: 'El vendedor no existe',
  categoriaNoExiste: 'La categoría no existe',
  comisionNoExiste: 'La comisión no existe',
} as const;

/** The groupings of the report, in the order of its tabs, with their Spanish labels. */
export const { claves: AGRUPACIONES_INFORME_VENTAS, nombres: ETIQUETAS_AGRUPACION } =
  listaCerrada({ vendedor: 'Vendedor', producto: 'Producto', categoria: 'Categoría', tienda: 'Tienda' });
export type AgrupacionInformeVentas = (typeof AGRUPACIONES_INFORME_VENTAS)[number];

/** How a product without a category is named in the report. */
export const SIN_CATEGORIA = 'Sin categoría';

/** The .xlsx of one grouping: 'Informe de ventas por vendedor.xlsx'. */
export const archivoInformeVentas = (agrupar: AgrupacionInformeVentas) => `Informe de ventas por ${ETIQUETAS_AGRUPACION[agrupar].toLowerCase()}.xlsx`;

const fecha = (mensaje: string) => z.string({ error: mensaje }).trim().refine(esFechaValida, mensaje);

/**
 * POST informe-ventas and informe-ventas/exportar: calendar dates of the business's zone, both included, at most 366
 * days (the dashboard's rule and messages); the server also refuses an end after today. `codigo_tienda` absent or
 * null = every store.
 */
export const informeVentasFiltroSchema = z
  .object({
    fecha_inicial: fecha(MENSAJES_INFORME_VENTAS.fechaInicial),
    fecha_final: fecha(MENSAJES_INFORME_VENTAS.fechaFinal),
    codigo_tienda: z
      .string({ error: MENSAJES_INFORME_VENTAS.tienda })
      .trim()
      .min(1, MENSAJES_INFORME_VENTAS.tienda)
      .max(10, MENSAJES_INFORME_VENTAS.tienda)
      .nullish()
      .transform((t) => t ?? null),
    agrupar_por: z.enum(AGRUPACIONES_INFORME_VENTAS, { error: MENSAJES_INFORME_VENTAS.agruparPor }).default('vendedor'),
  })
  .superRefine((rango, ctx) => {
    if (rango.fecha_inicial > rango.fecha_final) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_INFORME_VENTAS.fechaInicialMayor });
    } else if (diasDelRango(rango.fecha_inicial, rango.fecha_final) > DIAS_MAXIMOS_DASHBOARD) {
      ctx.addIssue({ code: 'custom', path: ['fecha_inicial'], message: MENSAJES_INFORME_VENTAS.rangoLargo });
    }
  });
export type InformeVentasFiltro = z.output<typeof informeVentasFiltroSchema>;
export type InformeVentasFiltroEntrada = z.input<typeof informeVentasFiltroSchema>;

/**
 * The money of one group (or of the whole report), pesos; see docs/decisions-informe-ventas.md "Qué cuenta".
 * subtotal_facturado − subtotal_devuelto = subtotal (net before taxes); impuestos and total are net the same way.
 */
export const cifrasInformeVentasSchema = z.object({
  /** Sales billed in the range that hold the group (annulled later or not). */
  ventas: z.number().int(),
  /** Net quantity: only for a product (one unit); null for the other groupings, which mix units. */
  cantidad: z.number().nullable(),
  /** Before taxes, after discounts, billed in the range. */
  subtotal_facturado: z.number(),
  /** Before taxes: annulments of the range (what the sale still had) plus partial returns of the range. */
  subtotal_devuelto: z.number(),
  /** Net before taxes: subtotal_facturado − subtotal_devuelto. */
  subtotal: z.number(),
  /** Taxes (IVA and other taxes), net. */
  impuestos: z.number(),
  /** With taxes, net. */
  total: z.number(),
  /** Cost of the net quantity of the lines whose product has a cost in the sale's store; null when none has. */
  costo: z.number().nullable(),
  /** subtotal of the lines with a known cost − costo; null when none has a cost ('Sin costo'). */
  margen: z.number().nullable(),
  /** margen / that subtotal, percent with 2 decimals; null when unknown or that subtotal is 0. */
  margen_porcentaje: z.number().nullable(),
  /** Net before taxes of the lines without a known cost (the margin leaves them out). */
  subtotal_sin_costo: z.number(),
  /** The seller's commission of the range (only the seller grouping and the totals of it); null otherwise. */
  comision: z.number().nullable(),
});
export type CifrasInformeVentas = z.infer<typeof cifrasInformeVentasSchema>;

/** One group: its key (seller id, product id, category id or null, store code), its name and its figures. */
export const filaInformeVentasSchema = cifrasInformeVentasSchema.extend({
  clave: z.string().nullable(),
  nombre: z.string(),
  /** The product's reference (product grouping), else null. */
  referencia: z.string().nullable(),
  /** The product's unit (product grouping; null without a measure type or in other groupings). */
  unidad: z.string().nullable(),
});
export type FilaInformeVentas = z.infer<typeof filaInformeVentasSchema>;

export const informeVentasRespuestaSchema = z.object({
  agrupar_por: z.enum(AGRUPACIONES_INFORME_VENTAS),
  /** Highest net first. */
  filas: z.array(filaInformeVentasSchema),
  totales: cifrasInformeVentasSchema,
  /** Every store, for the screen's store filter. */
  tiendas: z.array(z.object({ codigo_tienda: z.string(), nombre_tienda: z.string() })),
});
export type InformeVentasRespuesta = z.infer<typeof informeVentasRespuestaSchema>;

/** A commission rate: of one seller or of one category (docs/decisions-informe-ventas.md "Comisiones"). */
export const comisionSchema = z.object({
  id: z.number().int(),
  vendedor_id: z.number().int().nullable(),
  categoria_producto_id: z.number().int().nullable(),
  nombre: z.string(),
  porcentaje: z.number(),
});
export type Comision = z.infer<typeof comisionSchema>;

const idOpcional = z.number().int().min(1).max(ID_MAXIMO).nullish().transform((v) => v ?? null);

/** POST informe-ventas/comisiones: sets (creates or replaces) the rate of one seller or one category. */
export const guardarComisionSchema = z
  .object({
    vendedor_id: idOpcional,
    categoria_producto_id: idOpcional,
    porcentaje: z
      .number({ error: MENSAJES_INFORME_VENTAS.porcentaje })
      .min(0, MENSAJES_INFORME_VENTAS.porcentaje)
      .max(100, MENSAJES_INFORME_VENTAS.porcentaje)
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, MENSAJES_INFORME_VENTAS.porcentaje),
  })
  .superRefine((c, ctx) => {
    if ((c.vendedor_id === null) === (c.categoria_producto_id === null)) {
      ctx.addIssue({ code: 'custom', path: ['vendedor_id'], message: MENSAJES_INFORME_VENTAS.destino });
    }
  });
export type GuardarComision = z.output<typeof guardarComisionSchema>;
export type GuardarComisionEntrada = z.input<typeof guardarComisionSchema>;

/** A seller or category the commissions screen may name. */
export const opcionComisionSchema = z.object({ id: z.number().int(), nombre: z.string() });

export const comisionesRespuestaSchema = z.object({
  comisiones: z.array(comisionSchema),
  vendedores: z.array(opcionComisionSchema),
  categorias: z.array(opcionComisionSchema),
});
export type ComisionesRespuesta = z.infer<typeof comisionesRespuestaSchema>;
