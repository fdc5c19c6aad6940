import { z } from 'zod';
import { idOpcional, idRequerido, numeroDesde, textoOpcional, textoRequerido } from '../campos';
import { formatearPesos, valorPesos, VALOR_MAXIMO_PESOS } from '../dinero';
import { fechaOpcional } from '../fechas/fechas';
import { ID_MAXIMO } from '../limites';
import { mensajeMaximo } from '../numeros';
import { DESCRIPCION_TAREA_MAXIMA, MENSAJES_TAREA, tareaSchema } from '../tareas/tareas.schema';
import {
  CANTIDAD_MAXIMA_LINEA,
  DECIMALES_CANTIDAD_LINEA,
  DECIMALES_PORCENTAJE,
  DECIMALES_PRECIO_UNITARIO,
  PORCENTAJE_MAXIMO,
  PRECIO_UNITARIO_MAXIMO,
} from './totales';
import { TIPOS_CANTO_RETAL } from './retal';

/** spec 000 §4.1 sale states. */
export const ESTADOS_VENTA = { pendienteFacturar: 1, facturado: 2, anulado: 3, enEdicion: 4, facturadoSinEnvio: 6, cotizacion: 7 } as const;
/**
 * The states' names as people read them, in one place: the table estado_venta holds the same texts (migration
 * 202612050110 wrote 'En edición' with its accent; the spec's table lacks accents only for want of them), and the order
 * panel, the billing filter and the confirmations read them here. estado-venta.test.ts checks the table against it.
 */
export const NOMBRES_ESTADO_VENTA = {
  [ESTADOS_VENTA.pendienteFacturar]: 'Pendiente facturar',
  [ESTADOS_VENTA.facturado]: 'Facturado',
  [ESTADOS_VENTA.anulado]: 'Anulado',
  [ESTADOS_VENTA.enEdicion]: 'En edición',
  [ESTADOS_VENTA.facturadoSinEnvio]: 'Facturado sin envío',
  // A quotation (docs/decisions-cotizaciones.md): an order that is only a price offer until it is converted.
  [ESTADOS_VENTA.cotizacion]: 'Cotización',
} as const satisfies Record<(typeof ESTADOS_VENTA)[keyof typeof ESTADOS_VENTA], string>;
/** States a seller may save an order in (3, Anular, only when editing an existing order: spec 000 §2.12). */
export const ESTADOS_GUARDAR_VENTA = [1, 3, 4] as const;
/** States an order can be loaded for editing (and saved again) from: spec 000 §4.1. */
export const ESTADOS_EDITABLES_VENTA: readonly number[] = [1, 4];
/** spec 000 §3 Payment type, §9: 1 Contado (default), 2 Crédito. */
export const TIPOS_PAGO = { contado: 1, credito: 2 } as const;
/**
 * The one rule of "is this sale a credit sale" (docs/decisions.md, Facturación, Tipo de pago): its tipo_pago_id. Until
 * billing it is the seller's intent; billing writes it from the bill (`tipoPagoDeFactura`), so the header, the detail,
 * the PDF, the DIAN document and Cierre de mes all read this and never the mode or the payments apart.
 */
export const esVentaCredito = (venta: { tipo_pago_id: number }): boolean => venta.tipo_pago_id === TIPOS_PAGO.credito;
/** The payment type a bill gives its sale: billed on credit is a credit sale, billed in cash a cash sale. */
export const tipoPagoDeFactura = (credito: boolean): (typeof TIPOS_PAGO)[keyof typeof TIPOS_PAGO] => (credito ? TIPOS_PAGO.credito : TIPOS_PAGO.contado);

export const OBSERVACION_VENTA_MAXIMA = 500;
/** Lines one order may carry: far above a real order, low enough to bound one request's work. */
export const LINEAS_VENTA_MAXIMAS = 500;
/** Tasks added with one save. */
export const TAREAS_VENTA_MAXIMAS = 50;

