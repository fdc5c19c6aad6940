import { describe, expect, it } from 'vitest';
import { MENSAJES_PAGO_PROVEEDOR, type FormaPago, type PagoProveedor } from '@tablero/domain';
import {
  agregarFila,
  armarCuerpo,
  cifrasDe,
  filaCompleta,
  formasOfrecidas,
  formularioDePago,
  formularioVacio,
  mensajeInvalido,
  motivoNoAgregar,
  puedeAgregarOtra,
  restantePorPagar,
  sumaFormas,
  validarPagoProveedor,
  type FilaPagoProveedor,
  type FormularioPagoProveedor,
} from './pago-proveedor.logica';

const forma = (id: number, nombre: string, requiere = false, extra: Partial<FormaPago> = {}): FormaPago => ({
  id,
  nombre_forma_pago: nombre,
  requiere_codigo_comprobante: requiere,
  forma_abono: false,
  forma_credito: false,
  ...extra,
});
const EFECTIVO = forma(1, 'Efectivo');
const TRANSFERENCIA = forma(4, 'Transferencia bancaria', true);
const FORMAS = [EFECTIVO, forma(2, 'Tarjeta débito', true), TRANSFERENCIA, forma(6, 'Crédito', false, { forma_credito: true }), forma(8, 'Anticipo', false, { forma_abono: true })];

const fila = (clave: number, f: FormaPago, valor: number | '', comprobante = ''): FilaPagoProveedor => ({ clave, forma: f, valor, comprobante, adjunto: null, adjuntoGuardado: null });

/** A complete form: 1,190,000 with 19 % IVA and 2.5 % retention → before IVA 1,000,000, retention 25,000, to pay 1,165,000. */
function completo(cambios: Partial<FormularioPagoProveedor> = {}): FormularioPagoProveedor {
  return {
    ...formularioVacio(),
    tipo_concepto_id: 1,
    proveedor_id: 2,
    codigo_factura: 'FV-100',
    fecha_factura: '2026-11-02',
    fecha_pago: '2026-11-03',
    valor_total: 1_190_000,
    pj_iva: 19,
    pj_retefuente: 2.5,
    observaciones: 'Compra de tableros',
    formas: [fila(1, EFECTIVO, 165_000), fila(2, TRANSFERENCIA, 1_000_000, 'TRF-1')],
    ...cambios,
  };
}

describe('the live figures (spec 002 §9, the domain formula)', () => {
  it('computes before IVA, IVA, retention and total to pay from what is typed', () => {
    expect(cifrasDe({ valor_total: 1_190_000, pj_iva: 19, pj_retefuente: 2.5, gestion_factura: false })).toEqual({
      valor_antes_iva: 1_000_000,
      valor_iva: 190_000,
      valor_rte: 25_000,
      valor_total_pagar: 1_165_000,
    });
  });

  it('counts empty or mistyped fields as 0, and IVA and retention as 0 in gestion mode', () => {
    expect(cifrasDe({ valor_total: '', pj_iva: 19, pj_retefuente: '', gestion_factura: false }).valor_total_pagar).toBe(0);
    expect(cifrasDe({ valor_total: 100_000, pj_iva: Number.NaN, pj_retefuente: '', gestion_factura: false }).valor_antes_iva).toBe(100_000);
    expect(cifrasDe({ valor_total: 119_000, pj_iva: 19, pj_retefuente: 10, gestion_factura: true }).valor_total_pagar).toBe(119_000);
  });
});

