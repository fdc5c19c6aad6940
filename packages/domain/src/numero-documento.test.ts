import { describe, expect, it } from 'vitest';
import { formatearNumeroDocumento } from './numero-documento';

describe('formatearNumeroDocumento (one printer for a sale document number)', () => {
  it('writes the prefix and the number with no separator, as the DIAN numbers the document', () => {
    expect(formatearNumeroDocumento({ prefijo_factura_dian: 'FE', nro_factura_dian: 2 })).toBe('FE2');
    expect(formatearNumeroDocumento({ prefijo_factura_dian: 'REM', nro_factura_dian: 40 })).toBe('REM40');
    expect(formatearNumeroDocumento({ prefijo_factura_dian: 'SETP', nro_factura_dian: 990000001 })).toBe('SETP990000001');
  });

  it('prints the number alone for a range without prefix, and nothing for a sale not billed', () => {
    expect(formatearNumeroDocumento({ prefijo_factura_dian: null, nro_factura_dian: 12 })).toBe('12');
    expect(formatearNumeroDocumento({ prefijo_factura_dian: '', nro_factura_dian: 12 })).toBe('12');
    expect(formatearNumeroDocumento({ prefijo_factura_dian: 'FE', nro_factura_dian: null })).toBeNull();
  });
});