/** spec 000 §5 Sale save, §8, and the server's refusals of a save. */
export const MENSAJES_VENTA = {
  estado: 'Debe seleccionar un estado de la venta',
  campos: 'Hay campos que requieren tener información',
  cliente: 'Debe seleccionar un cliente',
  productos: 'Debe agregar al menos un producto',
  producto: 'Debe seleccionar un producto',
  cantidad: 'Debe ingresar una cantidad válida',
  precio: 'Debe ingresar un precio unitario válido',
  descuento: 'Debe ingresar un porcentaje de descuento válido',
  item: 'El ítem de la línea debe ser un número entero mayor que 0',
  itemRepetido: 'El ítem de la línea está repetido',
  anularNueva: 'Solo se puede anular un pedido que se está editando',
  impuestoAdicional: 'El impuesto adicional no existe o está inactivo',
  observacionLarga: `La observación admite hasta ${OBSERVACION_VENTA_MAXIMA} caracteres`,
  lineasMaximas: `El pedido admite hasta ${LINEAS_VENTA_MAXIMAS} líneas`,
  tareasMaximas: `Se pueden agregar hasta ${TAREAS_VENTA_MAXIMAS} tareas a la vez`,
  guardada: 'Datos guardados con éxito',
  enEdicion: 'El pedido quedó en edición',
  noEnEdicion: 'La factura no se encuentra en edición',
  sinCuentaCredito: (nombre: string) => `El cliente ${nombre} no tiene una cuenta crédito`,
  pedidoYaGuardado: (ventaId: number) => `Este pedido ya se guardó como Pedido No. ${ventaId}. Ábralo desde Pendiente por facturar para cambiarlo`,
  precioDistinto: (producto: string, precio: string) =>
    `El precio unitario de ${producto} debe ser el de la tienda (${precio}): su rol no puede cambiarlo`,
  /**
   * A line whose amount (quantity × price, its tax) passes the largest amount a sale keeps: said on its quantity, the
   * field that usually got too many digits (calcularTotalesVenta's TotalesFueraDeRango, on the form and the server).
   */
  lineaExcedeMaximo: `El valor de la línea supera el máximo de ${formatearPesos(VALOR_MAXIMO_PESOS)}: reduzca la cantidad o el precio`,
  /** Every line fits, but the order's total does not. */
  totalExcedeMaximo: `El total del pedido supera el máximo de ${formatearPesos(VALOR_MAXIMO_PESOS)}: divida el pedido en varios`,
  /** An order loaded for editing by a role that sells at the store's price, whose store price changed since. */
  precioActualizado: (referencias: string) => `El precio de ${referencias} cambió en la tienda: la línea tomó el precio actual`,
  /** The price cell of a role that sells at the store's price (puedeCambiarPrecioPedido). */
  precioSoloTienda: 'El precio unitario es el de la tienda: su rol no puede cambiarlo',
  descuentoNoPermitido: (producto: string) =>
    `La línea de ${producto} tiene un descuento sin una solicitud aprobada que lo cubra. Solicite el descuento o guarde la línea sin él`,
  descuentoNoCoincide: (producto: string) =>
    `El descuento de ${producto} no corresponde a la solicitud aprobada (cliente, producto, cantidad, precio o porcentaje distintos)`,
  descuentoCantidad: (producto: string, cantidad: number) =>
    `La cantidad de ${producto} no es la del descuento aprobado (${cantidad}): solicite el descuento de nuevo o guarde la línea sin él`,
  /** The form's notice when a typed quantity or price drops the line's approved discount (docs/decisions.md "Descuentos"). */
  descuentoQuitado: (referencia: string, campo: 'cantidad' | 'precio') =>
    `${campo === 'cantidad' ? 'La cantidad' : 'El precio'} de ${referencia} cambió: el descuento aprobado se quitó; solicítelo de nuevo`,
  cantidadPlan: (producto: string, placas: number) =>
    `La cantidad de ${producto} debe ser la de su plan de corte (${placas} ${placas === 1 ? 'placa' : 'placas'}): cámbiela optimizando de nuevo en Corte`,
  /** The quantity cell of a board line with a plan. */
  cantidadDelPlan: 'La cantidad la define el plan de corte: ábralo con Corte para cambiarla',
  impuestoRepetido: (impuesto: string) =>
    `${impuesto} ya se cobra en las líneas del pedido: elija en Otros impuestos uno que las líneas no lleven`,
  descuentoUsado: (producto: string) => `La solicitud de descuento de ${producto} ya se usó en otro pedido`,
  descuentoRepetido: 'Una solicitud de descuento solo puede cubrir una línea',
  itemPadre: 'La línea de servicio debe pertenecer a una línea de tablero del pedido con un plan de corte',
  servicioSinPadre: 'Una línea de servicio del plan de corte debe indicar la línea de tablero de la que sale',
  retalPrecio: (precio: string) => `El precio del retal no corresponde a sus medidas y a los precios base (${precio}). Vuelva a calcularlo`,
  retalProducto: 'La línea de retal debe ser del producto de retales',
  retalMedidas: 'Debe ingresar todos los campos solicitados',
} as const;

