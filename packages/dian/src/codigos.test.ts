import { describe, expect, it } from 'vitest';
import { lista } from '../test/validador-dian';
import {
  CONCEPTOS_NOTA_CREDITO,
  DEPARTAMENTOS,
  FORMAS_PAGO,
  IMPUESTOS,
  RETENCIONES,
  MEDIOS_PAGO,
  nombreDian,
  PAISES,
  RESPONSABILIDADES,
  SOLO_EN_EL_ANEXO,
  TIPOS_IDENTIFICACION,
  TIPOS_ORGANIZACION,
  TRIBUTOS_PARTE,
  UNIDADES,
} from './codigos';
import { MUNICIPIOS } from './municipios';

// Each table against the genericode file it was copied from, read as XML (../shared/data/dian/listas).
const TABLAS: [string, string, Record<string, string>][] = [
  ['IMPUESTOS', 'TipoImpuesto', IMPUESTOS],
  ['RETENCIONES', 'TipoImpuesto', RETENCIONES],
  ['TRIBUTOS_PARTE', 'TipoImpuesto', TRIBUTOS_PARTE],
  ['FORMAS_PAGO', 'FormasPago', FORMAS_PAGO],
  ['MEDIOS_PAGO', 'MediosPago', MEDIOS_PAGO],
  ['TIPOS_IDENTIFICACION', 'TipoIdFiscal', TIPOS_IDENTIFICACION],
  ['TIPOS_ORGANIZACION', 'TipoOrganizacion', TIPOS_ORGANIZACION],
  ['RESPONSABILIDADES', 'TipoResponsabilidad', RESPONSABILIDADES],
  ['CONCEPTOS_NOTA_CREDITO', 'ConceptoNotaCredito', CONCEPTOS_NOTA_CREDITO],
  ['UNIDADES', 'UnidadesMedida', UNIDADES],
  ['PAISES', 'Paises', PAISES],
  ['DEPARTAMENTOS', 'Departamentos', DEPARTAMENTOS],
];

describe("DIAN's names of DIAN's codes", () => {
  it.each(TABLAS)('%s: every code and name is a row of %s', (tabla, archivo, codigos) => {
    const soloAnexo: readonly string[] = SOLO_EN_EL_ANEXO[tabla as keyof typeof SOLO_EN_EL_ANEXO] ?? [];
    const filas = lista(archivo);
    for (const [codigo, nombre] of Object.entries(codigos)) {
      if (soloAnexo.includes(codigo)) continue;
      expect(filas.get(codigo), `${tabla} ${codigo}`).toBe(nombre);
    }
  });

  it('MUNICIPIOS and DEPARTAMENTOS are the whole lists Municipio and Departamentos', () => {
    expect(new Map(Object.entries(MUNICIPIOS))).toEqual(lista('Municipio'));
    expect(new Map(Object.entries(DEPARTAMENTOS))).toEqual(lista('Departamentos'));
  });

  it("marks as Anexo-only exactly the codes the genericode mirror lacks (or names otherwise: ZZ is a placeholder there)", () => {
    expect(lista('TipoImpuesto').has('ZA')).toBe(false);
    expect(lista('TipoImpuesto').get('ZZ')).toBe('Nombre de la figura tributaria');
    expect(lista('TipoIdFiscal').has('47')).toBe(false);
    expect(lista('TipoIdFiscal').has('48')).toBe(false);
    expect(lista('TipoResponsabilidad').has('R-99-PN')).toBe(false);
    for (const [tabla, codigos] of Object.entries(SOLO_EN_EL_ANEXO)) {
      const entradas = TABLAS.find(([nombre]) => nombre === tabla)![2];
      for (const codigo of codigos) expect(Object.hasOwn(entradas, codigo), `${tabla} ${codigo}`).toBe(true);
    }
  });

  it('answers the name of a code and refuses a code outside the list', () => {
    expect(nombreDian(IMPUESTOS, 'TipoImpuesto', '04')).toBe('INC');
    expect(() => nombreDian(IMPUESTOS, 'TipoImpuesto', 'IVA 19%')).toThrow("El código 'IVA 19%' no está en la lista TipoImpuesto de la DIAN");
    expect(() => nombreDian(IMPUESTOS, 'TipoImpuesto', 'toString')).toThrow(/no está en la lista/);
  });
});
