import { describe, expect, it } from 'vitest';
import { MENSAJES_NUMERO } from '@tablero/domain';
import { editarTexto, leerTexto, mismoValor, posicionCursor, textoAlSalir, textoDeValor } from './entradas-numericas.logica';

const monto = { decimales: 2 };
const entero = { decimales: 0 };

describe('leerTexto', () => {
  it('reads en-US grouping with "." as the decimal separator', () => {
    expect(leerTexto('1,250.50', monto)).toEqual({ valor: 1250.5 });
    expect(leerTexto('$ 1,250,000', monto)).toEqual({ valor: 1250000 });
    expect(leerTexto('.5', monto)).toEqual({ valor: 0.5 });
    expect(leerTexto('1.', monto)).toEqual({ valor: 1 });
  });

  it('answers "" for an empty text', () => {
    expect(leerTexto('', monto)).toEqual({ valor: '' });
    expect(leerTexto('$ ', monto)).toEqual({ valor: '' });
    expect(leerTexto('', entero)).toEqual({ valor: '' });
  });

  it('refuses a decimal separator in a whole-number field instead of dropping it', () => {
    for (const texto of ['2.5', '2,5', '2.', '1,25', '12.400,50']) {
      const lectura = leerTexto(texto, entero);
      expect(lectura.error, texto).toBe(MENSAJES_NUMERO.entero);
      expect(lectura.valor, texto).toBeNaN();
    }
    expect(leerTexto('2.5', { decimales: 0, mensajeEntero: 'Cantidad sin decimales' }).error).toBe('Cantidad sin decimales');
    expect(leerTexto('1,250', entero)).toEqual({ valor: 1250 });
    expect(leerTexto('1.200', entero).error).toBe('Debe ingresar un número entero: 1200');
  });

  it('refuses a comma out of the thousands places in an amount, never reading "2,5" as 25', () => {
    expect(leerTexto('2,5', monto).error).toBe('Use punto para decimales: 2.5');
    expect(leerTexto('12.400,50', monto).error).toBe('Use coma para miles y punto para decimales: 12,400.50');
    expect(leerTexto('1.2.3', monto).error).toBe(MENSAJES_NUMERO.noNumero(2));
    expect(leerTexto('1.2,5', monto).error).toBe(MENSAJES_NUMERO.noNumero(2));
    expect(leerTexto('.', monto).error).toBe(MENSAJES_NUMERO.noNumero(2));
  });

  it('refuses more decimals than the field takes, with the server message', () => {
    expect(leerTexto('10.0051', monto).error).toBe('Máximo 2 decimales');
    expect(leerTexto('10.005', monto).error).toBe('Use coma para miles: 10,005');
    expect(leerTexto('8.25', { decimales: 1 }).error).toBe('Máximo 1 decimal');
    expect(leerTexto('1.12345', { decimales: 5 })).toEqual({ valor: 1.12345 });
  });

  it('refuses more integer digits than a number keeps exactly', () => {
    expect(leerTexto('1234567890123456', entero).error).toBe(MENSAJES_NUMERO.grande);
    expect(leerTexto('123456789012345', entero)).toEqual({ valor: 123456789012345 });
  });
});

describe('editarTexto', () => {
  it('groups what is typed', () => {
    expect(editarTexto('', '198500', monto)).toMatchObject({ texto: '198,500', valor: 198500 });
    expect(editarTexto('1,250', '1,250.5', monto)).toMatchObject({ texto: '1,250.5', valor: 1250.5 });
    expect(editarTexto('', '007', entero)).toMatchObject({ texto: '7', valor: 7 });
  });

  it('regroups a digit typed or deleted inside a grouped number', () => {
    expect(editarTexto('1,250', '1,2505', entero)).toMatchObject({ texto: '12,505', valor: 12505 });
    expect(editarTexto('1,250', '1,50', entero)).toMatchObject({ texto: '150', valor: 150 });
    expect(editarTexto('$ 1,250', '$ 1,2500', monto)).toMatchObject({ texto: '12,500', valor: 12500 });
  });

  it('keeps "2.5" and "2,5" on screen in a whole-number field with the message, never 25', () => {
    expect(editarTexto('', '2.5', entero)).toEqual({ texto: '2.5', valor: Number.NaN, error: MENSAJES_NUMERO.entero, reagrupado: false });
    expect(editarTexto('2', '2,', entero)).toMatchObject({ texto: '2,', error: MENSAJES_NUMERO.noNumero(0) });
    expect(editarTexto('2,', '2,5', entero)).toMatchObject({ texto: '2,5', error: MENSAJES_NUMERO.entero });
    expect(editarTexto('1,250', '1,250.', entero)).toMatchObject({ texto: '1,250.', error: MENSAJES_NUMERO.entero });
    // Corrected, the message goes: '2,500' is a grouping the user wrote on purpose.
    expect(editarTexto('2,50', '2,500', entero)).toMatchObject({ texto: '2,500', valor: 2500 });
    expect(editarTexto('2.5', '25', entero)).toMatchObject({ texto: '25', valor: 25 });
  });

  it('keeps a comma typed as a decimal separator in an amount with the message', () => {
    expect(editarTexto('', '2,5', monto)).toMatchObject({ texto: '2,5', error: 'Use punto para decimales: 2.5' });
    expect(editarTexto('10.00', '10.0051', monto)).toMatchObject({ texto: '10.0051', error: 'Máximo 2 decimales' });
  });

  it('drops only the prefix, the suffix and spaces; a letter or a sign stays with its message', () => {
    expect(editarTexto('', '$ 12a3', monto)).toMatchObject({ texto: '12a3', error: MENSAJES_NUMERO.noNumero(2) });
    expect(editarTexto('', '1e5', monto)).toMatchObject({ texto: '1e5', error: MENSAJES_NUMERO.noNumero(2) });
    expect(editarTexto('', '-5', entero)).toMatchObject({ texto: '-5', error: MENSAJES_NUMERO.negativo });
    expect(editarTexto('', '$ 1 250', monto)).toMatchObject({ texto: '1,250', valor: 1250 });
    expect(editarTexto('8', '8.5 %', { decimales: 1 })).toMatchObject({ texto: '8.5', valor: 8.5 });
  });
});

describe('textoDeValor, textoAlSalir, mismoValor, posicionCursor', () => {
  it('shows a form value with en-US grouping and all its decimals', () => {
    expect(textoDeValor(1250.5)).toBe('1,250.5');
    expect(textoDeValor(19900)).toBe('19,900');
    expect(textoDeValor('')).toBe('');
    expect(textoDeValor(null)).toBe('');
    expect(textoDeValor(Number.NaN)).toBe('');
  });

  it('drops a dangling "." of a valid text when leaving the field', () => {
    expect(textoAlSalir('1,250.', monto)).toBe('1,250');
    expect(textoAlSalir('2.', entero)).toBe('2.');
  });

  it('compares form values', () => {
    expect(mismoValor(Number.NaN, Number.NaN)).toBe(true);
    expect(mismoValor('', null)).toBe(true);
    expect(mismoValor(0, '')).toBe(false);
    expect(mismoValor(5, '5')).toBe(true);
  });

  it('keeps the caret after the same digits when commas move', () => {
    // '1,2505' with the caret after the typed 5 (5 significant chars) becomes '12,505': caret after its 5th digit.
    expect(posicionCursor('1,2505', '12,505', true)).toBe(6);
    expect(posicionCursor('1,25', '12,505', true)).toBe(4);
    expect(posicionCursor('', '12,505', true)).toBe(0);
    expect(posicionCursor('2,', '2,5', false)).toBe(2);
  });
});
