import { describe, expect, it } from 'vitest';
import { consultaPaginadaSchema, MENSAJE_BUSQUEDA_LARGA } from './paginacion';
import { idRutaSchema, MENSAJE_PAGINA, PAGINA_MAXIMA, tieneCaracteresNoPermitidos } from './limites';

describe('tieneCaracteresNoPermitidos', () => {
  it('finds NUL, the other C0 controls and DEL', () => {
    for (const codigo of [0, 1, 7, 8, 11, 12, 14, 27, 31, 127]) {
      expect(tieneCaracteresNoPermitidos(`abc${String.fromCharCode(codigo)}def`), String(codigo)).toBe(true);
    }
  });

  it('lets tab, line feed, carriage return, accents, C1 letters and emoji through', () => {
    expect(tieneCaracteresNoPermitidos('Calle 10 # 43-20\tpiso 2\r\nBogotá, Ñandú € “comillas” 😀')).toBe(false);
    expect(tieneCaracteresNoPermitidos('')).toBe(false);
  });

  it('finds surrogates without their pair, which have no UTF-8 form', () => {
    expect(tieneCaracteresNoPermitidos('a\uD83D')).toBe(true);
    expect(tieneCaracteresNoPermitidos('\uDE00b')).toBe(true);
    expect(tieneCaracteresNoPermitidos('\uDE00\uD83D')).toBe(true);
    expect(tieneCaracteresNoPermitidos('\uD83D\uDE00')).toBe(false);
  });
});

describe('query and path limits', () => {
  it('bounds the page of a list', () => {
    expect(consultaPaginadaSchema.parse({}).page).toBe(1);
    expect(consultaPaginadaSchema.parse({ page: String(PAGINA_MAXIMA) }).page).toBe(PAGINA_MAXIMA);
    for (const page of ['100000000000000000000', String(PAGINA_MAXIMA + 1), '0', '1.5', 'abc', 'Infinity']) {
      expect(consultaPaginadaSchema.safeParse({ page }).success, page).toBe(false);
    }
  });

  it('bounds the search text', () => {
    const resultado = consultaPaginadaSchema.safeParse({ query: 'a'.repeat(201) });
    expect(resultado.error?.issues[0]?.message).toBe(MENSAJE_BUSQUEDA_LARGA);
    expect(MENSAJE_BUSQUEDA_LARGA).toBe('La búsqueda admite hasta 200 caracteres');
  });

  it('takes path ids from 1 to 2^31 − 1 only', () => {
    expect(idRutaSchema.parse('2147483647')).toBe(2147483647);
    for (const id of ['2147483648', '99999999999999999999', '0', 'abc', '\u0000']) expect(idRutaSchema.safeParse(id).success, id).toBe(false);
  });

  it('names the last page with the numbers printer, as the reader takes it back', () => {
    expect(MENSAJE_PAGINA).toBe('La página debe ser un número entero entre 1 y 1,000,000');
  });
});
