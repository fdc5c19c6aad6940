import { describe, expect, it } from 'vitest';
import { MENSAJES_CREDITOS, type FormaPago, type VentaPendienteCredito } from '@tablero/domain';
import {
  agregarAnticipo,
  agregarFila,
  armarPagoCredito,
  esquemaPagoCredito,
  excesoAnticipo,
  formasOfrecidas,
  mensajeInvalido,
  motivoNoAgregar,
  motivoNoGuardar,
  restanteDeVenta,
  saldoDeVenta,
  totalPagoCredito,
  type FilaPagoCredito,
} from './pago-credito.logica';

const forma = (id: number, nombre: string, banderas: Partial<Pick<FormaPago, 'requiere_codigo_comprobante' | 'forma_abono' | 'forma_credito'>> = {}): FormaPago => ({
  id,
  nombre_forma_pago: nombre,
  requiere_codigo_comprobante: false,
  forma_abono: false,
  forma_credito: false,
  ...banderas,
});

const EFECTIVO = forma(1, 'Efectivo');
const TRANSFERENCIA = forma(4, 'Transferencia', { requiere_codigo_comprobante: true });
const CREDITO = forma(6, 'Crédito', { forma_credito: true });
const ANTICIPO = forma(8, 'Anticipo', { forma_abono: true });
const FORMAS = [EFECTIVO, TRANSFERENCIA, CREDITO, ANTICIPO];

const fila = (clave: number, f: FormaPago, valor: number | '', codigo = '', fecha: string | null = null): FilaPagoCredito => ({
  clave,
  forma: f,
  valor,
  comprobante: codigo,
  fecha_consignacion: fecha,
});

const VENTAS: VentaPendienteCredito[] = [
  { id: 10, venta_id: 501, fecha_movimiento: '2026-10-01', valor_movimiento: 315_350, valor_saldo_movimiento: 215_350.5, enlace_recibo: '/api/public/pago/x' },
  { id: 11, venta_id: 502, fecha_movimiento: '2026-11-01', valor_movimiento: 100_000, valor_saldo_movimiento: 100_000, enlace_recibo: '/api/public/pago/y' },
];

describe('the methods offered', () => {
  it('never offers 6 (Crédito) nor 8 (Anticipo), nor a method already in the table', () => {
    expect(formasOfrecidas(FORMAS, []).map((f) => f.id)).toEqual([1, 4]);
    expect(formasOfrecidas(FORMAS, [fila(1, EFECTIVO, 10)]).map((f) => f.id)).toEqual([4]);
  });
});

describe('adding a method (spec 002 §5)', () => {
  it('asks to choose one first', () => {
    expect(motivoNoAgregar(undefined, [])).toBe(MENSAJES_CREDITOS.seleccionarForma);
  });
  it('refuses another while a row has no amount, or lacks its code or deposit date', () => {
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, '')])).toBe(MENSAJES_CREDITOS.camposAntesDeAgregar);
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, 0, 'TR-1', '2026-11-01')])).toBe(MENSAJES_CREDITOS.camposAntesDeAgregar);
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, 50, 'TR-1')])).toBe(MENSAJES_CREDITOS.camposAntesDeAgregar);
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, 50, '', '2026-11-01')])).toBe(MENSAJES_CREDITOS.camposAntesDeAgregar);
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, 50, 'TR-1', '2026-11-01')])).toBeNull();
  });
  it('gives the new row what the sale still owes, exact to the centavo', () => {
    const filas = agregarFila([fila(1, TRANSFERENCIA, 100_000.2, 'TR-1', '2026-11-01')], EFECTIVO, 215_350.5);
    expect(filas[1]).toMatchObject({ clave: 2, forma: EFECTIVO, valor: 115_350.3 });
    expect(restanteDeVenta(215_350.5, filas)).toBe(0);
    // Nothing owed or no sale chosen: the row starts empty.
    expect(agregarFila([], EFECTIVO, null)[0]?.valor).toBe('');
  });
});

describe('the advance control', () => {
  it('adds the advance method with what is owed, at most the advance balance', () => {
    expect(agregarAnticipo([], FORMAS, 50_000, 215_350.5)?.[0]).toMatchObject({ forma: ANTICIPO, valor: 50_000 });
    expect(agregarAnticipo([fila(1, EFECTIVO, 200_000)], FORMAS, 50_000, 215_350.5)?.[1]).toMatchObject({ forma: ANTICIPO, valor: 15_350.5 });
  });
  it('is unavailable without a balance, or once used', () => {
    expect(agregarAnticipo([], FORMAS, 0, 215_350.5)).toBeNull();
    expect(agregarAnticipo([fila(1, ANTICIPO, 10)], FORMAS, 50_000, 215_350.5)).toBeNull();
    expect(agregarAnticipo([], [EFECTIVO], 50_000, 215_350.5)).toBeNull();
  });
  it('tells when the advance row is above the balance', () => {
    expect(excesoAnticipo([fila(1, ANTICIPO, 60_000)], 50_000)).toEqual({ valor: 60_000, excede: true });
    expect(excesoAnticipo([fila(1, ANTICIPO, 50_000)], 50_000).excede).toBe(false);
  });
});

