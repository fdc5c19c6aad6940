import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calcularCude, calcularCufe, codigoSeguridadSoftware, type CamposCodigoUnico } from './cufe';
import { valorDian } from './valores';

const sha384 = (texto: string) => createHash('sha384').update(texto, 'utf8').digest('hex');

// DIAN's worked example (Anexo técnico, CUFE): the 15 terms and the expected hash.
const ejemplo: CamposCodigoUnico = {
  numero: '323200000129',
  fecha: '2019-01-16',
  hora: '10:53:10-05:00',
  valorBruto: '1500000.00',
  valorIva: '285000.00',
  valorInc: '0.00',
  valorIca: '0.00',
  valorTotal: '1785000.00',
  nitEmisor: '700085371',
  documentoAdquiriente: '800199436',
  ambiente: 1,
};

describe('calcularCufe', () => {
  it("reproduces DIAN's worked example", () => {
    expect(calcularCufe({ ...ejemplo, claveTecnica: '693ff6f2a553c3646a063436fd4dd9ded0311471' })).toBe(
      '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4',
    );
  });

  it('refuses amounts that are not written with two decimals', () => {
    expect(() => calcularCufe({ ...ejemplo, valorBruto: '1500000', claveTecnica: 'x' })).toThrow(/dos decimales/);
    expect(() => calcularCufe({ ...ejemplo, valorTotal: '1785000.5', claveTecnica: 'x' })).toThrow(/dos decimales/);
  });
});

describe('calcularCude', () => {
  it('hashes the same 15 terms with the software PIN in place of the technical key', () => {
    const campos = { ...ejemplo, numero: 'NC1', fecha: '2026-03-03', hora: '08:00:00-05:00', ambiente: 2 as const };
    const esperado = sha384('NC12026-03-0308:00:00-05:001500000.0001285000.00040.00030.001785000.00700085371800199436123452');
    expect(calcularCude({ ...campos, pinSoftware: '12345' })).toBe(esperado);
    expect(calcularCude({ ...campos, pinSoftware: '12346' })).not.toBe(esperado);
  });
});

describe('codigoSeguridadSoftware', () => {
  it('is the SHA-384 of software id, PIN and document number', () => {
    const id = '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0';
    expect(codigoSeguridadSoftware(id, '12345', 'SETP990000101')).toBe(sha384(`${id}12345SETP990000101`));
    expect(codigoSeguridadSoftware(id, '12345', 'SETP990000101')).toMatch(/^[0-9a-f]{96}$/);
  });
});

describe('valorDian', () => {
  it('writes integer centavos with exactly two decimals', () => {
    expect(valorDian(0)).toBe('0.00');
    expect(valorDian(5)).toBe('0.05');
    expect(valorDian(150)).toBe('1.50');
    expect(valorDian(178_500_000)).toBe('1785000.00');
    expect(() => valorDian(1.5)).toThrow();
    expect(() => valorDian(-1)).toThrow();
  });
});
