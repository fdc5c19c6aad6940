import { describe, expect, it } from 'vitest';
import { enteroRequerido, numeroDesde } from './campos';
import { leerPesos } from './dinero';

describe('numbers typed by staff (spec 000 §5, §9: "," groups thousands, "." is the decimal point)', () => {
  it('reads well-formed texts, thousands commas included', () => {
    expect(numeroDesde('1,250,000.50')).toBe(1250000.5);
    expect(numeroDesde(' 2500 ')).toBe(2500);
    expect(numeroDesde('8.300')).toBe(8.3);
    expect(numeroDesde('')).toBeUndefined();
  });

  it('refuses a comma that is not a thousands separator instead of dropping it', () => {
    for (const texto of ['2,5', '8,30', '1.2,5', '1,2345', ',500', '12,']) expect(numeroDesde(texto), texto).toBeNaN();
  });

  it('gives a quantity field its own message for a decimal comma, never 25 for 2,5', () => {
    const cantidad = enteroRequerido('Debe ingresar una cantidad', { mensajeInvalido: 'Debe ingresar una cantidad válida' });
    expect(cantidad.safeParse('2,5').error?.issues[0]?.message).toBe('Debe ingresar una cantidad válida');
    expect(cantidad.safeParse('2.5').error?.issues[0]?.message).toBe('Debe ingresar una cantidad válida');
    expect(cantidad.parse('2,500')).toBe(2500);
  });

  it('reads amounts the same way', () => {
    expect(leerPesos('1,250.50')).toBe(125050);
    expect(leerPesos('8.300')).toBe(830);
    expect(leerPesos('2,5')).toBeNull();
    expect(leerPesos('1.2,5')).toBeNull();
  });
});
