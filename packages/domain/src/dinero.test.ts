import { describe, expect, it } from 'vitest';
import { aCentavos, dePesos, formatearDinero, formatearPesos, leerPesos, MENSAJES_DINERO, redondearDinero, VALOR_MAXIMO_PESOS, valorPesos } from './dinero';

describe('aCentavos', () => {
  it('reads numeric text digit by digit, without float drift', () => {
    expect(aCentavos('0.29')).toBe(29);
    expect(aCentavos('1250000.50')).toBe(125000050);
    expect(aCentavos('1.005')).toBe(101);
    expect(aCentavos('7')).toBe(700);
    expect(aCentavos('-3.10')).toBe(-310);
  });

  it('rounds numbers to the centavo', () => {
    expect(aCentavos(0.1 + 0.2)).toBe(30);
    expect(aCentavos(19.99)).toBe(1999);
  });

  it('sums amounts exactly when added as centavos', () => {
    const total = ['0.10', '0.20', '1234.56'].reduce((suma, valor) => suma + aCentavos(valor), 0);
    expect(dePesos(total)).toBe(1234.86);
    expect(redondearDinero(2.675)).toBe(2.68);
  });
});

describe('valorPesos', () => {
  const esquema = valorPesos('Debe ingresar un valor de abono válido');

  it('strips thousands commas and keeps centavos', () => {
    expect(esquema.parse('1,250,000.50')).toBe(1250000.5);
    expect(esquema.parse(3500)).toBe(3500);
  });

  it('refuses zero, empty, negative and unreadable values with the given message', () => {
    for (const valor of ['0', '', null, -5, 'abc', '1.2.3']) {
      const resultado = esquema.safeParse(valor);
      expect(resultado.success, String(valor)).toBe(false);
      expect(resultado.error!.issues[0]!.message).toBe('Debe ingresar un valor de abono válido');
    }
  });

  it('accepts zero when asked to', () => {
    expect(valorPesos('x', 'cero').parse('0')).toBe(0);
  });
});

describe('leerPesos', () => {
  it('reads numbers and text with up to 2 decimals as exact centavos', () => {
    expect(leerPesos(0.29)).toBe(29);
    expect(leerPesos('1,250,000.50')).toBe(125000050);
    expect(leerPesos(' 7 ')).toBe(700);
    expect(leerPesos('-3.1')).toBe(-310);
    expect(leerPesos(999999999999.99)).toBe(99999999999999);
  });

  it('does not count trailing zeros as decimals', () => {
    expect(leerPesos('1.500')).toBe(150);
    expect(leerPesos('2.00000')).toBe(200);
    // The one reader's forms (numeros.ts): a leading '$' as the app prints money, '.5' as half a peso.
    expect(leerPesos('$ 1,250.50')).toBe(125050);
    expect(leerPesos('.5')).toBe(50);
  });

  it('says "decimales" for a third decimal, also in exponent form', () => {
    for (const valor of [0.001, '0.001', 1.005, '12.345', 1e-7, '1,000.999']) expect(leerPesos(valor), String(valor)).toBe('decimales');
  });

  it('answers null for what is no amount', () => {
    for (const valor of ['', '  ', 'abc', '1.2.3', '1.2,5', ',5', '2,5', '12.400,50', '$', Infinity, -Infinity, Number.NaN, null, undefined, true, {}, '1e3']) {
      expect(leerPesos(valor), String(valor)).toBeNull();
    }
  });

  it('reads huge values so that the maximum refuses them', () => {
    expect(leerPesos(1e308)).toBeGreaterThan(VALOR_MAXIMO_PESOS * 100);
    expect(leerPesos('99999999999999999999')).toBeGreaterThan(VALOR_MAXIMO_PESOS * 100);
    expect(leerPesos(Number('12345678901234567890.5'))).toBeGreaterThan(VALOR_MAXIMO_PESOS * 100);
  });
});

describe('valorPesos limits', () => {
  const esquema = valorPesos('Debe ingresar un precio unitario', 'cero', 'El precio unitario no puede ser negativo');
  const mensaje = (valor: unknown) => esquema.safeParse(valor).error?.issues[0]?.message;

  it('refuses more than 2 decimals with "Máximo 2 decimales" instead of rounding them away', () => {
    expect(MENSAJES_DINERO.decimales).toBe('Máximo 2 decimales');
    expect(mensaje(0.001)).toBe('Máximo 2 decimales');
    expect(mensaje('0.001')).toBe('Máximo 2 decimales');
    expect(mensaje('1,250.125')).toBe('Máximo 2 decimales');
    expect(esquema.parse('1,250.12')).toBe(1250.12);
  });

  it('refuses amounts above the maximum naming it', () => {
    expect(MENSAJES_DINERO.maximo).toBe('El valor máximo es 999,999,999,999');
    expect(esquema.parse(VALOR_MAXIMO_PESOS)).toBe(VALOR_MAXIMO_PESOS);
    for (const valor of [1_000_000_000_000, 1e308, '99999999999999999999', Number('12345678901234567890.5')]) {
      expect(mensaje(valor), String(valor)).toBe('El valor máximo es 999,999,999,999');
    }
  });

  it('gives a negative amount its own message when there is one, and accepts 0 with "cero"', () => {
    expect(mensaje(-1)).toBe('El precio unitario no puede ser negativo');
    expect(mensaje('-0.5')).toBe('El precio unitario no puede ser negativo');
    expect(esquema.parse(0)).toBe(0);
  });

  it('keeps the given message for missing or unreadable values', () => {
    for (const valor of [undefined, null, '', 'abc', Infinity]) expect(mensaje(valor), String(valor)).toBe('Debe ingresar un precio unitario');
  });
});

describe('formatearDinero', () => {
  it('writes pesos with $ and en-US grouping on screens, centavos with both digits and whole pesos with none', () => {
    expect(formatearDinero(185000)).toBe('$185,000');
    expect(formatearDinero('1234567')).toBe('$1,234,567');
    expect(formatearDinero(0)).toBe('$0');
    expect(formatearDinero(253005.9)).toBe('$253,005.90');
    expect(formatearDinero('185000.50')).toBe('$185,000.50');
  });

  it('rounds to whole pesos in the lists that show no decimals', () => {
    expect(formatearDinero(253005.9, 'lista')).toBe('$253,006');
    expect(formatearDinero('1250000.49', 'lista')).toBe('$1,250,000');
  });

  it('puts a space after the sign inside a sentence, as the spec writes its messages', () => {
    expect(formatearDinero(1_250_000, 'texto')).toBe('$ 1,250,000');
    expect(formatearDinero(69_999.5, 'texto')).toBe('$ 69,999.50');
    expect(formatearPesos('100000.01')).toBe('$ 100,000.01');
  });

  it('prints two decimals always on documents, so their columns line up', () => {
    expect(formatearDinero(1_250_300.5, 'documento')).toBe('$ 1,250,300.50');
    expect(formatearDinero(0, 'documento')).toBe('$ 0.00');
  });

  it('writes the sign of a negative amount before the $, and none for an amount that rounds to zero', () => {
    expect(formatearDinero(-200_000)).toBe('-$200,000');
    expect(formatearDinero(-200_000.5, 'lista')).toBe('-$200,001');
    expect(formatearDinero(-0.4, 'lista')).toBe('$0');
    expect(formatearDinero(-1_000, 'documento')).toBe('-$ 1,000.00');
  });

  it('writes nothing for a missing or unreadable value', () => {
    for (const valor of [null, undefined, '', 'abc']) expect(formatearDinero(valor)).toBe('');
  });
});