/** The offcut calculator's failure messages (spec 000 §5 Offcut calculator). */
export const MENSAJES_RETAL = {
  campos: 'Debe ingresar todos los campos solicitados',
  todos: 'Debe ingresar todos los campos',
  totales: 'Los valores del retal no corresponden a sus medidas y a los precios base. Vuelva a calcularlo',
  sinProducto: 'No existe el producto de retales: cree el producto y guarde su referencia en el parámetro REFERENCIA_PRODUCTO_RETAL',
  sinPrecios: 'Faltan los parámetros de precio base del retal (VALOR_BASE_PIEZA, VALOR_BASE_CANTO_RIGIDO, VALOR_BASE_CANTO_FLEXIBLE)',
  retalInventario: 'El retal seleccionado no existe en el inventario de la tienda',
} as const;

/** The product an offcut line is sold as: its reference is the parameter's value, 'RETAL' when the parameter is missing. */
export const PARAMETRO_PRODUCTO_RETAL = 'REFERENCIA_PRODUCTO_RETAL';
export const REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO = 'RETAL';
/** Largest offcut side, mm: a board is 2440 × 2150; a generous ceiling keeps every product exact. */
export const MEDIDA_MAXIMA_RETAL_MM = 10_000;

const medidaRetal = z.preprocess(
  numeroDesde,
  z
    .number({ error: MENSAJES_RETAL.campos })
    .int(MENSAJES_RETAL.campos)
    .min(1, MENSAJES_RETAL.campos)
    .max(MEDIDA_MAXIMA_RETAL_MM, `La medida máxima es ${MEDIDA_MAXIMA_RETAL_MM} mm`),
);
const ladoRetal = z.preprocess((v) => v === 1 || v === '1' || v === 'true' || v === true, z.boolean());

/**
 * An offcut as the calculator describes it (spec 000 §2.11): base and height in whole mm, the edge type
 * (0 none, 1 rigid, 2 flexible) and the sides that carry it. The server prices it from the parameters.
 */
export const retalMedidasSchema = z.object({
  base: medidaRetal,
  altura: medidaRetal,
  tipo_canto: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? TIPOS_CANTO_RETAL.ninguno : numeroDesde(v)),
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MENSAJES_RETAL.todos }),
  ),
  lados: z
    .object({ superior: ladoRetal, inferior: ladoRetal, izquierdo: ladoRetal, derecho: ladoRetal })
    .default({ superior: false, inferior: false, izquierdo: false, derecho: false }),
  /**
   * A kept offcut of the store's inventory the calculator starts from (docs/decisions-retales.md): its measures must be
   * the offcut's, and billing the sale consumes it. Null for an offcut measured at the counter.
   */
  retal_id: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : numeroDesde(v)),
    z.number({ error: MENSAJES_RETAL.retalInventario }).int(MENSAJES_RETAL.retalInventario).positive(MENSAJES_RETAL.retalInventario).max(ID_MAXIMO, MENSAJES_RETAL.retalInventario).nullable(),
  ).optional(),
});
export type RetalMedidas = z.output<typeof retalMedidasSchema>;

/** The same offcut as answers carry it (no reading rules: answers are serialized, not parsed). */
const retalMedidasRespuestaSchema = z.object({
  base: z.number().int(),
  altura: z.number().int(),
  tipo_canto: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  lados: z.object({ superior: z.boolean(), inferior: z.boolean(), izquierdo: z.boolean(), derecho: z.boolean() }),
  /** The kept offcut sold, when the calculator started from one; null (or absent in lines saved before) otherwise. */
  retal_id: z.number().int().nullable().optional(),
});

const montoRetal = valorPesos(MENSAJES_RETAL.totales, 'cero').optional();

