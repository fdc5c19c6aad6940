import { describe, expect, it } from 'vitest';
import { calcularCambio, facturarSchema, MENSAJES_FACTURACION, MENSAJES_POS, type FormaPago } from '@tablero/domain';
import {
  agregarFila,
  alternarCredito,
  armarSolicitud,
  avisoNoPendiente,
  documentoDeFactura,
  esperaLectura,
  excesoAbono,
  formasOfrecidas,
  interruptorFactura,
  motivoNoAgregar,
  motivoNoFacturar,
  opcionPos,
  restantePorPagar,
  sumaPagos,
  tiendaFacturaSiigo,
  type FilaPago,
} from './facturar.logica';

const forma = (id: number, nombre: string, banderas: Partial<Pick<FormaPago, 'requiere_codigo_comprobante' | 'forma_abono' | 'forma_credito'>> = {}): FormaPago => ({
  id,
  nombre_forma_pago: nombre,
  requiere_codigo_comprobante: false,
  forma_abono: false,
  forma_credito: false,
  ...banderas,
});

const EFECTIVO = forma(1, 'Efectivo');
const TARJETA = forma(2, 'Tarjeta débito', { requiere_codigo_comprobante: true });
const CREDITO = forma(6, 'Crédito', { forma_credito: true });
const ANTICIPO = forma(8, 'Anticipo', { forma_abono: true });
const FORMAS = [EFECTIVO, TARJETA, CREDITO, ANTICIPO];

/** A compressed voucher picture as lib/comprimir-imagen gives it. */
const FOTO = { nombre_temp: 'voucher.jpg', extension_archivo: 'jpg' as const, adjunto: '/9j/4AAQSkZJRg==' };
const fila = (clave: number, f: FormaPago, valor: number | '', comprobante = ''): FilaPago => ({ clave, forma: f, valor, comprobante });

describe('the unpaid remainder', () => {
  it('is the total less the rows, exact to the centavo', () => {
    expect(restantePorPagar(100_000.3, [fila(1, EFECTIVO, 0.1), fila(2, EFECTIVO, 0.2)])).toBe(100_000);
    expect(sumaPagos([fila(1, EFECTIVO, 0.1), fila(2, EFECTIVO, 0.2)])).toBe(0.3);
  });

  it('never goes below 0 when the rows already pay more than the total', () => {
    expect(restantePorPagar(50_000, [fila(1, EFECTIVO, 80_000)])).toBe(0);
  });

  it('counts an empty row as nothing paid', () => {
    expect(restantePorPagar(50_000, [fila(1, EFECTIVO, '')])).toBe(50_000);
  });

  it('is what a new row receives', () => {
    const filas = agregarFila(119_000, [fila(1, EFECTIVO, 19_000)], TARJETA);
    expect(filas).toHaveLength(2);
    expect(filas[1]).toMatchObject({ clave: 2, forma: TARJETA, valor: 100_000, comprobante: '' });
    expect(agregarFila(119_000, filas, EFECTIVO)[2]?.valor).toBe(0);
  });
});

describe('adding a method', () => {
  it('needs a method chosen first', () => {
    expect(motivoNoAgregar(null, [])).toBe(MENSAJES_FACTURACION.seleccionarForma);
  });

  it('needs every row with a value above 0 and its voucher code where the method requires one', () => {
    expect(motivoNoAgregar(EFECTIVO, [fila(1, EFECTIVO, 0)])).toBe(MENSAJES_FACTURACION.camposAntesDeAgregar);
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TARJETA, 10_000, '  ')])).toBe(MENSAJES_FACTURACION.camposAntesDeAgregar);
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TARJETA, 10_000, 'V-1')])).toBeNull();
  });

  it('offers the credit method only in credit mode and only while no credit row is in the table', () => {
    expect(formasOfrecidas(FORMAS, false, []).map((f) => f.id)).toEqual([1, 2, 8]);
    expect(formasOfrecidas(FORMAS, true, []).map((f) => f.id)).toEqual([1, 2, 6, 8]);
    expect(formasOfrecidas(FORMAS, true, [fila(1, CREDITO, 5)]).map((f) => f.id)).toEqual([1, 2, 8]);
  });
});

