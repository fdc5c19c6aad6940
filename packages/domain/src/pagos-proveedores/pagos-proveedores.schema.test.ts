import { describe, expect, it } from 'vitest';
import { MENSAJES_PAGO_PROVEEDOR as M, pagoProveedorFormSchema, pagoProveedorGuardarSchema, pagosProveedoresConsultaSchema } from './pagos-proveedores.schema';
import { hoyNegocio } from '../fechas/fechas';

const valido = {
  tipo_concepto_id: 1,
  proveedor_id: 2,
  codigo_factura: 'FE-1001',
  fecha_factura: '2026-01-10',
  fecha_pago: '2026-01-15',
  valor_total: '1,190,000',
  pj_iva: 19,
  pj_retefuente: '2.5',
  observaciones: 'Compra de tableros',
  gestion_factura: false,
  lista_formas_pagadas_form: [
    { id_forma_pago: 1, nombre_forma_pago: 'Efectivo', valor_pagado: '165,000' },
    { id_forma_pago: 4, comprobante_id: 'TRX-9', requiere_codigo_comprobante: true, valor_pagado: 1_000_000 },
  ],
  pago_realizado: true,
};

/** The messages of a failed parse, by dotted field ('' for the root). */
function mensajes(resultado: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string[]> {
  const porCampo: Record<string, string[]> = {};
  for (const issue of resultado.error?.issues ?? []) (porCampo[issue.path.join('.')] ??= []).push(issue.message);
  return porCampo;
}

describe('pagoProveedorGuardarSchema', () => {
  it('reads a full payment: commas stripped, percentages as numbers', () => {
    const pago = pagoProveedorGuardarSchema.parse(valido);
    expect(pago.valor_total).toBe(1_190_000);
    expect(pago.pj_retefuente).toBe(2.5);
    expect(pago.lista_formas_pagadas_form.map((l) => l.valor_pagado)).toEqual([165_000, 1_000_000]);
    expect(pago.lista_formas_pagadas_form[0]!.adjunto_comprobante).toBeNull();
  });

  it('answers the generic failure first when two or more fields are missing, each field keeping its message', () => {
    const r = pagoProveedorGuardarSchema.safeParse({});
    expect(r.error?.issues[0]?.message).toBe(M.camposSolicitados);
    const porCampo = mensajes(r);
    expect(porCampo.tipo_concepto_id).toContain(M.seleccionarValor);
    expect(porCampo.proveedor_id).toContain(M.seleccionarValor);
    expect(porCampo.fecha_factura).toContain(M.fecha);
    expect(porCampo.valor_total).toContain(M.valorTotal);
    expect(porCampo.codigo_factura).toContain(M.codigoFactura);
    expect(porCampo.fecha_pago).toContain(M.fecha);
    expect(porCampo.pj_iva).toContain(M.iva);
    expect(porCampo.pj_retefuente).toContain(M.retefuente);
    expect(porCampo.observaciones).toContain(M.observaciones);
    expect(porCampo.lista_formas_pagadas_form).toContain(M.alMenosUnaForma);
    expect(pagoProveedorGuardarSchema.safeParse('x').error?.issues[0]?.message).toBe(M.camposSolicitados);
  });

  it('names one missing field with its own message', () => {
    expect(mensajes(pagoProveedorGuardarSchema.safeParse({ ...valido, codigo_factura: ' ' }))).toEqual({ codigo_factura: [M.codigoFactura] });
    expect(mensajes(pagoProveedorGuardarSchema.safeParse({ ...valido, observaciones: null }))).toEqual({ observaciones: [M.observaciones] });
  });

  it('refuses methods that do not add up to the total to pay, naming it formatted', () => {
    const r = pagoProveedorFormSchema.safeParse({ ...valido, lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 1_164_999.99 }] });
    expect(mensajes(r)).toEqual({ lista_formas_pagadas_form: [M.sumatoria('$ 1,165,000')] });
  });

  it('refuses a zero line, a missing voucher code, more than 5 methods and a total to pay of zero', () => {
    const cero = pagoProveedorFormSchema.safeParse({ ...valido, lista_formas_pagadas_form: [{ id_forma_pago: 1, valor_pagado: 0 }] });
    expect(mensajes(cero)['lista_formas_pagadas_form.0.valor_pagado']).toEqual([M.valoresVacios]);
    const sinCodigo = pagoProveedorFormSchema.safeParse({
      ...valido,
      lista_formas_pagadas_form: [{ id_forma_pago: 4, requiere_codigo_comprobante: true, valor_pagado: 1_165_000 }],
    });
    expect(mensajes(sinCodigo)).toEqual({ 'lista_formas_pagadas_form.0.comprobante_id': [M.valoresVacios] });
    const seis = pagoProveedorFormSchema.safeParse({
      ...valido,
      lista_formas_pagadas_form: Array.from({ length: 6 }, () => ({ id_forma_pago: 1, valor_pagado: 194_166.67 })),
    });
    expect(mensajes(seis).lista_formas_pagadas_form).toContain(M.maximoFormas);
    const totalCero = pagoProveedorFormSchema.safeParse({ ...valido, valor_total: 0 });
    expect(mensajes(totalCero).valor_total).toEqual([M.totalCero]);
    const todoRetenido = pagoProveedorFormSchema.safeParse({ ...valido, valor_total: 0.01, pj_iva: 0, pj_retefuente: 100 });
    expect(mensajes(todoRetenido).valor_total).toEqual([M.totalCero]);
  });

  it('relaxes invoice code, payment date, IVA, retention, methods and observations in gestion mode', () => {
    const pago = pagoProveedorGuardarSchema.parse({
      tipo_concepto_id: 1,
      proveedor_id: 2,
      fecha_factura: '2026-01-10',
      valor_total: 500_000,
      gestion_factura: true,
    });
    expect(pago).toMatchObject({ codigo_factura: null, fecha_pago: null, pj_iva: null, pj_retefuente: null, observaciones: null, lista_formas_pagadas_form: [] });
    // Still required: concept, supplier, invoice date and total.
    const r = pagoProveedorGuardarSchema.safeParse({ gestion_factura: true, tipo_concepto_id: 1, proveedor_id: 2 });
    expect(r.error?.issues[0]?.message).toBe(M.camposSolicitados);
  });

  it('refuses percentages out of range or with too many decimals, and a payment date after today', () => {
    expect(mensajes(pagoProveedorFormSchema.safeParse({ ...valido, pj_iva: 101 })).pj_iva).toEqual([M.porcentajeRango]);
    expect(mensajes(pagoProveedorFormSchema.safeParse({ ...valido, pj_retefuente: 2.12345 })).pj_retefuente).toEqual([M.porcentajeDecimales]);
    expect(mensajes(pagoProveedorFormSchema.safeParse({ ...valido, pj_iva: '1e400' })).pj_iva).toEqual([M.iva]);
    expect(mensajes(pagoProveedorFormSchema.safeParse({ ...valido, fecha_pago: '9999-12-31' })).fecha_pago).toEqual([M.fechaPagoFutura]);
    expect(mensajes(pagoProveedorFormSchema.safeParse({ ...valido, fecha_pago: '2026-02-30' })).fecha_pago).toEqual([M.fecha]);
  });

  it('takes a new picture or a kept one (url) per line, and an empty attachment as none', () => {
    const pago = pagoProveedorFormSchema.parse({
      ...valido,
      lista_formas_pagadas_form: [
        { id_forma_pago: 1, valor_pagado: 165_000, adjunto_comprobante: { nombre_temp: 'a.png', extension_archivo: 'png', adjunto: 'iVBORw0KGgo=' } },
        { id_forma_pago: 4, comprobante_id: 'X', valor_pagado: 1_000_000, adjunto_comprobante: { url: '/api/assets?file=x' } },
      ],
    });
    expect(pago.lista_formas_pagadas_form[0]!.adjunto_comprobante).toMatchObject({ extension_archivo: 'png', adjunto: 'iVBORw0KGgo=' });
    expect(pago.lista_formas_pagadas_form[1]!.adjunto_comprobante).toMatchObject({ url: '/api/assets?file=x', adjunto: null });
    const vacio = pagoProveedorFormSchema.parse({
      ...valido,
      lista_formas_pagadas_form: [{ ...valido.lista_formas_pagadas_form[0], valor_pagado: 1_165_000, adjunto_comprobante: { nombre_temp: null, adjunto: null } }],
    });
    expect(vacio.lista_formas_pagadas_form[0]!.adjunto_comprobante).toBeNull();
  });
});

describe('pagosProveedoresConsultaSchema', () => {
  it('reads the period and refuses a year after the current one', () => {
    expect(pagosProveedoresConsultaSchema.parse({ periodo_consulta: { year: '2026', month: '01' } }).periodo_consulta).toEqual({ year: 2026, month: 1 });
    const anio = Number(hoyNegocio().slice(0, 4)) + 1;
    expect(pagosProveedoresConsultaSchema.safeParse({ periodo_consulta: { year: anio, month: 1 } }).error?.issues[0]?.message).toBe(M.periodoFuturo);
    expect(pagosProveedoresConsultaSchema.safeParse({ periodo_consulta: { year: 2026, month: 13 } }).error?.issues[0]?.message).toBe(M.periodo);
  });
});
