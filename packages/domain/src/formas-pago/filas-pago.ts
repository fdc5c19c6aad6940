import { aCentavos, dePesos, formatearPesos } from '../dinero';
import { FORMAS_PAGO, type FormaPago } from '../ventas/venta.schema';
import { ajusteRedondeoCentavos } from './redondeo-efectivo';

/**
 * Payment rows, one rule for every use that takes money by payment method (docs/architecture.md §3 "Payment rows"):
 * the bill dialog (spec 000 §2.8, §5), the credit payment (spec 002 §2.3, §5), the account payment (spec 001 §5
 * Credit payment), the advance (spec 002 §2.5, §5), the supplier payment (spec 002 §2.12, §5, §9) and the drawer's
 * expenses and income (spec 002 §2.9). The web forms
 * decide with it what to offer and when to let the user go on; the server decides with it what to refuse, so both say
 * the same thing about the same rows. Each use keeps its own messages: a failure here names what failed and where,
 * and the use words it. Every sum goes through centavos (ARCHITECTURE §3).
 */

export type UsoPago = 'factura' | 'pagoCredito' | 'pagoCuenta' | 'anticipo' | 'pagoProveedor' | 'movimientoCaja';

interface ReglasUso {
  /** The credit method (forma_credito): only on a bill in credit mode, and once. */
  credito: boolean;
  /**
   * The advance method (forma_abono): a row like any other ('fila'), only through its own control that caps it at the
   * customer's advance balance ('control', spec 002 §5 Credit payment), or never ('no': an advance is not paid with
   * an advance, and a supplier is paid with money).
   */
  anticipo: 'fila' | 'control' | 'no';
  /** Each method at most once (a bill may take two card vouchers; the other uses carry one row per method). */
  formaUnaVez: boolean;
  /** The most rows a use takes (spec 002 §2.12: the add button is disabled at 5 methods). */
  maximoFilas: number | null;
  /** A voucher code comes with its deposit date (spec 002 §3 Credit payment request). */
  fechaConsignacion: boolean;
}

/** spec 002 §2.12, §9: a supplier payment takes at most 5 methods (the add button is disabled at 5). */
export const MAXIMO_FORMAS_PAGO_PROVEEDOR = 5;

export const REGLAS_USO_PAGO: Readonly<Record<UsoPago, ReglasUso>> = {
  factura: { credito: true, anticipo: 'fila', formaUnaVez: false, maximoFilas: null, fechaConsignacion: false },
  pagoCredito: { credito: false, anticipo: 'control', formaUnaVez: true, maximoFilas: null, fechaConsignacion: true },
  pagoCuenta: { credito: false, anticipo: 'no', formaUnaVez: true, maximoFilas: 1, fechaConsignacion: false },
  anticipo: { credito: false, anticipo: 'no', formaUnaVez: true, maximoFilas: 1, fechaConsignacion: false },
  pagoProveedor: { credito: false, anticipo: 'no', formaUnaVez: true, maximoFilas: MAXIMO_FORMAS_PAGO_PROVEEDOR, fechaConsignacion: false },
  // An expense or an income of the drawer or the bank (spec 002 §2.9): money that moves, one method.
  movimientoCaja: { credito: false, anticipo: 'no', formaUnaVez: true, maximoFilas: 1, fechaConsignacion: false },
};

/** What the rule reads of a payment method; `activo` when it comes from the table (a form's lookup lists active ones). */
export type FormaDeFila = Pick<FormaPago, 'id'> & Partial<Pick<FormaPago, 'requiere_codigo_comprobante' | 'forma_abono' | 'forma_credito'>> & { activo?: boolean };

/** A row as a form holds it (an amount '' while empty) or as a request brings it (its method looked up, maybe unknown). */
export interface FilaDePago {
  forma: FormaDeFila | null | undefined;
  valor: number | string | null | undefined;
  comprobante?: string | null | undefined;
  fecha_consignacion?: string | null | undefined;
}

/** The credit method: flagged forma_credito, or id 6 where a lookup does not carry the flag. */
export const esFormaCredito = (forma: FormaDeFila) => forma.forma_credito === true || forma.id === FORMAS_PAGO.credito;
/** The advance method: flagged forma_abono, or id 8 where a lookup does not carry the flag. */
export const esFormaAnticipo = (forma: FormaDeFila) => forma.forma_abono === true || forma.id === FORMAS_PAGO.anticipo;
/** Cash is method 1 (spec 000 §9). */
export const esEfectivo = (forma: FormaDeFila) => forma.id === FORMAS_PAGO.efectivo;

/** Centavos of a row's amount; an empty or unreadable amount counts 0. */
export function centavosDeValor(valor: FilaDePago['valor']): number {
  if (valor === '' || valor === null || valor === undefined) return 0;
  if (typeof valor === 'number' && !Number.isFinite(valor)) return 0;
  const centavos = aCentavos(valor);
  return Number.isFinite(centavos) ? centavos : 0;
}

/** The sum of the rows, in pesos. */
export function sumaFilas(filas: readonly FilaDePago[]): number {
  return dePesos(filas.reduce((suma, fila) => suma + centavosDeValor(fila.valor), 0));
}