/**
 * POST facturas/retal (spec 000 §7: total_precio_base, tipo_canto, cantidad_canto, total_precio_canto) plus the
 * offcut's measures, which the server needs to price it itself. The spec's amounts, when sent, must be the server's.
 */
export const facturaRetalSchema = retalMedidasSchema.extend({
  total_precio_base: montoRetal,
  cantidad_canto: z.preprocess(numeroDesde, z.number({ error: MENSAJES_RETAL.totales }).min(0, MENSAJES_RETAL.totales).optional()),
  total_precio_canto: montoRetal,
});
export type FacturaRetal = z.output<typeof facturaRetalSchema>;

/** A non-negative number with at most `decimales` decimals (read from its text) and at most `maximo`. */
function decimalLimitado(mensaje: string, decimales: number, maximo: number, minimo: 'positivo' | 'cero') {
  const patron = new RegExp(`^\\d+(\\.\\d{1,${decimales}})?$`);
  return z.preprocess(
    numeroDesde,
    z
      .number({ error: mensaje })
      .refine((n) => (minimo === 'positivo' ? n > 0 : n >= 0), mensaje)
      .refine((n) => n <= maximo, mensajeMaximo(maximo))
      .refine((n) => patron.test(String(n)), `Máximo ${decimales} decimales`),
  );
}

const itemLinea = z.preprocess(
  numeroDesde,
  z.number({ error: MENSAJES_VENTA.item }).int(MENSAJES_VENTA.item).min(1, MENSAJES_VENTA.item).max(ID_MAXIMO, MENSAJES_VENTA.item).optional(),
);

/** spec 000 §3 Order line: what the server reads of each line (the rest it reads from the product). */
export const lineaVentaGuardarSchema = z.object({
  producto_id: idRequerido(MENSAJES_VENTA.producto),
  cantidad_solicitada: decimalLimitado(MENSAJES_VENTA.cantidad, DECIMALES_CANTIDAD_LINEA, CANTIDAD_MAXIMA_LINEA, 'positivo'),
  precio_unitario: decimalLimitado(MENSAJES_VENTA.precio, DECIMALES_PRECIO_UNITARIO, PRECIO_UNITARIO_MAXIMO, 'cero'),
  porcentaje_descuento: z
    .preprocess((v) => (v === undefined || v === null || v === '' ? 0 : v), decimalLimitado(MENSAJES_VENTA.descuento, DECIMALES_PORCENTAJE, PORCENTAJE_MAXIMO, 'cero')),
  item: itemLinea,
  /** The line's cut plan (spec 000 §3 response_lepton), kept whole; none for a plain line. */
  lepton: z.looseObject({}).nullish(),
  /**
   * A service or edge material line the cutting dialog created from a board line's plan (spec 000 §4.4): true, with
   * item_padre the board line's item. 'Agregar' on that board line again removes and re-creates these lines.
   */
  servicio_lepton: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).default(false),
  item_padre: itemLinea.nullish().transform((v) => v ?? null),
  /** The approved discount request this line's discount comes from (docs/decisions.md "Descuentos"); none without one. */
  descuento_solicitado_id: idOpcional(MENSAJES_VENTA.descuento),
  /** An offcut line (spec 000 §2.11): its measures and edge; the server prices it again from the parameters. */
  retal: retalMedidasSchema.nullish().transform((v) => v ?? null),
});
export type LineaVentaGuardar = z.infer<typeof lineaVentaGuardarSchema>;

export const tareaNuevaVentaSchema = z.object({
  descripcion_tarea: textoRequerido(MENSAJES_TAREA.descripcion, DESCRIPCION_TAREA_MAXIMA, MENSAJES_TAREA.descripcionLarga),
});

const totalVenta = valorPesos(MENSAJES_VENTA.campos, 'cero');

/**
 * POST facturas/guardar (spec 000 §3 Sale form, §5 Sale save): a new order (venta_id null) or the order being edited
 * (venta_id and the `version` it was loaded with). The client's totals are checked against the server's own.
 */
