import { describe, expect, it } from 'vitest';
import { COLUMNAS_CSV_CORTE, exportarCsv, importarCsv, leerCeldas, leerEntero } from './corte.csv';
import { filaCorteVacia, type FilaCorte, type Tapacanto } from './corte.logica';

const cantos: Tapacanto[] = [
  { id: 11, codigo: 'TC-BLANCO-22', nombre_producto: 'Canto blanco' },
  { id: 12, codigo: 'TC-ROBLE-3R', nombre_producto: 'Canto roble' },
];

const pieza = (cambios: Partial<FilaCorte>): FilaCorte => ({ ...filaCorteVacia(), ...cambios });
const sinClave = ({ clave: _clave, ...resto }: FilaCorte) => resto;

describe('the pieces CSV', () => {
  it('writes the spec columns, edges as their position in the edge table and services as REF:SIDE:QTY', () => {
    const texto = exportarCsv(
      [
        pieza({ cantidad: 2, base: 600, altura: 400, rotacion: true, descripcion: 'Puerta', canto_base_top: 12, canto_altura_right: 11, lista_servicios_especiales: [{ referencia: 'SERVPERF', modo: 'B', modo_text: 'Base', cantidad: 2 }, { referencia: 'SERVBIS', modo: 'P', modo_text: 'Pieza', cantidad: 1 }] }),
        filaCorteVacia(),
      ],
      cantos,
    );
    const lineas = texto.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lineas).toEqual([COLUMNAS_CSV_CORTE.join(';'), '2;600;400;1;Puerta;2;;;1;SERVPERF:B:2|SERVBIS:P:1']);
    expect(lineas[0]).toBe('Cant.;Base(mm);Altura(mm);Rotacion;Descripcion;Largo 1;Largo 2;Ancho 1;Ancho 2;Servicios');
  });

  it('reads back exactly what it writes, descriptions with ; and quotes included', () => {
    const piezas = [
      pieza({ cantidad: 1234, base: 2000, altura: 30, descripcion: 'Costado; "alto"', canto_base_bottom: 11, canto_altura_left: 12, canto_altura_right: 12 }),
      pieza({ cantidad: 3, base: 450, altura: 320, rotacion: true, descripcion: 'Entrepaño', lista_servicios_especiales: [{ referencia: 'SERVPERF', modo: 'A', modo_text: 'Altura', cantidad: 4 }] }),
    ];
    const leidas = importarCsv(exportarCsv(piezas, cantos), cantos);
    expect(leidas.incompletas).toBe(0);
    expect(leidas.errores).toEqual([]);
    expect(leidas.piezas.map(sinClave)).toEqual(piezas.map(sinClave));
  });

  it('reads numbers by the one reader: comma thousands only, anything else empty with its message', () => {
    expect(leerEntero('1,234')).toEqual({ valor: 1234 });
    expect(leerEntero(' 2440 ')).toEqual({ valor: 2440 });
    expect(leerEntero('')).toEqual({ valor: '' });
    expect(leerEntero('1.234')).toEqual({ valor: Number.NaN, error: 'Debe ingresar un número entero: 1234' });
    expect(leerEntero('2.5')).toEqual({ valor: Number.NaN, error: 'Debe ingresar un número entero' });
    const { piezas, incompletas, errores } = importarCsv('Cant.;Base(mm);Altura(mm)\n1;2.440;12,5\n3;2,440;600\n', cantos);
    expect(piezas[0]).toMatchObject({ cantidad: 1, base: '', altura: '' });
    expect(piezas[1]).toMatchObject({ cantidad: 3, base: 2440, altura: 600 });
    expect(incompletas).toBe(1);
    expect(errores).toEqual(['Fila 2, Base(mm): Debe ingresar un número entero: 2440', 'Fila 2, Altura(mm): Debe ingresar un número entero']);
  });

  it('clears edge positions the edge table does not have', () => {
    const { piezas } = importarCsv('1;100;100;0;;3;2;;0;\n', cantos);
    expect(piezas[0]).toMatchObject({ canto_base_top: null, canto_base_bottom: 12, canto_altura_left: null, canto_altura_right: null });
  });

  it('reads a file without a header, with a byte-order mark, Windows line ends and blank lines', () => {
    const { piezas } = importarCsv('\uFEFF2;300;200;si;Tapa\r\n\r\n1;100;100;no;\r\n', []);
    expect(piezas.map((p) => [p.cantidad, p.rotacion, p.descripcion])).toEqual([
      [2, true, 'Tapa'],
      [1, false, ''],
    ]);
  });

  it('splits quoted cells with line breaks', () => {
    expect(leerCeldas('a;"b\nc";"d""e"\nf')).toEqual([['a', 'b\nc', 'd"e'], ['f']]);
  });
});
