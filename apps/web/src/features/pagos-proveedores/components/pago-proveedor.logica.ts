import {
  calcularCifrasPagoProveedor,
  filaCompleta as filaDePagoCompleta,
  formasOfrecidas as formasDeUso,
  MAXIMO_FORMAS_PAGO_PROVEEDOR,
  MENSAJES_PAGO_PROVEEDOR,
  pagoProveedorFormSchema,
  restantePorPagar as restanteDeFilas,
  siguienteClave,
  sumaFilas,
  type AdjuntoComprobante,
  type CifrasPagoProveedor,
  type FormaPago,
  type PagoProveedor,
  type PagoProveedorGuardar,
  type PagoProveedorGuardarEntrada,
} from '@tablero/domain';

/**
 * The pure rules of the supplier payment form (spec 002 §2.12, §5 Supplier payment, §9): the methods
 * offered, the rows of chosen methods, the checks before adding a row, the live figures (the domain's
 * calcularCifrasPagoProveedor, the same the server stores), the body of POST …/guardar and PUT …/actualizar checked by
 * the domain's own schema, and the toast of an invalid submit. The server repeats every check.
 */

/** One chosen method: its amount ('' while empty), its voucher code, and its picture (a new one, or the one kept on edit). */
export interface FilaPagoProveedor {
  /** Tells the rows apart. */
  clave: number;
  forma: Pick<FormaPago, 'id' | 'nombre_forma_pago' | 'requiere_codigo_comprobante'>;
  valor: number | '';
  comprobante: string;
  /** A picture chosen now, compressed (lib/comprimir-imagen). */
  adjunto: AdjuntoComprobante | null;
  /** The picture the payment already had (edit): its signed link, which the server resolves back to its file. */
  adjuntoGuardado: { url: string; nombre: string | null } | null;
}

/** The form's values: ids and dates null while not chosen, numbers '' while empty (NaN while mistyped). */
export interface FormularioPagoProveedor {
  tipo_concepto_id: number | null;
  proveedor_id: number | null;
  codigo_factura: string;
  fecha_factura: string | null;
  fecha_pago: string | null;
  valor_total: number | '';
  pj_iva: number | '';
  pj_retefuente: number | '';
  observaciones: string;
  gestion_factura: boolean;
  formas: FilaPagoProveedor[];
}

export function formularioVacio(): FormularioPagoProveedor {
  return {
    tipo_concepto_id: null,
    proveedor_id: null,
    codigo_factura: '',
    fecha_factura: null,
    fecha_pago: null,
    valor_total: '',
    pj_iva: '',
    pj_retefuente: '',
    observaciones: '',
    gestion_factura: false,
    formas: [],
  };
}

const numeroO0 = (valor: number | '') => (valor === '' || !Number.isFinite(valor) ? 0 : valor);

/**
 * The figures shown live (spec 002 §9, the first reading): before IVA, IVA, retention and total to pay, from what is
 * typed so far (an empty field counts as 0; in gestion mode IVA and retention are hidden and count as 0).
 */
export function cifrasDe(valores: Pick<FormularioPagoProveedor, 'valor_total' | 'pj_iva' | 'pj_retefuente' | 'gestion_factura'>): CifrasPagoProveedor {
  const gestion = valores.gestion_factura;
  return calcularCifrasPagoProveedor(numeroO0(valores.valor_total), gestion ? 0 : numeroO0(valores.pj_iva), gestion ? 0 : numeroO0(valores.pj_retefuente));
}

/** The sum of the rows' amounts, in pesos (through centavos). */
export const sumaFormas = (filas: readonly FilaPagoProveedor[]): number => sumaFilas(filas);

/** What the rows still leave unpaid of the total to pay, never below 0 (a new row receives it). */
export const restantePorPagar = (totalPagar: number, filas: readonly FilaPagoProveedor[]): number => restanteDeFilas(totalPagar, filas);

/** A supplier is paid with money: not with the customers' credit (forma_credito) nor their advance (forma_abono). */
export const formasOfrecidas = (formas: readonly FormaPago[], filas: readonly FilaPagoProveedor[]): FormaPago[] => formasDeUso('pagoProveedor', formas, filas);

/** A row is complete when its amount is above 0 and, where the method requires it, its voucher code is typed. */
export const filaCompleta = (fila: FilaPagoProveedor): boolean => filaDePagoCompleta('pagoProveedor', fila);

