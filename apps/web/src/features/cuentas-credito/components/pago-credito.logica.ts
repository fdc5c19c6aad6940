import { z } from 'zod';
import {
  aCentavos,
  pagoCreditoSchema,
  centavosDeValor,
  dePesos,
  esFormaAnticipo,
  excesoAnticipo as excesoDeAnticipo,
  fallaPagoCreditoEnCampo,
  filaCompleta as filaDePagoCompleta,
  FORMAS_PAGO,
  formasOfrecidas as formasDeUso,
  MENSAJES_CREDITOS,
  OBSERVACION_ABONO_MAXIMA,
  restantePorPagar,
  revisarFilas,
  siguienteClave,
  sumaFilas,
  type PagoCredito,
  type FormaPago,
  type VentaPendienteCredito,
} from '@tablero/domain';

/**
 * The pure rules of the credit payment form (spec 002 §2.3, §5 Credit payment): the methods offered, the
 * rows of chosen methods, the advance control, the checks before adding a row and before saving, and the body of
 * POST creditos/abonos. Every sum goes through centavos. The server repeats every check.
 */

/** One chosen method: its amount ('' while empty), and its voucher code and deposit date when the method requires them. */
export interface FilaPagoCredito {
  /** Tells the rows apart. */
  clave: number;
  forma: FormaPago;
  valor: number | '';
  comprobante: string;
  fecha_consignacion: string | null;
}

/** The form's values: the sale and the date null while not chosen. */
export interface FormularioPagoCredito {
  venta_id: number | null;
  fecha_abono: string | null;
  observacion_abono: string;
  formas: FilaPagoCredito[];
}

/** The total to pay: the sum of the rows, in pesos (§5 "Total is the sum of the chosen methods' amounts"). */
export const totalPagoCredito = (filas: readonly FilaPagoCredito[]): number => sumaFilas(filas);

/** The advance method: the one flagged forma_abono (FORMA_PAGO_ANTICIPO, 8 in the demo data), else id 8. */
export function formaAnticipo(formas: readonly FormaPago[]): FormaPago | undefined {
  return formas.find((forma) => forma.forma_abono) ?? formas.find((forma) => forma.id === FORMAS_PAGO.anticipo);
}

/**
 * The picker's methods (§5, §9): every active method but 6 (Crédito) and 8 (Anticipo, only through its own control),
 * and none already in the table (a payment carries each method once).
 */
export const formasOfrecidas = (formas: readonly FormaPago[], filas: readonly FilaPagoCredito[]): FormaPago[] => formasDeUso('pagoCredito', formas, filas);

/** A row is complete when its amount is above 0 and, where the method requires it, its code and deposit date are typed. */
export const filaCompleta = (fila: FilaPagoCredito): boolean => filaDePagoCompleta('pagoCredito', fila);

/** §5: why a method cannot be added now, or null when it can. */
export function motivoNoAgregar(forma: FormaPago | null | undefined, filas: readonly FilaPagoCredito[]): string | null {
  if (!forma) return MENSAJES_CREDITOS.seleccionarForma;
  if (filas.some((fila) => !filaCompleta(fila))) return MENSAJES_CREDITOS.camposAntesDeAgregar;
  return null;
}

/** What the sale still owes after the rows, never below 0 (a new row receives it); 0 without a sale. */
export function restanteDeVenta(saldoPendiente: number | null, filas: readonly FilaPagoCredito[]): number {
  return saldoPendiente === null ? 0 : restantePorPagar(saldoPendiente, filas);
}

/** Adds a row of the method with what the sale still owes (or empty when nothing is owed or no sale is chosen). */
export function agregarFila(filas: readonly FilaPagoCredito[], forma: FormaPago, saldoPendiente: number | null): FilaPagoCredito[] {
  const restante = restanteDeVenta(saldoPendiente, filas);
  return [...filas, { clave: siguienteClave(filas), forma, valor: restante > 0 ? restante : '', comprobante: '', fecha_consignacion: null }];
}

/**
 * The advance control: adds the advance method with what the sale still owes, at most the customer's advance balance.
 * Null when it cannot be used: no balance, no method, or already in the table.
 */
export function agregarAnticipo(filas: readonly FilaPagoCredito[], formas: readonly FormaPago[], saldoAnticipo: number, saldoPendiente: number | null): FilaPagoCredito[] | null {
  const forma = formaAnticipo(formas);
  if (!forma || aCentavos(saldoAnticipo) <= 0 || filas.some((fila) => esFormaAnticipo(fila.forma))) return null;
  const restante = restanteDeVenta(saldoPendiente, filas);
  const valor = dePesos(Math.min(aCentavos(saldoAnticipo), aCentavos(restante)));
  return [...filas, { clave: siguienteClave(filas), forma, valor: valor > 0 ? valor : '', comprobante: '', fecha_consignacion: null }];
}