export const ventaGuardarSchema = z
  .object({
    venta_id: idOpcional(),
    version: z.preprocess(
      (v) => (v === null || v === '' ? undefined : numeroDesde(v)),
      z.number({ error: MENSAJES_VENTA.campos }).int(MENSAJES_VENTA.campos).min(1, MENSAJES_VENTA.campos).max(ID_MAXIMO, MENSAJES_VENTA.campos).optional(),
    ),
    tercero_id: idRequerido(MENSAJES_VENTA.cliente),
    tipo_pago_id: z.preprocess(numeroDesde, z.union([z.literal(1), z.literal(2)], { error: MENSAJES_VENTA.campos })),
    // 7 saves a quotation ('Guardar como cotización', docs/decisions-cotizaciones.md).
    estado_venta_id: z.preprocess(numeroDesde, z.union([z.literal(1), z.literal(3), z.literal(4), z.literal(7)], { error: MENSAJES_VENTA.estado })),
    /** A quotation's last valid day; today + DIAS_VALIDEZ_COTIZACION when absent. Only with state 7. */
    fecha_validez: fechaOpcional('Debe ingresar una fecha de validez válida').optional().transform((v) => v ?? null),
    impuesto_adicional_id: idOpcional(MENSAJES_VENTA.impuestoAdicional),
    observacion_venta: textoOpcional(OBSERVACION_VENTA_MAXIMA, MENSAJES_VENTA.observacionLarga),
    productoList: z
      .array(lineaVentaGuardarSchema, { error: MENSAJES_VENTA.productos })
      .min(1, MENSAJES_VENTA.productos)
      .max(LINEAS_VENTA_MAXIMAS, MENSAJES_VENTA.lineasMaximas),
    tareasList: z
      .array(tareaNuevaVentaSchema, { error: MENSAJES_TAREA.descripcion })
      .max(TAREAS_VENTA_MAXIMAS, MENSAJES_VENTA.tareasMaximas)
      .nullish()
      .transform((v) => v ?? []),
    total_subtotal_venta: totalVenta,
    total_impuestos_venta: totalVenta,
    total_otros_impuestos_venta: totalVenta,
    total_venta: totalVenta,
    total_descuento: totalVenta,
    /** Sells stock other orders reserve, after the seller confirmed the 409 STOCK_RESERVADO (docs/decisions-reservas.md). */
    confirmar_reservas: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
    /**
     * A new order's save key, drawn once by the form (docs/decisions.md "Un pedido nuevo se guarda una sola vez"): the
     * same save sent again (its answer lost on the way back) answers the order it made instead of making a second one.
     */
    clave_guardado: z.uuid({ error: MENSAJES_VENTA.campos }).optional(),
  })
  .superRefine((venta, ctx) => {
    if (venta.venta_id !== null && venta.version === undefined) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: MENSAJES_VENTA.campos });
    }
    if (venta.venta_id === null && venta.estado_venta_id === ESTADOS_VENTA.anulado) {
      ctx.addIssue({ code: 'custom', path: ['estado_venta_id'], message: MENSAJES_VENTA.anularNueva });
    }
    const vistos = new Set<number>();
    venta.productoList.forEach((linea, n) => {
      if (linea.item === undefined) return;
      if (vistos.has(linea.item)) ctx.addIssue({ code: 'custom', path: ['productoList', n, 'item'], message: MENSAJES_VENTA.itemRepetido });
      vistos.add(linea.item);
    });
    // A plan's service line names its board line by item: that line must be in the order, with a plan.
    const tableros = new Set(venta.productoList.filter((l) => l.lepton && l.item !== undefined).map((l) => l.item));
    venta.productoList.forEach((linea, n) => {
      if (linea.servicio_lepton && linea.item_padre === null) {
        ctx.addIssue({ code: 'custom', path: ['productoList', n, 'item_padre'], message: MENSAJES_VENTA.servicioSinPadre });
      } else if (linea.item_padre !== null && !tableros.has(linea.item_padre)) {
        ctx.addIssue({ code: 'custom', path: ['productoList', n, 'item_padre'], message: MENSAJES_VENTA.itemPadre });
      }
    });
    const descuentos = new Set<number>();
    venta.productoList.forEach((linea, n) => {
      if (linea.descuento_solicitado_id === null) return;
      if (descuentos.has(linea.descuento_solicitado_id)) {
        ctx.addIssue({ code: 'custom', path: ['productoList', n, 'descuento_solicitado_id'], message: MENSAJES_VENTA.descuentoRepetido });
      }
      descuentos.add(linea.descuento_solicitado_id);
    });
  });
