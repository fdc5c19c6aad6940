import { describe, expect, it } from 'vitest';
import { esMedidaFraccionaria } from '../tipos-medidas/tipos-medidas.schema';
import { cantidadAdmitida, cargaMasivaSchema, esArchivoCsv, esEncabezadoCsvInventario, leerCantidadCsv, leerCsvInventario, leerPrecioCsv, MENSAJES_INVENTARIO, tieneCaracteresBinarios } from './inventario.schema';

describe('leerCsvInventario (spec 001 §5 Inventory CSV)', () => {
  it('skips the first row when its cells are the column names, and blank lines; keeps each line number', () => {
    expect(leerCsvInventario('\uFEFF Referencia ; CANTIDAD ;Precio\r\nMEL-1;3;1,500\n\n"MDF-2";4;\n')).toEqual([
      { referencia: 'MEL-1', cantidad: '3', precio: '1,500', fila: 2 },
      { referencia: 'MDF-2', cantidad: '4', precio: '', fila: 4 },
    ]);
    expect(leerCsvInventario('\n\nreferencia;cantidad\nMEL-1;3\n')).toEqual([{ referencia: 'MEL-1', cantidad: '3', precio: '', fila: 4 }]);
  });

  it("keeps every other row, however much it looks like a header: 'REFERENCIA-01' is a product", () => {
    expect(leerCsvInventario('REFERENCIA-01;2;10\nreferencia;cantidad;precio\n')).toEqual([
      { referencia: 'REFERENCIA-01', cantidad: '2', precio: '10', fila: 1 },
      { referencia: 'referencia', cantidad: 'cantidad', precio: 'precio', fila: 2 },
    ]);
    expect(leerCsvInventario('Referencia del producto;cantidad;precio\nMEL-1;1;\n')).toHaveLength(2);
  });
});

describe('esEncabezadoCsvInventario', () => {
  it('is the column names in order, without case, accents or spaces, the price optional', () => {
    expect(esEncabezadoCsvInventario(['Referencia', 'Cantidad', 'Precio'])).toBe(true);
    expect(esEncabezadoCsvInventario([' referencia ', 'cantidad', '', ''])).toBe(true);
    expect(esEncabezadoCsvInventario(['REFERENCIA-01', '2', '10'])).toBe(false);
    expect(esEncabezadoCsvInventario(['cantidad', 'referencia', 'precio'])).toBe(false);
    expect(esEncabezadoCsvInventario(['referencia'])).toBe(false);
    expect(esEncabezadoCsvInventario(['referencia', 'cantidad', 'precio', 'otra'])).toBe(false);
  });
});

