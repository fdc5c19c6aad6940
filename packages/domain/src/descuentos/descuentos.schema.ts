import { z } from 'zod';
import { idRequerido, numeroDesde } from '../campos';
import { mensajeMaximo } from '../numeros';
import { leerPesos } from '../dinero';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import {
  CANTIDAD_MAXIMA_LINEA,
  calcularTotalesVenta,
  DECIMALES_CANTIDAD_LINEA,
  DECIMALES_PORCENTAJE,
  DECIMALES_PRECIO_UNITARIO,
  PORCENTAJE_MAXIMO,
  PRECIO_UNITARIO_MAXIMO,
  TotalesFueraDeRango,
} from '../ventas/totales';

/** spec 000 §2.14: the dialog's percentage starts at 1. */
export const PORCENTAJE_DESCUENTO_MINIMO = 1;

/** spec 000 §5 Discount request, §4.3, and the server's refusals and answers. */
export const MENSAJES_DESCUENTO = {
  porcentaje: 'Debe ingresar un porcentaje válido',
  cliente: 'Debe seleccionar un cliente',
  clienteNoExiste: 'El cliente no existe',
  producto: 'Debe seleccionar un producto',
  productoNoExiste: 'El producto no existe',
  cantidad: 'Debe ingresar una cantidad válida',
  precio: 'Debe ingresar un precio unitario válido',
  subTotal: 'El subtotal debe ser la cantidad por el precio unitario',
  solicitud: 'Debe seleccionar una solicitud de descuento',
  aprobado: 'Debe indicar si el descuento se aprueba o se rechaza',
  tienda: 'La tienda no es válida',
  solicitado: 'Descuento solicitado con éxito',
  aprobadoOk: 'Descuento aprobado',
  rechazadoOk: 'Descuento rechazado',
  yaDecidida: 'La solicitud ya fue aprobada o rechazada',
} as const;

/** A non-negative number with at most `decimales` decimals (read from its text) and at most `maximo`. */
function decimalLimitado(mensaje: string, decimales: number, minimo: number, maximo: number, minimoExcluido: boolean) {
  const patron = new RegExp(`^\\d+(\\.\\d{1,${decimales}})?$`);
  return z.preprocess(
    numeroDesde,
    z
      .number({ error: mensaje })
      .refine((n) => (minimoExcluido ? n > minimo : n >= minimo), { error: mensaje, abort: true })
      .refine((n) => n <= maximo, { error: mensajeMaximo(maximo), abort: true })
      .refine((n) => patron.test(String(n)), `Máximo ${decimales} decimales`),
  );
}

/** spec 000 §5: a percentage from 1 (the dialog's minimum) to 100, 2 decimals; else 'Debe ingresar un porcentaje válido'. */
export const porcentajeDescuentoSchema = z.preprocess(
  numeroDesde,
  z
    .number({ error: MENSAJES_DESCUENTO.porcentaje })
    .refine((n) => n >= PORCENTAJE_DESCUENTO_MINIMO && n <= PORCENTAJE_MAXIMO, { error: MENSAJES_DESCUENTO.porcentaje, abort: true })
    .refine((n) => new RegExp(`^\\d+(\\.\\d{1,${DECIMALES_PORCENTAJE}})?$`).test(String(n)), `Máximo ${DECIMALES_PORCENTAJE} decimales`),
);

/** POST descuentos/solicitar/guardar (spec 000 §3 Discount request, §7). */
export const descuentoSolicitarSchema = z.object({
  porcentaje_descuento: porcentajeDescuentoSchema,
  tercero_id: idRequerido(MENSAJES_DESCUENTO.cliente),
  producto_id: idRequerido(MENSAJES_DESCUENTO.producto),
  cantidad_solicitada: decimalLimitado(MENSAJES_DESCUENTO.cantidad, DECIMALES_CANTIDAD_LINEA, 0, CANTIDAD_MAXIMA_LINEA, true),
  precio_unitario: decimalLimitado(MENSAJES_DESCUENTO.precio, DECIMALES_PRECIO_UNITARIO, 0, PRECIO_UNITARIO_MAXIMO, false),
  /** Pesos with at most 2 decimals; the server checks it is cantidad × precio rounded to the centavo. */
  sub_total: z.preprocess(
    (valor) => {
      const centavos = leerPesos(valor);
      return typeof centavos === 'number' && centavos >= 0 ? centavos / 100 : Number.NaN;
    },
    z.number({ error: MENSAJES_DESCUENTO.subTotal }),
  ),
  /** The spec sends the store; when given it must be the store of the request (403 otherwise). */
  codigo_tienda: z.string().trim().max(10, MENSAJES_DESCUENTO.tienda).optional(),
});
export type DescuentoSolicitar = z.infer<typeof descuentoSolicitarSchema>;

/** The amounts of a discount on one line, in pesos (2 decimals), computed in centavos by calcularTotalesVenta. */
export interface CifrasDescuento {
  /** cantidad × precio_unitario, rounded to the centavo. */
  sub_total: number;
  /** The amount discounted. */
  valor_descuento: number;
  /** sub_total − valor_descuento. */
  sub_total_con_descuento: number;
}