/** What the rows leave unpaid of `total`, never below 0: the amount a new row receives (spec 000 §5). */
export function restantePorPagar(total: number, filas: readonly FilaDePago[]): number {
  return dePesos(Math.max(0, aCentavos(total) - aCentavos(sumaFilas(filas))));
}

/** The key of a new row: rows are told apart by key, since a bill may carry the same method twice. */
export function siguienteClave(filas: readonly { clave: number }[]): number {
  return filas.reduce((mayor, fila) => Math.max(mayor, fila.clave), 0) + 1;
}

/**
 * Whether `uso` takes a row of this method at all: active, and credit and the advance only where the use takes them
 * (the bill's credit method also needs credit mode, which `revisarFilas` says apart).
 */
export function formaPermitida(uso: UsoPago, forma: FormaDeFila | null | undefined): forma is FormaDeFila {
  if (!forma || forma.activo === false) return false;
  const reglas = REGLAS_USO_PAGO[uso];
  if (esFormaCredito(forma)) return reglas.credito;
  if (esFormaAnticipo(forma)) return reglas.anticipo !== 'no';
  return true;
}

/**
 * The methods a form's picker offers: those the use takes, the advance not where it has its own control, the credit
 * method only in credit mode and while no row is credit (a credit bill carries exactly one), and a method already in
 * the rows not again where each goes once.
 */
export function formasOfrecidas<F extends FormaDeFila>(uso: UsoPago, formas: readonly F[], filas: readonly FilaDePago[], opciones: { credito?: boolean } = {}): F[] {
  const reglas = REGLAS_USO_PAGO[uso];
  const hayCredito = filas.some((fila) => fila.forma && esFormaCredito(fila.forma));
  return formas.filter((forma) => {
    if (!formaPermitida(uso, forma)) return false;
    if (esFormaCredito(forma) && (!opciones.credito || hayCredito)) return false;
    if (esFormaAnticipo(forma) && reglas.anticipo === 'control') return false;
    return !reglas.formaUnaVez || !filas.some((fila) => fila.forma?.id === forma.id);
  });
}

/** What a row lacks, in the order the forms say it: its amount, then its voucher code, then its deposit date. */
export type FaltaFila = 'valor' | 'comprobante' | 'fecha_consignacion';

export function faltaDeFila(uso: UsoPago, fila: FilaDePago): FaltaFila | null {
  if (centavosDeValor(fila.valor) <= 0) return 'valor';
  return faltaComprobante(uso, fila);
}

/**
 * What a method that requires a voucher lacks: its code, then (where the use asks for it) its deposit date. The uses
 * of one method and one amount (an account payment, an advance) check their amount on their own terms.
 */
export function faltaComprobante(uso: UsoPago, fila: Omit<FilaDePago, 'valor'>): 'comprobante' | 'fecha_consignacion' | null {
  if (!fila.forma?.requiere_codigo_comprobante) return null;
  if (!fila.comprobante?.trim()) return 'comprobante';
  if (REGLAS_USO_PAGO[uso].fechaConsignacion && !fila.fecha_consignacion) return 'fecha_consignacion';
  return null;
}

/** A row is complete when its amount is above 0 and, where the method requires it, its voucher (and date) are there. */
export const filaCompleta = (uso: UsoPago, fila: FilaDePago) => faltaDeFila(uso, fila) === null;

/** The amount paid with the advance method, and whether it is above the customer's advance balance. */
export function excesoAnticipo(filas: readonly FilaDePago[], saldoAnticipo: number): { valor: number; excede: boolean } {
  const valor = sumaFilas(filas.filter((fila) => fila.forma && esFormaAnticipo(fila.forma)));
  return { valor, excede: aCentavos(valor) > aCentavos(saldoAnticipo) };
}

/**
 * The warnings the payment dialogs show under their rows. Their amounts are written like every message's, by the
 * messages' printer (formatearPesos: '$ 214,900'), never in a screen's or a list's style.
 */
export const MENSAJES_FILAS_PAGO = {
  anticipoExcede: (valor: number) => `El valor en anticipo (${formatearPesos(valor)}) supera el saldo`,
  efectivoNoAlcanza: (faltante: number, efectivo: number) =>
    `El efectivo recibido no alcanza: faltan ${formatearPesos(faltante)} para cubrir ${formatearPesos(efectivo)} en efectivo`,
};

/** The cash among the rows, in pesos. */
export const valorEfectivo = (filas: readonly FilaDePago[]) => sumaFilas(filas.filter((fila) => fila.forma && esEfectivo(fila.forma)));

/**
 * spec 000 §2.8: the change is the cash received minus the cash amount, never negative; `faltante` is how much the
 * received cash falls short (0 when it covers it or nothing was typed yet).
 */