export type VentaGuardar = z.infer<typeof ventaGuardarSchema>;

const totalesSchema = z.object({
  total_subtotal_venta: z.number(),
  total_descuento: z.number(),
  total_impuestos_venta: z.number(),
  total_otros_impuestos_venta: z.number(),
  total_venta: z.number(),
  total_venta_bruta: z.number(),
  total_venta_neta: z.number(),
});

/** The answer of a save: the order, its new version (for the next save) and the server's totals. */
export const ventaGuardadaSchema = z.object({ venta_id: z.number().int(), version: z.number().int(), totales: totalesSchema });
export type VentaGuardada = z.infer<typeof ventaGuardadaSchema>;

/**
 * spec 000 §3 Sale header, the fields that exist before billing, and the order's version; keys in the answer's order
 * (the row as the repository selects it, then what the service adds).
 */
export const ventaEncabezadoSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  nombre_tienda: z.string(),
  cliente_id: z.number().int(),
  fecha_venta: z.string(),
  tipo_documento_id: z.number().int(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  vendedor_id: z.number().int(),
  nombre_vendedor: z.string(),
  ...totalesSchema.omit({ total_venta_bruta: true, total_venta_neta: true }).shape,
  estado_venta_id: z.number().int(),
  nombre_estado_venta: z.string(),
  tipo_pago_id: z.number().int(),
  nombre_tipo_pago: z.string(),
  observacion_venta: z.string().nullable(),
  impuesto_adicional_id: z.number().int().nullable(),
  nombre_impuesto: z.string().nullable(),
  version: z.number().int(),
  credito: z.boolean(),
  total_venta_bruta: z.number(),
  total_venta_neta: z.number(),
  /** = total_impuestos_venta (totales.ts NAMES). */
  total_impuestos: z.number(),
  porcentaje_impuesto: z.number(),
});
export type VentaEncabezado = z.infer<typeof ventaEncabezadoSchema>;

/** A line's amounts (pesos, from whole centavos): a sale's line and a return's line answer the same six. */
export const camposValoresLinea = {
  valor_bruto: z.number(),
  valor_descuento: z.number(),
  valor_subtotal: z.number(),
  valor_impuesto: z.number(),
  valor_otros_impuestos: z.number(),
  valor_total: z.number(),
};

/** spec 000 §3 Sale line (detail), keys in the answer's order (the row, then its quantity and unit price). */
export const ventaDetalleSchema = z.object({
  id: z.number().int(),
  item: z.number().int(),
  item_padre: z.number().int().nullable(),
  producto_id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  porcentaje_descuento: z.number(),
  porcentaje_impuesto: z.number(),
  ...camposValoresLinea,
  response_lepton: z.unknown(),
  servicio_lepton: z.boolean(),
  /** The approved discount request behind the line's discount, if any. */
  descuento_solicitado_id: z.number().int().nullable(),
  /** The offcut's measures and edge, for an offcut line. */
  retal: retalMedidasRespuestaSchema.nullable(),
  cantidad_vendida: z.number(),
  valor_unitario: z.number(),
});
export type VentaDetalle = z.infer<typeof ventaDetalleSchema>;

/** "Sales: get by id" (spec 000 §7): the order, its lines and its tasks. */
export const ventaCompletaSchema = z.object({
  ventas_encabezado: ventaEncabezadoSchema,
  ventas_detalle: z.array(ventaDetalleSchema),
  ventas_tarea: z.array(tareaSchema),
});
export type VentaCompleta = z.infer<typeof ventaCompletaSchema>;

/**
 * The fields a report row of a sale shares (the month closing's sales, production's sales list), in three groups
 * spread in each row where its answer has them (the keys' order is the answer's).
 */
export const clienteVendedorFilaVentaSchema = z.object({
  numero_documento_tercero: z.string(),
  nombres_tercero: z.string(),
  apellidos_tercero: z.string(),
  nombre_vendedor: z.string(),
});
/** Before taxes (neta), paid (bruta), its taxes and its discount. */
export const totalesFilaVentaSchema = z.object({
  total_venta_neta: z.number(),
  total_venta_bruta: z.number(),
  total_impuestos: z.number(),
  total_descuento: z.number(),
});
/** The sale's state and payment type with their names, and the web shop's dispatch fields (null until it exists). */
export const estadoFilaVentaSchema = z.object({
  estado_venta_id: z.number().int(),
  nombre_estado_venta: z.string(),
  tipo_pago_id: z.number().int(),
  nombre_tipo_pago: z.string(),
  nombre_tipo_envio: z.string().nullable(),
  observacion_despacho: z.string().nullable(),
});