/** spec 002 §2.12, §9: the add button is disabled at 5 methods. */
export function puedeAgregarOtra(filas: readonly FilaPagoProveedor[]): boolean {
  return filas.length < MAXIMO_FORMAS_PAGO_PROVEEDOR;
}

/**
 * spec 002 §5 Adding a method: why it cannot be added now, or null when it can. `tipo` tells the toast: no method
 * chosen is an error, an incomplete row a warning.
 */
export function motivoNoAgregar(forma: FilaPagoProveedor['forma'] | null | undefined, filas: readonly FilaPagoProveedor[]): { tipo: 'error' | 'aviso'; mensaje: string } | null {
  if (!forma) return { tipo: 'error', mensaje: MENSAJES_PAGO_PROVEEDOR.seleccionarForma };
  if (filas.some((fila) => !filaCompleta(fila))) return { tipo: 'aviso', mensaje: MENSAJES_PAGO_PROVEEDOR.camposAntesDeAgregar };
  if (!puedeAgregarOtra(filas)) return { tipo: 'aviso', mensaje: MENSAJES_PAGO_PROVEEDOR.maximoFormas };
  return null;
}

/** Adds a row of the method with what is still unpaid of the total to pay (empty when nothing is). */
export function agregarFila(filas: readonly FilaPagoProveedor[], forma: FilaPagoProveedor['forma'], totalPagar: number): FilaPagoProveedor[] {
  const restante = restantePorPagar(totalPagar, filas);
  return [...filas, { clave: siguienteClave(filas), forma, valor: restante > 0 ? restante : '', comprobante: '', adjunto: null, adjuntoGuardado: null }];
}

const textoONull = (texto: string) => (texto.trim() ? texto.trim() : null);
const numeroONull = (valor: number | '') => (valor === '' ? null : valor);

/**
 * The body of POST pagos-proveedores/guardar and PUT …/{id}/actualizar (spec 002 §3 Supplier payment). In gestion
 * mode the hidden fields (invoice code, payment date, IVA, retention, methods, observations) travel empty: hidden is
 * not captured.
 */
export function armarCuerpo(valores: FormularioPagoProveedor): PagoProveedorGuardarEntrada {
  const gestion = valores.gestion_factura;
  return {
    tipo_concepto_id: valores.tipo_concepto_id,
    proveedor_id: valores.proveedor_id,
    codigo_factura: gestion ? null : textoONull(valores.codigo_factura),
    fecha_factura: valores.fecha_factura ?? '',
    fecha_pago: gestion ? null : valores.fecha_pago,
    valor_total: numeroONull(valores.valor_total),
    pj_iva: gestion ? null : numeroONull(valores.pj_iva),
    pj_retefuente: gestion ? null : numeroONull(valores.pj_retefuente),
    observaciones: gestion ? null : textoONull(valores.observaciones),
    gestion_factura: gestion,
    lista_formas_pagadas_form: gestion
      ? []
      : valores.formas.map((fila) => ({
          id_forma_pago: fila.forma.id,
          nombre_forma_pago: fila.forma.nombre_forma_pago,
          comprobante_id: fila.forma.requiere_codigo_comprobante ? textoONull(fila.comprobante) : null,
          adjunto_comprobante: fila.adjunto
            ? { nombre_temp: fila.adjunto.nombre_temp, extension_archivo: fila.adjunto.extension_archivo, adjunto: fila.adjunto.adjunto }
            : fila.adjuntoGuardado
              ? { nombre_temp: fila.adjuntoGuardado.nombre, url: fila.adjuntoGuardado.url }
              : null,
          requiere_codigo_comprobante: fila.forma.requiere_codigo_comprobante,
          valor_pagado: numeroONull(fila.valor),
        })),
    pago_realizado: !gestion,
  };
}

/** The fields the form shows with their own message (the body's names are the form's). */
const CAMPOS: readonly (keyof FormularioPagoProveedor)[] = [
  'tipo_concepto_id',
  'proveedor_id',
  'codigo_factura',
  'fecha_factura',
  'fecha_pago',
  'valor_total',
  'pj_iva',
  'pj_retefuente',
  'observaciones',
];

/** The methods' messages in the order §5 says them: an incomplete row first, then none at all, then the sum. */
const ORDEN_FORMAS: readonly string[] = [
  MENSAJES_PAGO_PROVEEDOR.valoresVacios,
  MENSAJES_PAGO_PROVEEDOR.alMenosUnaForma,
  MENSAJES_PAGO_PROVEEDOR.maximoFormas,
];