export function calcularCambio(filas: readonly FilaDePago[], recibido: number | '' | null): { efectivo: number; cambio: number; faltante: number } {
  const efectivo = aCentavos(valorEfectivo(filas));
  if (recibido === '' || recibido === null || !Number.isFinite(recibido)) return { efectivo: dePesos(efectivo), cambio: 0, faltante: 0 };
  const diferencia = aCentavos(recibido) - efectivo;
  return { efectivo: dePesos(efectivo), cambio: dePesos(Math.max(0, diferencia)), faltante: dePesos(Math.max(0, -diferencia)) };
}

/** Why a set of rows is refused: what failed and, for one row, which (its index in the list). */
export type FallaFilas =
  | { falla: 'forma'; indice: number }
  | { falla: FaltaFila; indice: number }
  | { falla: 'formaRepetida'; indice: number }
  | { falla: 'sinFilas' }
  | { falla: 'maximoFilas' }
  | { falla: 'creditoSinModo' }
  | { falla: 'creditoSinForma' }
  | { falla: 'creditoUnaForma' }
  | { falla: 'suma'; total: number }
  | { falla: 'superaMaximo'; maximo: number }
  | { falla: 'anticipoExcede'; indice: number; saldo: number }
  | { falla: 'efectivoRecibido'; efectivo: number };

export interface ContextoFilas {
  /** The rows must add up to exactly this (the sale's total, the supplier payment's total to pay). */
  total?: number | null;
  /** The rows may add up to at most this (the sale's pending balance on credit). */
  maximo?: number | null;
  /** The bill is a credit bill ('Factura a crédito'). */
  credito?: boolean;
  /** The customer's advance balance, when known. */
  saldoAnticipo?: number | null;
  /** The cash the customer handed over (bill only), '' or null when not typed. */
  recibido?: number | '' | null;
  /** The bill's cash rounding unit in pesos (redondeo-efectivo.ts): the rows then add up to the total plus its rounding. */
  unidadRedondeo?: number;
}

/**
 * The cash rounding of these rows against `total` (redondeo-efectivo.ts), in pesos: 0 without a unit or without cash;
 * the cash due is what the other rows leave of the total.
 */
export function ajusteRedondeo(total: number, filas: readonly FilaDePago[], unidadRedondeo: number | undefined): number {
  if (!unidadRedondeo) return 0;
  const noEfectivo = filas.filter((fila) => !fila.forma || !esEfectivo(fila.forma));
  return dePesos(ajusteRedondeoCentavos(aCentavos(total), aCentavos(sumaFilas(noEfectivo)), filas.some((fila) => fila.forma && esEfectivo(fila.forma)), unidadRedondeo));
}

/**
 * Decides a set of rows, in the order the spec's forms say their messages: each row (a method the use takes, its
 * amount, its voucher code and date, a method not repeated where each goes once), then that there is a row and not
 * too many, then the bill's credit mode, then the sum against the total or the maximum, then the advance balance,
 * then the cash received. Null when the rows may go.
 */
export function revisarFilas(uso: UsoPago, filas: readonly FilaDePago[], contexto: ContextoFilas = {}): FallaFilas | null {
  const reglas = REGLAS_USO_PAGO[uso];
  for (const [indice, fila] of filas.entries()) {
    if (!formaPermitida(uso, fila.forma)) return { falla: 'forma', indice };
    const falta = faltaDeFila(uso, fila);
    if (falta) return { falla: falta, indice };
    if (reglas.formaUnaVez && filas.findIndex((otra) => otra.forma?.id === fila.forma!.id) !== indice) return { falla: 'formaRepetida', indice };
  }
  if (filas.length === 0) return { falla: 'sinFilas' };
  if (reglas.maximoFilas !== null && filas.length > reglas.maximoFilas) return { falla: 'maximoFilas' };
  if (reglas.credito) {
    const filasCredito = filas.filter((fila) => esFormaCredito(fila.forma!)).length;
    if (!contexto.credito && filasCredito > 0) return { falla: 'creditoSinModo' };
    if (contexto.credito && filasCredito === 0) return { falla: 'creditoSinForma' };
    if (filasCredito > 1) return { falla: 'creditoUnaForma' };
  }
  const suma = aCentavos(sumaFilas(filas));
  if (contexto.total != null) {
    // With cash, the rows add up to the total plus the cash rounding (docs/decisions-redondeo-envios.md).
    const aPagar = aCentavos(contexto.total) + aCentavos(ajusteRedondeo(contexto.total, filas, contexto.unidadRedondeo));
    if (suma !== aPagar) return { falla: 'suma', total: dePesos(aPagar) };
  }
  if (contexto.maximo != null && suma > aCentavos(contexto.maximo)) return { falla: 'superaMaximo', maximo: contexto.maximo };
  if (contexto.saldoAnticipo != null && excesoAnticipo(filas, contexto.saldoAnticipo).excede) {
    return { falla: 'anticipoExcede', indice: filas.findIndex((fila) => esFormaAnticipo(fila.forma!)), saldo: contexto.saldoAnticipo };
  }
  if (contexto.recibido !== undefined) {
    const { efectivo, faltante } = calcularCambio(filas, contexto.recibido);
    if (efectivo > 0 && faltante > 0) return { falla: 'efectivoRecibido', efectivo };
  }
  return null;
}
