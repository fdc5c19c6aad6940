import { z } from 'zod';
import { enteroRequerido, idOpcional } from '../campos';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import { dePesos, leerPesos, valorPesos } from '../dinero';
import { ID_MAXIMO } from '../limites';
import { MENSAJES_TERCERO } from '../terceros/terceros.schema';

/** spec 001 §5 Credit account form and Credit payment; §8 credit account errors. */
export const MENSAJES_CUENTA_CREDITO = {
  tercero: 'Debe seleccionar un tercero',
  cupo: 'Debe ingresar un valor',
  faltanCampos: 'Debe ingresar todos los campos',
  /**
   * spec 001 §5 words it as 'El valor del cupo permitido supera el valor minimo de cupo', which says the opposite
   * of what happened (docs/decisions-creditos.md 'Cuentas y cupos'): the quota typed is below what the customer already owes.
   */
  cupoMinimo: (minimo: string) => `El cupo permitido no puede ser menor que el crédito que el cliente ya tiene (${minimo})`,
  /** docs/decisions-creditos.md 'Cuentas y cupos': 'Crear cuenta crédito' for a customer who has one never replaces its quota in silence. */
  cuentaExistente: 'El cliente ya tiene una cuenta crédito. Use Editar en su fila para cambiar el cupo',
  creada: 'Cuenta crédito creada con éxito',
  actualizada: 'Cuenta crédito actualizada con éxito',
  valorPago: 'Debe ingresar un valor a pagar',
  pagoInvalido: 'Debe ingresar un valor de pago válido',
  faltanCamposPago: 'Debe ingresar todos los campos',
  pagoRegistrado: 'Pago registrado con éxito',
  formaPago: 'Debe seleccionar una forma de pago válida',
  comprobanteLargo: 'El código de comprobante admite hasta 60 caracteres',
  sinCuenta: 'El tercero no tiene una cuenta crédito',
  sinCreditos: 'No se han registrado créditos',
  sinPagos: 'No se han registrado pagos',
  tipoDocumento: 'Debe seleccionar un tipo de documento válido',
  /**
   * docs/decisions-creditos.md 'Cuentas y cupos': a document number shared by customers of different document types (CC 123 and NIT 123) names no one
   * account; the caller must say which.
   */
  documentoAmbiguo: (numero: string, tipos: string[]) =>
    `Hay ${tipos.length} clientes con el número de documento ${numero} (${tipos.join(', ')}). Indique el tipo de documento`,
  /**
   * A seller's in-form account (docs/decisions.md "Quién mueve el dinero de un crédito"): above the ceiling of the
   * parameter CUPO_MAXIMO_VENDEDOR, the amount written by formatearPesos.
   */
  cupoVendedor: (maximo: string) => `El cupo de una cuenta creada desde el pedido no puede superar ${maximo}. Un cupo mayor lo asigna un administrador en Cuentas crédito`,
  /** The field's hint for a seller: the ceiling, written by formatearPesos. */
  cupoVendedorAyuda: (maximo: string) => `Cupo máximo: ${maximo}`,
  /** Title of the screen's chooser between those customers. */
  elegirCliente: 'Seleccione el cliente',
  /** The account's term (docs/decisions-factura-electronica.md, "Venta a crédito"). */
  plazo: 'Debe ingresar el plazo en días',
  plazoInvalido: 'El plazo debe ser un número entero de días entre 1 y 365',
} as const;

/**
 * The term of a credit account (docs/decisions-factura-electronica.md, "Venta a crédito"): a credit sale is due its
 * billing day plus these whole days; 30 when not given (the monthly billing the accounts had).
 */
export const PLAZO_CREDITO = { defecto: 30, minimo: 1, maximo: 365 } as const;

/** A term as screens print it: '30 días', '1 día'. */
export const textoPlazo = (dias: number) => `${dias} ${dias === 1 ? 'día' : 'días'}`;

/** The term field: whole days from 1 to 365. */
export const plazoCreditoSchema = enteroRequerido(MENSAJES_CUENTA_CREDITO.plazo, {
  minimo: PLAZO_CREDITO.minimo,
  maximo: PLAZO_CREDITO.maximo,
  mensajeInvalido: MENSAJES_CUENTA_CREDITO.plazoInvalido,
  mensajeMaximo: MENSAJES_CUENTA_CREDITO.plazoInvalido,
});

/**
 * spec 002 §3 Credit movement types: 1 sale charge, 2 payment (against one sale); 3 annulment of a payment (names it),
 * 4 annulment of the sale (names its charge), 5 write-off of a sale's pending balance, 'Eliminación de crédito' (names
 * the charge). docs/decisions-creditos.md.
 */