describe('the methods list (spec 002 §2.12, §5)', () => {
  it('offers money methods not yet chosen (never the customers’ credit or advance)', () => {
    expect(formasOfrecidas(FORMAS, [fila(1, EFECTIVO, 10)]).map((f) => f.id)).toEqual([2, 4]);
  });

  it('refuses to add with none chosen (error) or while a row is incomplete (warning)', () => {
    expect(motivoNoAgregar(null, [])).toEqual({ tipo: 'error', mensaje: MENSAJES_PAGO_PROVEEDOR.seleccionarForma });
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, 100)])).toEqual({ tipo: 'aviso', mensaje: MENSAJES_PAGO_PROVEEDOR.camposAntesDeAgregar });
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, '', 'X')])).toEqual({ tipo: 'aviso', mensaje: MENSAJES_PAGO_PROVEEDOR.camposAntesDeAgregar });
    expect(motivoNoAgregar(EFECTIVO, [fila(1, TRANSFERENCIA, 100, 'X')])).toBeNull();
  });

  it('stops at 5 methods', () => {
    const cinco = [1, 2, 3, 4, 5].map((i) => fila(i, forma(10 + i, `F${i}`), 1));
    expect(puedeAgregarOtra(cinco.slice(0, 4))).toBe(true);
    expect(puedeAgregarOtra(cinco)).toBe(false);
    expect(motivoNoAgregar(EFECTIVO, cinco)?.mensaje).toBe(MENSAJES_PAGO_PROVEEDOR.maximoFormas);
  });

  it('gives a new row what is still unpaid, in centavos', () => {
    const filas = agregarFila([fila(1, EFECTIVO, 0.1), fila(2, TRANSFERENCIA, 0.2, 'X')], forma(2, 'Tarjeta débito', true), 1);
    expect(filas[2]).toMatchObject({ clave: 3, valor: 0.7, comprobante: '' });
    expect(sumaFormas(filas)).toBe(1);
    expect(restantePorPagar(1, filas)).toBe(0);
    expect(agregarFila(filas, EFECTIVO, 1)[3]?.valor).toBe('');
  });

  it('calls a row complete with an amount and, where required, its code', () => {
    expect(filaCompleta(fila(1, EFECTIVO, 5))).toBe(true);
    expect(filaCompleta(fila(1, EFECTIVO, 0))).toBe(false);
    expect(filaCompleta(fila(1, TRANSFERENCIA, 5, '  '))).toBe(false);
  });
});

describe('the body and the submit rules (spec 002 §3, §5)', () => {
  it('sends a complete payment as the server reads it', () => {
    const resultado = validarPagoProveedor(completo());
    expect(resultado.ok).toBe(true);
    if (!resultado.ok) return;
    expect(resultado.cuerpo).toMatchObject({ tipo_concepto_id: 1, proveedor_id: 2, codigo_factura: 'FV-100', valor_total: 1_190_000, pj_iva: 19, pj_retefuente: 2.5, gestion_factura: false });
    expect(resultado.cuerpo.lista_formas_pagadas_form).toHaveLength(2);
    expect(resultado.cuerpo.lista_formas_pagadas_form[1]).toMatchObject({ id_forma_pago: 4, comprobante_id: 'TRF-1', valor_pagado: 1_000_000 });
  });

  it('says each field’s message, and the generic toast', () => {
    const resultado = validarPagoProveedor({ ...formularioVacio(), formas: [] });
    expect(resultado.ok).toBe(false);
    if (resultado.ok) return;
    expect(resultado.errores.tipo_concepto_id?.message).toBe(MENSAJES_PAGO_PROVEEDOR.seleccionarValor);
    expect(resultado.errores.proveedor_id?.message).toBe(MENSAJES_PAGO_PROVEEDOR.seleccionarValor);
    expect(resultado.errores.codigo_factura?.message).toBe(MENSAJES_PAGO_PROVEEDOR.codigoFactura);
    expect(resultado.errores.fecha_factura?.message).toBe(MENSAJES_PAGO_PROVEEDOR.fecha);
    expect(resultado.errores.fecha_pago?.message).toBe(MENSAJES_PAGO_PROVEEDOR.fecha);
    expect(resultado.errores.valor_total?.message).toBe(MENSAJES_PAGO_PROVEEDOR.valorTotal);
    expect(resultado.errores.pj_iva?.message).toBe(MENSAJES_PAGO_PROVEEDOR.iva);
    expect(resultado.errores.pj_retefuente?.message).toBe(MENSAJES_PAGO_PROVEEDOR.retefuente);
    expect(resultado.errores.observaciones?.message).toBe(MENSAJES_PAGO_PROVEEDOR.observaciones);
    expect(mensajeInvalido(resultado.errores)).toBe(MENSAJES_PAGO_PROVEEDOR.camposSolicitados);
  });

  const mensajeDe = (valores: FormularioPagoProveedor) => {
    const resultado = validarPagoProveedor(valores);
    return resultado.ok ? null : mensajeInvalido(resultado.errores);
  };

  it('says the methods’ rules once the fields are there, in the spec’s order', () => {
    expect(mensajeDe(completo({ formas: [] }))).toBe(MENSAJES_PAGO_PROVEEDOR.alMenosUnaForma);
    expect(mensajeDe(completo({ formas: [fila(1, EFECTIVO, 165_000), fila(2, TRANSFERENCIA, 1_000_000)] }))).toBe(MENSAJES_PAGO_PROVEEDOR.valoresVacios);
    expect(mensajeDe(completo({ formas: [fila(1, EFECTIVO, 0), fila(2, TRANSFERENCIA, 1_165_000, 'X')] }))).toBe(MENSAJES_PAGO_PROVEEDOR.valoresVacios);
    expect(mensajeDe(completo({ formas: [fila(1, EFECTIVO, 165_000), fila(2, TRANSFERENCIA, 999_999.99, 'X')] }))).toBe(MENSAJES_PAGO_PROVEEDOR.sumatoria('$ 1,165,000'));
    expect(mensajeDe(completo({ valor_total: 0, formas: [fila(1, EFECTIVO, 5)] }))).toBe(MENSAJES_PAGO_PROVEEDOR.totalCero);
  });

  it('in gestion mode requires only concept, supplier, invoice date and total, and sends the hidden fields empty', () => {
    const valores = completo({ gestion_factura: true, codigo_factura: '', fecha_pago: null, pj_iva: '', pj_retefuente: '', observaciones: '', formas: [fila(1, EFECTIVO, 3)] });
    const cuerpo = armarCuerpo(valores);
    expect(cuerpo).toMatchObject({ codigo_factura: null, fecha_pago: null, pj_iva: null, pj_retefuente: null, observaciones: null, lista_formas_pagadas_form: [], pago_realizado: false });
    expect(validarPagoProveedor(valores).ok).toBe(true);
    expect(mensajeDe({ ...valores, valor_total: 0 })).toBe(MENSAJES_PAGO_PROVEEDOR.totalCero);
  });

  it('keeps an edited payment’s picture by its link, and sends a new one as base64', () => {
    const guardada = { ...fila(1, TRANSFERENCIA, 10, 'A'), adjuntoGuardado: { url: '/api/assets?file=x&firma=y', nombre: 'foto.jpg' } };
    const nueva = { ...fila(2, EFECTIVO, 5), adjunto: { nombre_temp: 'b.png', extension_archivo: 'jpg' as const, adjunto: 'AAAA' } };
    const lineas = armarCuerpo(completo({ formas: [guardada, nueva] })).lista_formas_pagadas_form ?? [];
    expect(lineas[0]?.adjunto_comprobante).toEqual({ nombre_temp: 'foto.jpg', url: '/api/assets?file=x&firma=y' });
    expect(lineas[1]?.adjunto_comprobante).toEqual({ nombre_temp: 'b.png', extension_archivo: 'jpg', adjunto: 'AAAA' });
    expect(lineas[1]?.comprobante_id).toBeNull();
  });
});