describe('esArchivoCsv and tieneCaracteresBinarios', () => {
  it('accepts a .csv with the types browsers give it, and refuses other files', () => {
    expect(esArchivoCsv({ nombre: 'inventario.csv', tipo: 'text/csv' })).toBe(true);
    expect(esArchivoCsv({ nombre: 'INVENTARIO.CSV', tipo: 'application/vnd.ms-excel' })).toBe(true);
    expect(esArchivoCsv({ nombre: 'inventario.csv', tipo: '' })).toBe(true);
    expect(esArchivoCsv({ nombre: 'inventario.xlsx', tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(false);
    expect(esArchivoCsv({ nombre: 'inventario.txt', tipo: 'text/plain' })).toBe(false);
    expect(esArchivoCsv({ nombre: 'inventario.csv', tipo: 'application/pdf' })).toBe(false);
    expect(esArchivoCsv({})).toBe(true);
  });

  it('finds the control characters of a binary file, not the tabs and line ends of a text one', () => {
    expect(tieneCaracteresBinarios('PK\u0003\u0004')).toBe(true);
    expect(tieneCaracteresBinarios('MEL-1;3;1,500\r\nMDF\t2;ñ;á')).toBe(false);
  });

  it("refuses a file name or type that is not a CSV's with 'Solo se aceptan archivos CSV'", () => {
    const resultado = cargaMasivaSchema.safeParse({ items: [{ referencia: 'X', cantidad: '1' }], nombre_archivo: 'x.pdf', tipo_archivo: 'application/pdf' });
    expect(resultado.success ? [] : resultado.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['nombre_archivo', MENSAJES_INVENTARIO.archivoTipo],
      ['tipo_archivo', MENSAJES_INVENTARIO.archivoTipo],
    ]);
  });
});

describe('leerCantidadCsv: the product\'s unit, read as the price (docs/decisions.md, Inventario)', () => {
  it('reads whole numbers and up to 2 decimals with a dot, commas only as thousands separators, and numbers sent as JSON', () => {
    expect(leerCantidadCsv('12')).toEqual({ valor: 12 });
    expect(leerCantidadCsv(' 1,000 ')).toEqual({ valor: 1000 });
    expect(leerCantidadCsv('2.5')).toEqual({ valor: 2.5 });
    expect(leerCantidadCsv('1,250.75')).toEqual({ valor: 1250.75 });
    expect(leerCantidadCsv('10.0')).toEqual({ valor: 10 });
    expect(leerCantidadCsv(2.5)).toEqual({ valor: 2.5 });
    expect(leerCantidadCsv(0)).toEqual({ valor: 0 });
    expect(leerCantidadCsv('')).toEqual({ vacio: true });
    expect(leerCantidadCsv(null)).toEqual({ vacio: true });
  });

  it.each([
    ['2,5', 'Use punto para decimales: 2.5'],
    ['1.000', '¿Miles o decimales? Escriba 1,000 o 1.00'],
    ['1.2,5', 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['12.3456', 'Máximo 2 decimales'],
    ['dos', 'Escriba solo cifras, por ejemplo 1,250.50'],
    ['-4', 'El número no puede ser negativo'],
    ['-2.5', 'El número no puede ser negativo'],
    ['2000000000', 'El valor máximo es 1,000,000,000'],
  ])('refuses "%s" naming the value and the reader\'s message, never 25 or 1', (valor, mensaje) => {
    expect(leerCantidadCsv(valor)).toEqual({ error: `la cantidad "${valor}": ${mensaje}` });
  });

  it('reads a fraction in the product\'s unit, with thousands commas, and a number sent as a number', () => {
    expect(leerCantidadCsv('2.5')).toEqual({ valor: 2.5 });
    expect(leerCantidadCsv('1,000.5')).toEqual({ valor: 1000.5 });
    expect(leerCantidadCsv(2.5)).toEqual({ valor: 2.5 });
    expect(leerCantidadCsv(2.555)).toEqual({ error: 'la cantidad "2.555": Máximo 2 decimales' });
  });
});

describe('cantidadAdmitida and esMedidaFraccionaria: fractions only for length or area', () => {
  const tipo = (corto: string, nombre: string) => ({ nombre_corto_tipo_medida: corto, nombre_tipo_medida: nombre });
  it.each([tipo('ML', 'Metro lineal'), tipo('m²', 'Metro cuadrado'), tipo('M2', 'Área'), tipo('mts.', 'Metros'), tipo('X', 'Centímetro')])('takes 2.5 for %o', (t) => {
    expect(esMedidaFraccionaria(t)).toBe(true);
    expect(cantidadAdmitida(2.5, t)).toBe(true);
  });
  it.each([tipo('UND', 'Unidad'), tipo('LAM', 'Lámina'), tipo('SRV', 'Servicio')])('takes only whole numbers for %o', (t) => {
    expect(esMedidaFraccionaria(t)).toBe(false);
    expect(cantidadAdmitida(2.5, t)).toBe(false);
    expect(cantidadAdmitida(-3, t)).toBe(true);
  });
  it('takes a product without measure type as given', () => {
    expect(cantidadAdmitida(0.5, null)).toBe(true);
  });
});

describe('leerPrecioCsv: the spec format, a dot decimal point and optional comma thousands', () => {
  it.each([
    ['8300', 8300],
    ['8.3', 8.3],
    ['8.30', 8.3],
    ['1,250.50', 1250.5],
    ['8,300', 8300],
    ['2,345.6700', 2345.67],
    ['1500.500', 1500.5],
  ])('reads "%s" as %d', (valor, esperado) => {
    expect(leerPrecioCsv(valor)).toEqual({ valor: esperado });
  });

  it('refuses a single dot followed by exactly three digits as ambiguous, suggesting both readings', () => {
    expect(leerPrecioCsv('8.300')).toEqual({ error: 'el precio "8.300": ¿Miles o decimales? Escriba 8,300 o 8.30' });
    expect(leerPrecioCsv('12.500')).toEqual({ error: 'el precio "12.500": ¿Miles o decimales? Escriba 12,500 o 12.50' });
    // Three decimals that are not trailing zeros have one sensible reading only.
    expect(leerPrecioCsv('100.255')).toEqual({ error: 'el precio "100.255": Use coma para miles: 100,255' });
  });

  it('refuses a decimal comma, text, more than 2 decimals, 0 and negatives; blank keeps the price', () => {
    expect(leerPrecioCsv('2,5')).toEqual({ error: 'el precio "2,5": Use punto para decimales: 2.5' });
    expect(leerPrecioCsv('8,30')).toEqual({ error: 'el precio "8,30": Use punto para decimales: 8.30' });
    expect(leerPrecioCsv('12.400,50')).toEqual({ error: 'el precio "12.400,50": Use coma para miles y punto para decimales: 12,400.50' });
    expect(leerPrecioCsv('1.000.000')).toEqual({ error: 'el precio "1.000.000": Use coma para miles: 1,000,000' });
    expect(leerPrecioCsv('gratis')).toEqual({ error: 'el precio "gratis": Escriba solo cifras, por ejemplo 1,250.50' });
    expect(leerPrecioCsv('8300.555')).toEqual({ error: 'el precio "8300.555": Máximo 2 decimales' });
    expect(leerPrecioCsv(10.001)).toEqual({ error: 'el precio "10.001": Máximo 2 decimales' });
    expect(leerPrecioCsv('0')).toEqual({ error: 'el precio debe ser mayor a 0' });
    expect(leerPrecioCsv('-5')).toEqual({ error: 'el precio debe ser mayor a 0' });
    expect(leerPrecioCsv('  ')).toEqual({ vacio: true });
    // A number sent as JSON is not text: 8.3 is 8.3.
    expect(leerPrecioCsv(8.3)).toEqual({ valor: 8.3 });
  });
});
