import { describe, expect, it } from 'vitest';
import { leerListaEnteros, MENSAJES_PARAMETRO, parametroCrearSchema } from './parametros.schema';

describe('parametroCrearSchema', () => {
  it('asks for both fields with the spec messages when they are missing or blank', () => {
    const resultado = parametroCrearSchema.safeParse({ codigo_parametro: '  ' });
    expect(resultado.success).toBe(false);
    const mensajes = resultado.error!.issues.map((issue) => issue.message);
    expect(mensajes).toContain(MENSAJES_PARAMETRO.codigo);
    expect(mensajes).toContain(MENSAJES_PARAMETRO.valor);
  });

  it('trims code and value', () => {
    expect(parametroCrearSchema.parse({ codigo_parametro: ' IVA ', valor_parametro: ' 19 ' })).toEqual({
      codigo_parametro: 'IVA',
      valor_parametro: '19',
    });
  });
});

describe('leerListaEnteros', () => {
  it('reads comma-separated ids and ignores blanks and junk', () => {
    expect(leerListaEnteros('1, 3,,x, 12')).toEqual([1, 3, 12]);
    expect(leerListaEnteros('')).toEqual([]);
    expect(leerListaEnteros(null)).toEqual([]);
  });
});