describe('credit mode', () => {
  it('ticking adds one credit row with the unpaid remainder and turns the invoice flag on (a credit sale is an e-invoice)', () => {
    const resultado = alternarCredito(200_000, [fila(1, EFECTIVO, 50_000)], FORMAS, true);
    expect(resultado.crear_factura_siigo).toBe(true);
    expect(resultado.filas.map((f) => [f.forma.id, f.valor])).toEqual([
      [1, 50_000],
      [6, 150_000],
    ]);
  });

  it('ticking again does not stack a second credit row', () => {
    const una = alternarCredito(200_000, [], FORMAS, true).filas;
    const otra = alternarCredito(200_000, una, FORMAS, true).filas;
    expect(otra.filter((f) => f.forma.forma_credito)).toHaveLength(1);
    expect(otra[0]?.valor).toBe(200_000);
  });

  it('unticking removes the credit rows and leaves the invoice flag on', () => {
    const resultado = alternarCredito(200_000, [fila(1, EFECTIVO, 50_000), fila(2, CREDITO, 150_000)], FORMAS, false);
    expect(resultado).toEqual({ filas: [fila(1, EFECTIVO, 50_000)], crear_factura_siigo: true });
  });
});

describe('the invoice flag (docs/decisions-factura-electronica.md, "Venta a crédito")', () => {
  it('is on and locked in credit mode, whatever the user chose or the store presets, and needs no preset', () => {
    for (const eleccion of [null, false, true]) {
      for (const preset of [null, false, true]) {
        expect(interruptorFactura(true, eleccion, preset)).toEqual({ valor: true, decidido: true, bloqueado: true });
      }
    }
  });

  it("outside credit mode is the user's choice, else the store's preset, and waits for the preset", () => {
    expect(interruptorFactura(false, null, null)).toEqual({ valor: false, decidido: false, bloqueado: false });
    expect(interruptorFactura(false, null, false)).toEqual({ valor: false, decidido: true, bloqueado: false });
    expect(interruptorFactura(false, null, true)).toEqual({ valor: true, decidido: true, bloqueado: false });
    // A cash sale may still be a remission.
    expect(interruptorFactura(false, false, true)).toEqual({ valor: false, decidido: true, bloqueado: false });
    expect(interruptorFactura(false, true, false)).toEqual({ valor: true, decidido: true, bloqueado: false });
  });
});

describe('cash and change', () => {
  it('is the cash received less the cash amount, the cards not counted', () => {
    const filas = [fila(1, EFECTIVO, 30_000), fila(2, TARJETA, 70_000, 'V-1')];
    expect(calcularCambio(filas, 50_000)).toEqual({ efectivo: 30_000, cambio: 20_000, faltante: 0 });
  });

  it('is never negative: a short amount is told apart', () => {
    expect(calcularCambio([fila(1, EFECTIVO, 30_000)], 25_000.5)).toEqual({ efectivo: 30_000, cambio: 0, faltante: 4_999.5 });
  });

  it('is nothing until something is received', () => {
    expect(calcularCambio([fila(1, EFECTIVO, 30_000)], '')).toEqual({ efectivo: 30_000, cambio: 0, faltante: 0 });
  });
});

describe('the prepaid balance', () => {
  it('warns when the advance rows pay more than the balance', () => {
    expect(excesoAbono([fila(1, ANTICIPO, 40_000), fila(2, EFECTIVO, 90_000)], 50_000)).toEqual({ valor: 40_000, excede: false });
    expect(excesoAbono([fila(1, ANTICIPO, 50_000.01)], 50_000)).toEqual({ valor: 50_000.01, excede: true });
  });
});