/** Sales billed and later annulled: out of every figure, counted apart so the screen can say so. */
export const anuladasSchema = z.object({ cantidad: z.number().int(), total: z.number() });
export type Anuladas = z.infer<typeof anuladasSchema>;

/**
 * "Sales: list by filters" (spec 000 §7, §2.12): a customer's orders in a state (4, in editing, by default). The
 * customer is its id, not its document number: two customers may share a number under different document types (CC
 * and NIT), and each sees only its own orders (docs/decisions.md).
 */
export const ventasFiltrosSchema = z.object({
  tercero_id: idRequerido(MENSAJES_VENTA.cliente),
  estado_venta_id: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? ESTADOS_VENTA.enEdicion : numeroDesde(v)),
    z.number({ error: MENSAJES_VENTA.estado }).int(MENSAJES_VENTA.estado).min(1, MENSAJES_VENTA.estado).max(ID_MAXIMO, MENSAJES_VENTA.estado),
  ),
});
export type VentasFiltros = z.infer<typeof ventasFiltrosSchema>;

/**
 * The payment methods the billing rules name by id (migration 202611231700_create_forma_pago): 1 cash (spec 000 §9),
 * 6 credit (forma_credito), 8 the advance (forma_abono; the parameter FORMA_PAGO_ANTICIPO names it in the demo data).
 */
export const FORMAS_PAGO = { efectivo: 1, credito: 6, anticipo: 8 } as const;

/** spec 000 §3 and 002 §3 Payment method. */
export const formaPagoSchema = z.object({
  id: z.number().int(),
  nombre_forma_pago: z.string(),
  /** The cashier types the voucher or deposit code. */
  requiere_codigo_comprobante: z.boolean(),
  /** Paid from the customer's prepaid balance (the advance). */
  forma_abono: z.boolean(),
  /** Charged to the customer's credit account. */
  forma_credito: z.boolean(),
});
export type FormaPago = z.infer<typeof formaPagoSchema>;

/** spec 000 §3 Payment type. */
export const tipoPagoSchema = z.object({ id: z.number().int(), nombre_tipo_pago: z.string() });
export type TipoPago = z.infer<typeof tipoPagoSchema>;

/** The offcut's price as the calculator shows it (calcularPrecioRetal, retal.ts). */
export const precioRetalSchema = z.object({
  area: z.number(),
  total_precio_base: z.number(),
  tipo_canto: z.number().int(),
  cantidad_canto: z.number(),
  total_precio_canto: z.number(),
  total: z.number(),
});

/**
 * The answer of POST facturas/retal: the price, and the order line the form opens with (the offcut product, one unit at
 * the offcut's price, with its measures so the save can price it again).
 */
export const retalCotizadoSchema = z.object({
  precio: precioRetalSchema,
  linea: z.object({
    producto_id: z.number().int(),
    referencia: z.string(),
    nombre_producto: z.string(),
    grupo_id: z.number().int(),
    impuesto_id: z.number().int(),
    porcentaje_impuesto: z.number(),
    precio_unitario: z.number(),
    cantidad_solicitada: z.number(),
    /** e.g. 'Retal 600 × 400 mm, canto rígido en 2 lados'. */
    descripcion: z.string(),
    retal: retalMedidasRespuestaSchema,
  }),
});
export type RetalCotizado = z.infer<typeof retalCotizadoSchema>;

/** POST ventas/filtros: the orders of a customer. */
export const ventasFiltrosRespuestaSchema = z.object({ ventas: z.array(ventaEncabezadoSchema) });

/** GET listas/tipos-pagos. */
export const tiposPagosRespuestaSchema = z.object({ tipos_pagos: z.array(tipoPagoSchema) });

/** GET listas/formas-pago. */
export const formasPagosRespuestaSchema = z.object({ formas_pagos: z.array(formaPagoSchema) });
