import { describe, expect, it } from 'vitest';
import { despachosFiltroSchema, guardarDespachoSchema, MENSAJES_DESPACHOS, nombreCorto } from './despachos.schema';

describe('nombreCorto (the public board never shows a full name)', () => {
  it.each([
    ['María Fernanda', 'Gómez Ruiz', 'María G.'],
    ['  Ana  ', 'pérez', 'Ana P.'],
    ['Valentina Vendedora', null, 'Valentina'],
    ['Luis', '', 'Luis'],
    [null, null, ''],
  ])('%s %s → %s', (nombres, apellidos, esperado) => {
    expect(nombreCorto(nombres, apellidos)).toBe(esperado);
  });
});

describe('guardarDespachoSchema', () => {
  it('asks for messenger and observation with the spec message', () => {
    const r = guardarDespachoSchema.safeParse({ venta_id: 1, observacion_despacho: '' });
    expect(r.success).toBe(false);
    const mensajes = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(mensajes).toEqual([
      ['mensajero_id', MENSAJES_DESPACHOS.mensajeroObservacion],
      ['observacion_despacho', MENSAJES_DESPACHOS.mensajeroObservacion],
    ]);
  });

  it('trims the observation and accepts no usuario_id', () => {
    expect(guardarDespachoSchema.parse({ venta_id: '7', mensajero_id: 3, observacion_despacho: ' ok ' })).toEqual({
      venta_id: 7,
      usuario_id: null,
      mensajero_id: 3,
      observacion_despacho: 'ok',
    });
  });
});

describe('despachosFiltroSchema', () => {
  it('defaults to pending with no dates (the server puts today)', () => {
    expect(despachosFiltroSchema.parse({})).toEqual({ venta_id: null, modo_consulta: 'pendientes', fecha_inicial: null, fecha_final: null, cliente_id: null });
  });

  it('refuses a start after the end and an unknown mode', () => {
    expect(despachosFiltroSchema.safeParse({ fecha_inicial: '2026-01-02', fecha_final: '2026-01-01' }).error?.issues[0]?.message).toBe(MENSAJES_DESPACHOS.rangoFechas);
    expect(despachosFiltroSchema.safeParse({ modo_consulta: 'todos' }).error?.issues[0]?.message).toBe(MENSAJES_DESPACHOS.modo);
  });
});