describe('billing', () => {
  it('refuses no rows, an empty or zero value and a missing voucher code first', () => {
    expect(motivoNoFacturar(100, [], '')).toBe(MENSAJES_FACTURACION.valoresVacios);
    expect(motivoNoFacturar(100, [fila(1, EFECTIVO, '')], '')).toBe(MENSAJES_FACTURACION.valoresVacios);
    expect(motivoNoFacturar(100, [fila(1, EFECTIVO, 100), fila(2, EFECTIVO, 0)], '')).toBe(MENSAJES_FACTURACION.valoresVacios);
    expect(motivoNoFacturar(100, [fila(1, TARJETA, 100)], '')).toBe(MENSAJES_FACTURACION.valoresVacios);
  });

  it('then refuses a sum other than the total, naming the total as pesos', () => {
    expect(motivoNoFacturar(1_250_000, [fila(1, EFECTIVO, 1_000_000)], '')).toBe('La sumatoria de las formas de pago deben ser igual a $ 1,250,000');
    expect(motivoNoFacturar(1_000, [fila(1, EFECTIVO, 1_500)], '')).toBe('La sumatoria de las formas de pago deben ser igual a $ 1,000');
  });

  it('then refuses cash received below the cash amount', () => {
    expect(motivoNoFacturar(1_000, [fila(1, EFECTIVO, 1_000)], 900)).toBe(MENSAJES_FACTURACION.efectivoRecibido('$ 1,000'));
  });

  it('lets an exact set go, with or without the cash received', () => {
    const filas = [fila(1, EFECTIVO, 0.1), fila(2, TARJETA, 0.2, 'V-9')];
    expect(motivoNoFacturar(0.3, filas, '')).toBeNull();
    expect(motivoNoFacturar(0.3, filas, 1)).toBeNull();
  });

  it('builds a body the server schema accepts: mode by the credit box, codes only where required, the voucher picture, cash received only with cash', () => {
    const contado = armarSolicitud({
      ventaId: 7,
      version: 3,
      crearFacturaSiigo: true,
      credito: false,
      filas: [fila(1, EFECTIVO, 30_000, 'ignorado'), { ...fila(2, TARJETA, 70_000, ' V-1 '), adjunto: FOTO }],
      recibido: 50_000,
    });
    expect(contado).toEqual({
      venta_id: 7,
      version: 3,
      crear_factura_siigo: true,
      tipo_documento: 'FACTURA',
      crear_venta_credito: false,
      modo_factura: 'C',
      formaPagoList: [
        { id_forma_pago: 1, nombre_forma_pago: 'Efectivo', comprobante_id: null, requiere_codigo_comprobante: false, forma_abono: false, valor_pagado: 30_000, adjunto_comprobante: null },
        {
          id_forma_pago: 2,
          nombre_forma_pago: 'Tarjeta débito',
          comprobante_id: 'V-1',
          requiere_codigo_comprobante: true,
          forma_abono: false,
          valor_pagado: 70_000,
          adjunto_comprobante: FOTO,
        },
      ],
      valor_recibido: 50_000,
    });
    expect(facturarSchema.safeParse(contado).success).toBe(true);

    // A credit bill goes as an electronic invoice even if the switch was left off: the server refuses credit without it.
    const credito = armarSolicitud({ ventaId: 7, version: 3, crearFacturaSiigo: false, credito: true, filas: [fila(1, CREDITO, 100_000)], recibido: 5 });
    expect(credito.modo_factura).toBe('CR');
    expect(credito.crear_factura_siigo).toBe(true);
    expect(credito.valor_recibido).toBeNull();
    expect(facturarSchema.safeParse(credito).success).toBe(true);
    const remisionACredito = facturarSchema.safeParse({ ...credito, crear_factura_siigo: false, tipo_documento: undefined });
    expect(remisionACredito.success).toBe(false);
    expect(remisionACredito.error?.issues).toEqual([expect.objectContaining({ path: ['crear_factura_siigo'], message: MENSAJES_FACTURACION.creditoSinFactura })]);
  });
});