/** The advance row's amount, and whether it is above the customer's advance balance. */
export const excesoAnticipo = (filas: readonly FilaPagoCredito[], saldoAnticipo: number) => excesoDeAnticipo(filas, saldoAnticipo);

/**
 * §5 on submit, once the sale, the date and the observation are there: total not zero, then the domain's payment rows
 * rule (the one the server runs): no empty or zero amount nor missing code or deposit date, the total within the
 * sale's pending balance, the advance within its balance. Null when it may go.
 */
export function motivoNoGuardar(filas: readonly FilaPagoCredito[], saldoPendiente: number | null, saldoAnticipo: number | null): string | null {
  if (aCentavos(totalPagoCredito(filas)) <= 0) return MENSAJES_CREDITOS.valorCero;
  const falla = revisarFilas('pagoCredito', filas, { maximo: saldoPendiente, saldoAnticipo });
  return falla ? fallaPagoCreditoEnCampo(falla).mensaje : null;
}

/** The body of POST creditos/abonos (spec 002 §3 Credit payment request). */
export function armarPagoCredito(valores: FormularioPagoCredito & { venta_id: number; fecha_abono: string }): PagoCredito {
  return {
    venta_id: valores.venta_id,
    fecha_abono: valores.fecha_abono,
    observacion_abono: valores.observacion_abono.trim(),
    valor_abono: totalPagoCredito(valores.formas),
    retenciones: [],
    lista_formas_pagadas_form: valores.formas.map((fila) => ({
      id_forma_pago: fila.forma.id,
      nombre_forma_pago: fila.forma.nombre_forma_pago,
      valor_pagado: dePesos(centavosDeValor(fila.valor)),
      codigo_comprobante: fila.forma.requiere_codigo_comprobante ? fila.comprobante.trim() : null,
      requiere_codigo_comprobante: fila.forma.requiere_codigo_comprobante,
      fecha_consignacion: fila.forma.requiere_codigo_comprobante ? fila.fecha_consignacion : null,
    })),
  };
}

/** The pending balance of the chosen sale, or null when none is chosen (or it is no longer pending). */
export function saldoDeVenta(ventas: readonly VentaPendienteCredito[], ventaId: number | null): number | null {
  return ventas.find((venta) => venta.venta_id === ventaId)?.valor_saldo_movimiento ?? null;
}

const RUTA_FORMAS = ['formas'] as const;

/**
 * The toast of an invalid submit (spec 002 §5): a missing sale, date or observation is 'Faltan campos por ingresar'
 * (each field shows its own message); otherwise the rule the methods broke.
 */
export function mensajeInvalido(errores: Partial<Record<keyof FormularioPagoCredito, { message?: string | undefined } | undefined>>): string {
  const campos = (Object.keys(errores) as (keyof FormularioPagoCredito)[]).filter((campo) => campo !== 'formas' && errores[campo]);
  if (campos.length > 0) return MENSAJES_CREDITOS.faltanCampos;
  return errores.formas?.message || MENSAJES_CREDITOS.faltanCampos;
}

/**
 * The form's schema for the sales and advance balance on screen: the sale, the date (not after today) and the
 * observation as fields, the §5 rules on the rows (their message on `formas`; zod runs them even when a field failed,
 * and `mensajeInvalido` then says the fields first), then the domain's own schema on the body, so what is sent is what
 * the server reads.
 */
export function esquemaPagoCredito(ventas: readonly VentaPendienteCredito[], saldoAnticipo: number | null, hoy: string) {
  return z
    .object({
      venta_id: z.number({ error: MENSAJES_CREDITOS.venta }).int().positive(MENSAJES_CREDITOS.venta),
      fecha_abono: z
        .string({ error: MENSAJES_CREDITOS.fecha })
        .min(1, MENSAJES_CREDITOS.fecha)
        .refine((fecha) => fecha <= hoy, MENSAJES_CREDITOS.fechaFutura),
      observacion_abono: z
        .string({ error: MENSAJES_CREDITOS.observacion })
        .trim()
        .min(1, MENSAJES_CREDITOS.observacion)
        .max(OBSERVACION_ABONO_MAXIMA, MENSAJES_CREDITOS.observacionLarga),
      formas: z.array(z.custom<FilaPagoCredito>()),
    })
    .superRefine((valores, ctx) => {
      const motivo = motivoNoGuardar(valores.formas, saldoDeVenta(ventas, valores.venta_id), saldoAnticipo);
      if (motivo) ctx.addIssue({ code: 'custom', path: [...RUTA_FORMAS], message: motivo });
    })
    .transform((valores, ctx) => {
      const pago = pagoCreditoSchema.safeParse(armarPagoCredito({ ...valores, observacion_abono: valores.observacion_abono }));
      if (!pago.success) {
        ctx.addIssue({ code: 'custom', path: [...RUTA_FORMAS], message: pago.error.issues[0]?.message ?? MENSAJES_CREDITOS.faltanCampos });
        return z.NEVER;
      }
      return pago.data;
    });
}