/**
 * spec 000 §2.14: subtotal, amount discounted and subtotal with discount of a line, as the order's totals compute
 * them (spec 000 §9), so the approved discount and the sale line agree to the centavo. Null when the figures cannot
 * be computed (empty, negative, beyond the limits).
 */
export function calcularDescuento(datos: {
  cantidad_solicitada: number | string;
  precio_unitario: number | string;
  porcentaje_descuento: number | string;
}): CifrasDescuento | null {
  try {
    const [linea] = calcularTotalesVenta({
      lineas: [{ cantidad: datos.cantidad_solicitada, precio_unitario: datos.precio_unitario, porcentaje_descuento: datos.porcentaje_descuento, porcentaje_impuesto: 0 }],
      porcentaje_impuesto_adicional: 0,
    }).lineas;
    if (!linea) return null;
    return { sub_total: linea.valor_bruto, valor_descuento: linea.valor_descuento, sub_total_con_descuento: linea.valor_subtotal };
  } catch (error) {
    if (error instanceof TotalesFueraDeRango) return null;
    throw error;
  }
}

/** spec 000 §4.3: pending (not approved, no approver), approved, rejected (not approved, with approver). */
export const ESTADOS_DESCUENTO = ['pendiente', 'aprobado', 'rechazado'] as const;
export type EstadoDescuento = (typeof ESTADOS_DESCUENTO)[number];

export function estadoDescuento(fila: { aprobado: boolean; nombre_aprobador: string | null }): EstadoDescuento {
  if (fila.aprobado) return 'aprobado';
  return fila.nombre_aprobador === null ? 'pendiente' : 'rechazado';
}

/** A request as saved (POST descuentos/solicitar/guardar answers it). */
export const descuentoSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  tercero_id: z.number().int(),
  producto_id: z.number().int(),
  cantidad_solicitada: z.number(),
  precio_unitario: z.number(),
  sub_total: z.number(),
  porcentaje_descuento: z.number(),
  fecha_creacion: z.string(),
  aprobado: z.boolean(),
});
export type Descuento = z.infer<typeof descuentoSchema>;

/** A row of the requested discounts screen (spec 000 §2.15, §3 "listed items"). */
export const descuentoSolicitadoSchema = z.object({
  id: z.number().int(),
  fecha_creacion: z.string(),
  tercero_id: z.number().int(),
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  nombres_cliente: z.string(),
  apellidos_cliente: z.string(),
  nombre_vendedor: z.string(),
  cantidad_solicitada: z.number(),
  precio_unitario: z.number(),
  sub_total: z.number(),
  porcentaje_descuento: z.number(),
  sub_total_con_descuento: z.number(),
  aprobado: z.boolean(),
  nombre_aprobador: z.string().nullable(),
  fecha_decision: z.string().nullable(),
  estado: z.enum(ESTADOS_DESCUENTO),
});
export type DescuentoSolicitado = z.infer<typeof descuentoSolicitadoSchema>;

/** The columns the list sorts by; without one, newest first. */
export const ORDEN_DESCUENTOS = ['fecha_creacion', 'nombre_producto', 'nombre_vendedor', 'sub_total', 'porcentaje_descuento'] as const;
export type OrdenDescuento = (typeof ORDEN_DESCUENTOS)[number];

/** GET descuentos/solicitados/{storeId}?page&per_page&estado&query. */
export const descuentosConsultaSchema = consultaListaSchema(ORDEN_DESCUENTOS).extend({
  estado: z.enum(ESTADOS_DESCUENTO, { error: 'El estado debe ser pendiente, aprobado o rechazado' }).optional(),
});
export type DescuentosConsulta = z.infer<typeof descuentosConsultaSchema>;

export const descuentosSolicitadosRespuestaSchema = z.object({
  data: z.object({ descuentos_solicitados: paginaSchema(descuentoSolicitadoSchema) }),
});

/** true/false, 1/0 and 'true'/'false' as the spec's clients send the flag. */
const marca = z.preprocess((valor) => {
  if (valor === 1 || valor === '1' || valor === 'true') return true;
  if (valor === 0 || valor === '0' || valor === 'false') return false;
  return valor;
}, z.boolean({ error: MENSAJES_DESCUENTO.aprobado }));

/** POST descuentos/solicitados/aprobar: approve (true) or reject (false) a pending request. */
export const descuentoAprobarSchema = z.object({
  descuento_solicitado_id: idRequerido(MENSAJES_DESCUENTO.solicitud),
  aprobado: marca,
});
export type DescuentoAprobar = z.infer<typeof descuentoAprobarSchema>;

/** GET descuentos/pendientes: how many requests wait for a decision. */
export const descuentosPendientesRespuestaSchema = z.object({ pendientes: z.number().int() });

/** GET descuentos/{id}. */
export const descuentoSolicitadoRespuestaSchema = z.object({ descuento: descuentoSolicitadoSchema });

/** POST descuentos/solicitar/guardar: the request as saved. */
export const descuentoRespuestaSchema = z.object({ descuento: descuentoSchema });

/** GET descuentos/solicitados/{storeId}: the selected store's code. */
export const descuentosTiendaParamsSchema = z.object({ storeId: z.string().max(10) });
