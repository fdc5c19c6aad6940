import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anulacionFacturaElectronicaSchema, anularVentaSchema, MENSAJES_FACTURACION, MOTIVO_ANULACION_MAXIMO } from './facturacion.schema';
import { CONCEPTOS_ANULACION, CONCEPTOS_NOTA_CREDITO, textoConceptoNota } from './factura-electronica.schema';

// The annulment of a sale with an electronic invoice (docs/decisions-factura-electronica.md, "Anulación con nota
// crédito"): DIAN's concepts as DIAN publishes them, and the body's rules.

/** DIAN's genericode list, read on its own (each Row: code, then name), from ../shared/data/dian/ beside the project. */
function listaDian(nombre: string): Record<string, string> {
  const archivo = path.resolve(import.meta.dirname, '../../../../../shared/data/dian/listas', nombre);
  const filas = readFileSync(archivo, 'utf8').split('<Row>').slice(1);
  return Object.fromEntries(filas.map((fila) => [...fila.matchAll(/<SimpleValue>([^<]*)<\/SimpleValue>/g)].map((m) => m[1]!) as [string, string]));
}

describe('credit-note concepts', () => {
  it("are DIAN's ConceptoNotaCredito list, codes and names as published", () => {
    expect(CONCEPTOS_NOTA_CREDITO).toEqual(listaDian('ConceptoNotaCredito-2.1.gc'));
  });

  it('a whole annulment offers concept 2 only, shown with its name', () => {
    expect(CONCEPTOS_ANULACION).toEqual(['2']);
    expect(textoConceptoNota('2')).toBe('2 - Anulación de factura electrónica');
    expect(textoConceptoNota('3')).toBe('3 - Rebaja o descuento parcial o total');
  });
});

describe('PUT facturas/{venta_id}/anular body', () => {
  it('is optional as a whole (a remission needs nothing) and trims the reason', () => {
    expect(anularVentaSchema.parse(undefined)).toEqual({});
    expect(anularVentaSchema.parse({ concepto_nota: '2', motivo: '  Cliente desistió ' })).toEqual({ concepto_nota: '2', motivo: 'Cliente desistió' });
  });

  it('refuses, in Spanish, a missing or long reason and a concept that is no annulment', () => {
    const errores = (datos: unknown) => anulacionFacturaElectronicaSchema.safeParse(datos).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errores({})).toEqual([
      ['concepto_nota', MENSAJES_FACTURACION.conceptoAnulacion],
      ['motivo', MENSAJES_FACTURACION.motivoAnulacion],
    ]);
    expect(errores({ concepto_nota: '1', motivo: ' ' })).toEqual([
      ['concepto_nota', MENSAJES_FACTURACION.conceptoNoAnula],
      ['motivo', MENSAJES_FACTURACION.motivoAnulacion],
    ]);
    expect(errores({ concepto_nota: '2', motivo: 'x'.repeat(MOTIVO_ANULACION_MAXIMO + 1) })).toEqual([['motivo', MENSAJES_FACTURACION.motivoAnulacionLargo]]);
    expect(errores({ concepto_nota: '2', motivo: 'x'.repeat(MOTIVO_ANULACION_MAXIMO) })).toBeUndefined();
  });
});
