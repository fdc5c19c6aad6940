import { describe, expect, it } from 'vitest';
import { cargaMasivaSchema, esArchivoCsv, esEncabezadoCsvInventario, leerCsvInventario, MENSAJES_INVENTARIO, tieneCaracteresBinarios } from './inventario.schema';

describe('leerCsvInventario (spec 001 §5 Inventory CSV, issue 12)', () => {
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