describe('editing (spec 002 §2.12: opened with an id it loads that payment)', () => {
  const pago: PagoProveedor = {
    id: 7,
    codigo_tienda: '001',
    tipo_concepto_id: 1,
    nombre_tipo_concepto: 'Materia prima',
    proveedor_id: 2,
    nombre_proveedor: 'Maderas SAS',
    codigo_factura: 'FV-9',
    fecha_factura: '2026-11-01',
    fecha_pago: '2026-11-02',
    valor_total: 1_190_000,
    pj_iva: 19,
    valor_antes_iva: 1_000_000,
    valor_iva: 190_000,
    pj_retefuente: 2.5,
    valor_rte: 25_000,
    valor_total_pagar: 1_165_000,
    observaciones: 'Nota',
    gestion_factura: false,
    pago_realizado: true,
    usuario_responsable: 1,
    nombre_usuario: 'Admin',
    fecha_inserta: '2026-11-02T10:00:00Z',
    fecha_actualiza: '2026-11-02T10:00:00Z',
    formas_pago: [
      { id: 1, forma_pago_id: 1, nombre_forma_pago: 'Efectivo', valor_pagado: 165_000, codigo_comprobante_pago: null, adjunto_comprobante_pago: null, nombre_adjunto_comprobante: null, url_adjunto_comprobante: null },
      { id: 2, forma_pago_id: 4, nombre_forma_pago: 'Transferencia bancaria', valor_pagado: 1_000_000, codigo_comprobante_pago: 'TRF-1', adjunto_comprobante_pago: 'pagos-proveedores/a.jpg', nombre_adjunto_comprobante: 'v.png', url_adjunto_comprobante: '/api/assets?file=a&firma=b' },
    ],
  };

  it('loads its values and methods, and saves them back unchanged', () => {
    const valores = formularioDePago(pago, FORMAS);
    expect(valores).toMatchObject({ codigo_factura: 'FV-9', valor_total: 1_190_000, pj_iva: 19, pj_retefuente: 2.5, observaciones: 'Nota' });
    expect(valores.formas[1]).toMatchObject({ forma: { id: 4, requiere_codigo_comprobante: true }, valor: 1_000_000, comprobante: 'TRF-1', adjuntoGuardado: { url: '/api/assets?file=a&firma=b', nombre: 'v.png' } });
    expect(validarPagoProveedor(valores).ok).toBe(true);
  });
});
