import { describe, expect, it } from 'vitest';
import { aCentavos, dePesos, redondearDinero, valorPesos } from './dinero';

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