export const TIPOS_MOVIMIENTO_CREDITO = { VENTA: 1, PAGO: 2, ANULACION_PAGO: 3, ANULACION_VENTA: 4, ELIMINACION_CREDITO: 5, DEVOLUCION_VENTA: 6, RETENCION: 7 } as const;
export type TipoMovimientoCredito = (typeof TIPOS_MOVIMIENTO_CREDITO)[keyof typeof TIPOS_MOVIMIENTO_CREDITO];

export const cuentaCreditoGuardarSchema = z.object({
  /**
   * The account being edited (Editar); absent when creating one (Crear cuenta crédito). Not in the spec's payload:
   * without it a create for a customer who already has an account would overwrite its quota (docs/decisions-creditos.md 'Cuentas y cupos').
   */
  id: idOpcional(),
  /** The customer; one account per third party. */
  tercero_id: z
    .number({ error: MENSAJES_CUENTA_CREDITO.tercero })
    .int(MENSAJES_CUENTA_CREDITO.tercero)
    .positive(MENSAJES_CUENTA_CREDITO.tercero)
    .max(ID_MAXIMO, MENSAJES_CUENTA_CREDITO.tercero)
    .nullable()
    .transform((valor, ctx) => {
      if (valor === null) {
        ctx.addIssue({ code: 'custom', message: MENSAJES_CUENTA_CREDITO.tercero });
        return z.NEVER;
      }
      return valor;
    }),
  /** Total quota allowed, in whole pesos (spec: number, min 0, step 1). */
  total_cupo_permitido: valorPesos(MENSAJES_CUENTA_CREDITO.cupo, 'cero').refine(
    (valor) => Number.isInteger(valor),
    MENSAJES_CUENTA_CREDITO.cupo,
  ),
  /**
   * The term in days (not in spec 001's payload, so optional): absent, a new account gets PLAZO_CREDITO.defecto and an
   * edited one keeps its own.
   */
  plazo_dias: plazoCreditoSchema.optional(),
});
export type CuentaCreditoGuardar = z.output<typeof cuentaCreditoGuardarSchema>;

/**
 * POST cuentas-credito/pedido: the order form's account of a customer without one (spec 000 §8), for whoever sells.
 * Creates only (no `id`): a quota changes only through Cuentas crédito's Editar, for the roles that manage credit.
 */
export const cuentaCreditoPedidoSchema = cuentaCreditoGuardarSchema.omit({ id: true });
export type CuentaCreditoPedido = z.output<typeof cuentaCreditoPedidoSchema>;

/** The parameter that holds the highest quota a seller gives from the order form, in whole pesos. */
export const PARAMETRO_CUPO_MAXIMO_VENDEDOR = 'CUPO_MAXIMO_VENDEDOR';

/**
 * The seller's ceiling read from the parameter's value ('5000000', '5,000,000'): pesos, or null when the value is no
 * amount (then no seller may create an account from the order form until it is fixed).
 */
export function leerCupoMaximoVendedor(valor: string | null | undefined): number | null {
  const centavos = leerPesos(valor ?? '');
  return typeof centavos === 'number' && centavos >= 0 ? dePesos(centavos) : null;
}
export type CuentaCreditoGuardarEntrada = z.input<typeof cuentaCreditoGuardarSchema>;

export const pagoCuentaCreditoSchema = z.object({
  cuenta_credito_id: z
    .number({ error: MENSAJES_CUENTA_CREDITO.faltanCamposPago })
    .int()
    .positive(MENSAJES_CUENTA_CREDITO.faltanCamposPago)
    .max(ID_MAXIMO, MENSAJES_CUENTA_CREDITO.faltanCamposPago),
  /**
   * Amount paid (spec 001 §5 Credit payment): missing or empty → 'Debe ingresar un valor a pagar'; otherwise more than
   * 0 and at most what the customer owes (the spec's "strictly below" would forbid paying the whole
   * debt; docs/decisions-creditos.md 'Pago a la cuenta') → 'Debe ingresar un valor de pago válido'. Applied to the oldest pending sales first.
   */
  valor_pago: z
    .union([z.number(), z.string()], { error: MENSAJES_CUENTA_CREDITO.pagoInvalido })
    .nullish()
    .refine((valor) => valor !== undefined && valor !== null && String(valor).trim() !== '', MENSAJES_CUENTA_CREDITO.valorPago)
    .pipe(valorPesos(MENSAJES_CUENTA_CREDITO.pagoInvalido)),
  /**
   * The payment method (the daily cash and the month closing total payments by method): Efectivo (1) when
   * absent; never Crédito (6) nor Anticipo (8). `codigo_comprobante` when the method requires a voucher code.
   */
  forma_pago_id: idOpcional(MENSAJES_CUENTA_CREDITO.formaPago)
    .optional()
    .transform((valor) => valor ?? undefined),
  codigo_comprobante: z
    .string()
    .trim()
    .max(60, MENSAJES_CUENTA_CREDITO.comprobanteLargo)
    .nullish()
    .transform((valor) => (valor ? valor : null)),
});
export type PagoCuentaCredito = z.output<typeof pagoCuentaCreditoSchema>;
export type PagoCuentaCreditoEntrada = z.input<typeof pagoCuentaCreditoSchema>;