export type ErroresPagoProveedor = Partial<Record<keyof FormularioPagoProveedor, { type: string; message: string }>>;

export type ResultadoValidacion = { ok: true; cuerpo: PagoProveedorGuardar } | { ok: false; errores: ErroresPagoProveedor };

/**
 * The form checked by the domain's schema (the one the server runs): each field's first message on the field, the
 * methods' one on `formas` (the §5 order), so what is sent is what the server reads.
 */
export function validarPagoProveedor(valores: FormularioPagoProveedor): ResultadoValidacion {
  const resultado = pagoProveedorFormSchema.safeParse(armarCuerpo(valores));
  if (resultado.success) return { ok: true, cuerpo: resultado.data };
  const errores: ErroresPagoProveedor = {};
  const deFormas: string[] = [];
  for (const issue of resultado.error.issues) {
    const campo = issue.path[0];
    if (campo === 'lista_formas_pagadas_form') {
      deFormas.push(issue.message);
    } else if (typeof campo === 'string' && (CAMPOS as readonly string[]).includes(campo)) {
      const clave = campo as keyof FormularioPagoProveedor;
      errores[clave] ??= { type: 'custom', message: issue.message };
    }
  }
  if (deFormas.length > 0) {
    const rango = (mensaje: string) => {
      const indice = ORDEN_FORMAS.indexOf(mensaje);
      return indice === -1 ? ORDEN_FORMAS.length : indice;
    };
    const primero = [...deFormas].sort((a, b) => rango(a) - rango(b))[0] ?? MENSAJES_PAGO_PROVEEDOR.valoresVacios;
    errores.formas = { type: 'custom', message: primero };
  }
  return { ok: false, errores };
}

/**
 * The toast of an invalid submit (spec 002 §5): a required field missing or wrong is the generic 'Debe ingresar todos
 * los campos solicitados' (each field shows its own message); a total to pay of 0 says so; otherwise the methods' rule.
 */
export function mensajeInvalido(errores: Partial<Record<keyof FormularioPagoProveedor, { message?: string | undefined } | undefined>>): string {
  const campos = CAMPOS.filter((campo) => errores[campo]);
  if (campos.length === 1 && campos[0] === 'valor_total' && errores.valor_total?.message === MENSAJES_PAGO_PROVEEDOR.totalCero) return MENSAJES_PAGO_PROVEEDOR.totalCero;
  if (campos.length > 0) return MENSAJES_PAGO_PROVEEDOR.camposSolicitados;
  return errores.formas?.message || MENSAJES_PAGO_PROVEEDOR.camposSolicitados;
}

/**
 * A loaded payment as the form's values (edit, spec 002 §2.12 "When opened with a payment id it loads that payment"):
 * its methods with their voucher codes and kept pictures; `formas` (the lookup) says which methods require a code.
 */
export function formularioDePago(pago: PagoProveedor, formas: readonly FormaPago[]): FormularioPagoProveedor {
  return {
    tipo_concepto_id: pago.tipo_concepto_id,
    proveedor_id: pago.proveedor_id,
    codigo_factura: pago.codigo_factura ?? '',
    fecha_factura: pago.fecha_factura,
    fecha_pago: pago.fecha_pago,
    valor_total: pago.valor_total,
    pj_iva: pago.gestion_factura && pago.fecha_pago === null && pago.pj_iva === 0 ? '' : pago.pj_iva,
    pj_retefuente: pago.gestion_factura && pago.fecha_pago === null && pago.pj_retefuente === 0 ? '' : pago.pj_retefuente,
    observaciones: pago.observaciones ?? '',
    gestion_factura: pago.gestion_factura,
    formas: pago.formas_pago.map((linea, indice) => {
      const forma = formas.find((f) => f.id === linea.forma_pago_id);
      return {
        clave: indice + 1,
        forma: {
          id: linea.forma_pago_id,
          nombre_forma_pago: linea.nombre_forma_pago,
          requiere_codigo_comprobante: forma?.requiere_codigo_comprobante ?? linea.codigo_comprobante_pago !== null,
        },
        valor: linea.valor_pagado,
        comprobante: linea.codigo_comprobante_pago ?? '',
        adjunto: null,
        adjuntoGuardado: linea.url_adjunto_comprobante ? { url: linea.url_adjunto_comprobante, nombre: linea.nombre_adjunto_comprobante } : null,
      };
    }),
  };
}