describe('the POS equivalent document (docs/decisions-factura-electronica.md, "Documento equivalente POS")', () => {
  const admitidos = (permitido: boolean, motivo: string | null = null) => ({
    documentos: [
      { tipo: 'FACTURA' as const, permitido: true, motivo: null },
      { tipo: 'POS' as const, permitido, motivo },
      { tipo: 'REMISION' as const, permitido: true, motivo: null },
    ],
    limite_pos: 261_870,
  });

  it('is offered as the server says for a cash sale, never on credit, and not while the answer loads', () => {
    expect(opcionPos(admitidos(true), false)).toEqual({ permitido: true, motivo: null });
    expect(opcionPos(admitidos(false, 'supera'), false)).toEqual({ permitido: false, motivo: 'supera' });
    expect(opcionPos(admitidos(true), true)).toEqual({ permitido: false, motivo: MENSAJES_POS.credito });
    expect(opcionPos(undefined, false).permitido).toBe(false);
  });

  it('bills the chosen document: POS only while allowed and on, a remission with the switch off, an invoice on credit', () => {
    expect(documentoDeFactura(true, 'POS', true)).toBe('POS');
    expect(documentoDeFactura(true, 'POS', false)).toBe('FACTURA');
    expect(documentoDeFactura(false, 'POS', true)).toBe('REMISION');
    const base = { ventaId: 7, version: 3, filas: [fila(1, EFECTIVO, 100_000)], recibido: '' as const };
    const pos = armarSolicitud({ ...base, crearFacturaSiigo: true, credito: false, documento: 'POS' });
    expect(pos).toMatchObject({ crear_factura_siigo: true, tipo_documento: 'POS' });
    expect(facturarSchema.safeParse(pos).success).toBe(true);
    expect(armarSolicitud({ ...base, crearFacturaSiigo: false, credito: false, documento: 'POS' }).tipo_documento).toBe('REMISION');
    expect(armarSolicitud({ ...base, filas: [fila(1, CREDITO, 100_000)], crearFacturaSiigo: true, credito: true, documento: 'POS' }).tipo_documento).toBe('FACTURA');
    // The schema refuses a named document that contradicts the flag, and POS on credit.
    expect(facturarSchema.safeParse({ ...pos, crear_factura_siigo: false }).error?.issues).toEqual([
      expect.objectContaining({ path: ['tipo_documento'], message: MENSAJES_FACTURACION.tipoDocumentoNoCoincide }),
    ]);
  });
});

describe('the Siigo preset', () => {
  it('is on when the store id is in LISTA_TIENDA_FACTURA_SIIGO', () => {
    expect(tiendaFacturaSiigo([1, 3], 1)).toBe(true);
    expect(tiendaFacturaSiigo([1, 3], 2)).toBe(false);
    expect(tiendaFacturaSiigo([1, 3], null)).toBe(false);
  });
});

describe('a bill that got no answer (docs/decisions.md "Sin red")', () => {
  const venta = { id: 41, estado_venta_id: 1, tipo_documento: null, prefijo_factura_dian: null, nro_factura_dian: null };

  it('offers Facturar again only once the sale was read after the failure', () => {
    expect(esperaLectura(null, 1000)).toBe(false);
    expect(esperaLectura(2000, 1000)).toBe(true);
    expect(esperaLectura(2000, 2000)).toBe(true);
    expect(esperaLectura(2000, 2500)).toBe(false);
  });

  it('says the sale was already billed, with its document and number, when the lost answer had billed it', () => {
    expect(avisoNoPendiente(venta)).toBeNull();
    expect(avisoNoPendiente({ ...venta, estado_venta_id: 2, tipo_documento: 'FACTURA', prefijo_factura_dian: 'FE', nro_factura_dian: 77 })).toBe(
      'La venta No. 41 ya fue facturada: Factura electrónica de venta FE77',
    );
    expect(avisoNoPendiente({ ...venta, estado_venta_id: 6, tipo_documento: 'REMISION', nro_factura_dian: 9 })).toBe('La venta No. 41 ya fue facturada: Remisión 9');
    expect(avisoNoPendiente({ ...venta, estado_venta_id: 3 })).toBe(MENSAJES_FACTURACION.noPendiente(41));
  });
});