/** PUT cuentas-credito/pago: what the customer owes after the payment. */
export const pagoCuentaCreditoRegistradoSchema = z.object({ total_credito: z.number() });
export type PagoCuentaCreditoRegistrado = z.infer<typeof pagoCuentaCreditoRegistradoSchema>;

/** A row of the credit accounts list (spec 001 §3 Credit account). */
export const cuentaCreditoSchema = z.object({
  id: z.number().int(),
  tercero_id: z.number().int(),
  total_cupo_permitido: z.number(),
  /** What the customer owes now. */
  total_credito: z.number(),
  /** Days a credit sale of the account is due after its billing day. */
  plazo_dias: z.number().int(),
  fecha_creacion: z.string(),
  /** The customer's document: one number may belong to several customers with different document types. */
  tipo_documento_id: z.number().int(),
  nombre_tipo_documento: z.string(),
  numero_documento_tercero: z.string(),
  nombres_tercero: z.string(),
  apellidos_tercero: z.string(),
});
export type CuentaCredito = z.infer<typeof cuentaCreditoSchema>;

/** spec 001 §3 Credit invoice. */
export const facturaCreditoSchema = z.object({
  id: z.number().int(),
  venta_id: z.number().int().nullable(),
  valor_credito: z.number(),
  fecha_registro: z.string(),
});
export type FacturaCredito = z.infer<typeof facturaCreditoSchema>;

/** spec 001 §3 Payment (nombre_vendedor: who recorded it). */
export const pagoCuentaCreditoFilaSchema = z.object({
  id: z.number().int(),
  valor_pagado: z.number(),
  fecha_creacion: z.string(),
  nombre_vendedor: z.string().nullable(),
});
export type PagoCuentaCreditoFila = z.infer<typeof pagoCuentaCreditoFilaSchema>;

/** A customer's document number as the third-party form keeps it: digits only, up to 15. */
const numeroDocumento = z
  .string({ error: MENSAJES_CUENTA_CREDITO.tercero })
  .trim()
  .min(1, MENSAJES_CUENTA_CREDITO.tercero)
  .regex(/^(\d{1,15})?$/, MENSAJES_TERCERO.numeroDocumentoDigitos);

/**
 * POST cuentas-credito/cliente (spec 001 §7): the account of the customer with this document number. When customers
 * of several document types share the number, `tipo_documento_id` says which (never one picked silently).
 */
export const cuentaCreditoClienteConsultaSchema = z.object({
  documento_cliente: numeroDocumento,
  tipo_documento_id: idOpcional(MENSAJES_CUENTA_CREDITO.tipoDocumento).optional().default(null),
});
export type CuentaCreditoClienteConsulta = z.output<typeof cuentaCreditoClienteConsultaSchema>;

/** The columns the credit accounts list sorts by (its own order, newest first, when none is chosen). */
export const ORDEN_CUENTAS_CREDITO = ['fecha_creacion', 'numero_documento', 'nombres', 'total_cupo_permitido', 'total_credito'] as const;
export type OrdenCuentaCredito = (typeof ORDEN_CUENTAS_CREDITO)[number];

/**
 * Query of GET cuentas-credito: page, size (per_page), sort (orden/direccion), `query` (document prefix or names) and,
 * for the detail screen, the exact `numero_documento`: the accounts of every customer with that number,
 * whatever their document type.
 */
export const cuentasCreditoConsultaSchema = consultaListaSchema(ORDEN_CUENTAS_CREDITO).extend({
  numero_documento: numeroDocumento.optional(),
});
export type CuentasCreditoConsulta = z.output<typeof cuentasCreditoConsultaSchema>;

/** GET cuentas-credito: a page of accounts. */
export const cuentasCreditoRespuestaSchema = z.object({ cuentas_credito: paginaSchema(cuentaCreditoSchema) });

export const cuentaCreditoClienteSchema = z.object({
  cuenta_credito_cliente: cuentaCreditoSchema,
  facturas_credito: z.array(facturaCreditoSchema),
  pagos_cuentas_credito: z.array(pagoCuentaCreditoFilaSchema),
});
export type CuentaCreditoCliente = z.infer<typeof cuentaCreditoClienteSchema>;