describe('saving (spec 002 §5, in order)', () => {
  it('refuses a zero total, then an empty or zero row, then more than the pending balance', () => {
    expect(motivoNoGuardar([], 100, 0)).toBe(MENSAJES_CREDITOS.valorCero);
    expect(motivoNoGuardar([fila(1, EFECTIVO, '')], 100, 0)).toBe(MENSAJES_CREDITOS.valorCero);
    expect(motivoNoGuardar([fila(1, EFECTIVO, 10), fila(2, TRANSFERENCIA, 0)], 100, 0)).toBe(MENSAJES_CREDITOS.valoresVacios);
    expect(motivoNoGuardar([fila(1, EFECTIVO, 10), fila(2, TRANSFERENCIA, 5)], 100, 0)).toBe(MENSAJES_CREDITOS.valoresVacios);
    expect(motivoNoGuardar([fila(1, EFECTIVO, 215_350.51)], 215_350.5, 0)).toBe(MENSAJES_CREDITOS.superaSaldo('$ 215,350.50'));
    expect(motivoNoGuardar([fila(1, ANTICIPO, 60_000)], 215_350.5, 50_000)).toBe(MENSAJES_CREDITOS.anticipoInsuficiente('$ 50,000'));
    expect(motivoNoGuardar([fila(1, EFECTIVO, 215_350.5)], 215_350.5, 0)).toBeNull();
  });

  it('builds the body the server reads: the total is the sum of the methods', () => {
    const pago = armarPagoCredito({
      venta_id: 501,
      fecha_abono: '2026-11-20',
      observacion_abono: '  Abono parcial  ',
      formas: [fila(1, EFECTIVO, 100_000.1), fila(2, TRANSFERENCIA, 0.2, ' TR-9 ', '2026-11-19')],
    });
    expect(pago).toEqual({
      venta_id: 501,
      fecha_abono: '2026-11-20',
      observacion_abono: 'Abono parcial',
      valor_abono: 100_000.3,
      retenciones: [],
      lista_formas_pagadas_form: [
        { id_forma_pago: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 100_000.1, codigo_comprobante: null, requiere_codigo_comprobante: false, fecha_consignacion: null },
        { id_forma_pago: 4, nombre_forma_pago: 'Transferencia', valor_pagado: 0.2, codigo_comprobante: 'TR-9', requiere_codigo_comprobante: true, fecha_consignacion: '2026-11-19' },
      ],
    });
    expect(totalPagoCredito(pago.lista_formas_pagadas_form.map((f, i) => fila(i, EFECTIVO, f.valor_pagado)))).toBe(100_000.3);
  });

  it('the form schema: missing fields first, then the rules of the methods, then the body', () => {
    const esquema = esquemaPagoCredito(VENTAS, 0, '2026-11-20');
    const faltan = esquema.safeParse({ venta_id: null, fecha_abono: null, observacion_abono: ' ', formas: [fila(1, EFECTIVO, 10)] });
    expect(faltan.success).toBe(false);
    expect(faltan.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['venta_id', MENSAJES_CREDITOS.venta],
      ['fecha_abono', MENSAJES_CREDITOS.fecha],
      ['observacion_abono', MENSAJES_CREDITOS.observacion],
    ]);
    // Nothing to pay and the observation missing: the toast names the missing fields first.
    const ambos = esquema.safeParse({ venta_id: 501, fecha_abono: '2026-11-20', observacion_abono: '', formas: [] });
    expect(ambos.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['observacion_abono', MENSAJES_CREDITOS.observacion],
      ['formas', MENSAJES_CREDITOS.valorCero],
    ]);
    expect(mensajeInvalido({ observacion_abono: { message: MENSAJES_CREDITOS.observacion }, formas: { message: MENSAJES_CREDITOS.valorCero } })).toBe(
      MENSAJES_CREDITOS.faltanCampos,
    );
    expect(mensajeInvalido({ formas: { message: MENSAJES_CREDITOS.valorCero } })).toBe(MENSAJES_CREDITOS.valorCero);
    const futura = esquema.safeParse({ venta_id: 501, fecha_abono: '2026-11-21', observacion_abono: 'x', formas: [fila(1, EFECTIVO, 10)] });
    expect(futura.error?.issues[0]?.message).toBe(MENSAJES_CREDITOS.fechaFutura);
    const supera = esquema.safeParse({ venta_id: 502, fecha_abono: '2026-11-20', observacion_abono: 'x', formas: [fila(1, EFECTIVO, 100_001)] });
    expect(supera.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['formas', MENSAJES_CREDITOS.superaSaldo('$ 100,000')]]);
    const bien = esquema.safeParse({ venta_id: 502, fecha_abono: '2026-11-20', observacion_abono: 'Pago total', formas: [fila(1, EFECTIVO, 100_000)] });
    expect(bien.data).toMatchObject({ venta_id: 502, valor_abono: 100_000, lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 100_000 }] });
  });

  it('reads the pending balance of the chosen sale', () => {
    expect(saldoDeVenta(VENTAS, 501)).toBe(215_350.5);
    expect(saldoDeVenta(VENTAS, 999)).toBeNull();
    expect(saldoDeVenta(VENTAS, null)).toBeNull();
  });
});
