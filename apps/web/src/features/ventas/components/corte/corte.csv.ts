import { leerNumero, sinAcentos } from '@tablero/domain';
import { filaCorteVacia, filaEnBlanco, LADOS_CANTO, TEXTO_MODO, type FilaCorte, type ModoServicio, type Numero, type ServicioEspecialFila, type Tapacanto } from './corte.logica';

/**
 * The cut list as CSV (spec 001 §9): file data.csv, ';'-separated, columns
 *   Cant.;Base(mm);Altura(mm);Rotacion;Descripcion;Largo 1;Largo 2;Ancho 1;Ancho 2;Servicios
 * - Rotacion: 1 when the piece may turn, 0 when not (import also reads si/sí/no/true/false/x).
 * - Largo 1, Largo 2: the edges along the base (top, bottom); Ancho 1, Ancho 2: along the height (left, right). Each is
 *   the 1-based position of the edge in the dialog's edge table, empty for 'Sin canto' (spec: "edge sides refer to the
 *   banding list index"); a position the table does not have is cleared on import.
 * - Servicios: the piece's special services as REFERENCIA:LADO:CANTIDAD joined by '|', LADO B, A or P
 *   (e.g. `SERVPERF:B:2|SERVBIS:P:1`).
 * - A text with ';', '"' or a line break is quoted ("…", a quote doubled), as spreadsheets do.
 * - The file starts with a UTF-8 byte-order mark so spreadsheets read the accents; import skips it.
 * Numbers are read by the one number reader (numeros.ts): "1234" or "1,234", whole millimetres only; "1.234" or
 * "2,5" is refused with the reader's message naming the row and column, never read as 1234 or 25.
 * Import reads exactly what export writes: export → import gives the same rows.
 */

export const COLUMNAS_CSV_CORTE = ['Cant.', 'Base(mm)', 'Altura(mm)', 'Rotacion', 'Descripcion', 'Largo 1', 'Largo 2', 'Ancho 1', 'Ancho 2', 'Servicios'] as const;
export const NOMBRE_ARCHIVO_CSV = 'data.csv';
const BOM = '\uFEFF';

function celda(valor: string): string {
  return /[;"\r\n]/.test(valor) ? `"${valor.replaceAll('"', '""')}"` : valor;
}

const textoServicios = (servicios: readonly ServicioEspecialFila[]) => servicios.map((s) => `${s.referencia}:${s.modo}:${s.cantidad}`).join('|');

/** The pieces as the CSV text (rows nobody typed in are left out). */
export function exportarCsv(piezas: readonly FilaCorte[], tapacantos: readonly Tapacanto[]): string {
  const posicion = (id: number | null) => {
    const indice = id === null ? -1 : tapacantos.findIndex((canto) => canto.id === id);
    return indice < 0 ? '' : String(indice + 1);
  };
  const filas = piezas
    .filter((pieza) => !filaEnBlanco(pieza))
    .map((pieza) =>
      [
        String(pieza.cantidad),
        String(pieza.base),
        String(pieza.altura),
        pieza.rotacion ? '1' : '0',
        pieza.descripcion,
        ...LADOS_CANTO.map((lado) => posicion(pieza[lado])),
        textoServicios(pieza.lista_servicios_especiales),
      ]
        .map(celda)
        .join(';'),
    );
  return `${BOM}${[COLUMNAS_CSV_CORTE.join(';'), ...filas].join('\r\n')}\r\n`;
}

/** Splits CSV text into rows of cells: ';' between cells, quoted cells may hold ';', '""' and line breaks. */
export function leerCeldas(texto: string): string[][] {
  const filas: string[][] = [];
  let fila: string[] = [];
  let actual = '';
  let entreComillas = false;
  const fuente = texto.startsWith(BOM) ? texto.slice(1) : texto;
  for (let i = 0; i < fuente.length; i++) {
    const c = fuente[i]!;
    if (entreComillas) {
      if (c === '"' && fuente[i + 1] === '"') {
        actual += '"';
        i++;
      } else if (c === '"') entreComillas = false;
      else actual += c;
    } else if (c === '"' && actual === '') entreComillas = true;
    else if (c === ';') {
      fila.push(actual);
      actual = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && fuente[i + 1] === '\n') i++;
      fila.push(actual);
      filas.push(fila);
      fila = [];
      actual = '';
    } else actual += c;
  }
  if (actual !== '' || fila.length > 0) {
    fila.push(actual);
    filas.push(fila);
  }
  return filas.filter((celdas) => celdas.some((c) => c.trim() !== ''));
}

/** A whole number by the one reader ("1234", "1,234"): its value, '' when empty, or the reader's message. */
export function leerEntero(texto: string | undefined): { valor: Numero; error?: string } {
  const lectura = leerNumero(texto ?? '', { decimales: 0 });
  if (lectura.error !== null) return { valor: Number.NaN, error: lectura.error };
  return { valor: lectura.valor ?? '' };
}

function leerRotacion(texto: string | undefined): boolean {
  return ['1', 'si', 'true', 'x', 'verdadero'].includes(sinAcentos((texto ?? '').trim()).toLowerCase());
}

function leerServicios(texto: string | undefined): ServicioEspecialFila[] {
  const servicios: ServicioEspecialFila[] = [];
  for (const parte of (texto ?? '').split('|')) {
    const [referencia, lado, cantidad] = parte.split(':').map((trozo) => trozo.trim());
    const modo = (lado ?? '').toUpperCase();
    const numero = leerEntero(cantidad).valor;
    if (!referencia || !(modo in TEXTO_MODO) || typeof numero !== 'number' || !Number.isInteger(numero) || numero <= 0) continue;
    if (servicios.some((otro) => otro.referencia.toUpperCase() === referencia.toUpperCase())) continue;
    servicios.push({ referencia, modo: modo as ModoServicio, modo_text: TEXTO_MODO[modo as ModoServicio], cantidad: numero });
  }
  return servicios;
}

const esEncabezado = (celdas: readonly string[]) => sinAcentos(celdas[0] ?? '').trim().toLowerCase().startsWith('cant');

export interface ImportacionCsv {
  piezas: FilaCorte[];
  /** Rows read whose quantity, base or height is missing or not a whole number (left empty on screen). */
  incompletas: number;
  /** Why a number was refused: 'Fila 3, Cant.: Use punto para decimales: 2.5' (the file's row, header included). */
  errores: string[];
}

/** The pieces of a CSV text written by exportarCsv (or by hand in the same columns), edges resolved against the table. */
export function importarCsv(texto: string, tapacantos: readonly Tapacanto[]): ImportacionCsv {
  const filas = leerCeldas(texto);
  const conEncabezado = filas.length > 0 && esEncabezado(filas[0]!);
  if (conEncabezado) filas.shift();
  let incompletas = 0;
  const errores: string[] = [];
  const piezas = filas.map((celdas, indice) => {
    const pieza = filaCorteVacia();
    const medidas = [0, 1, 2].map((columna) => {
      const lectura = leerEntero(celdas[columna]);
      if (lectura.error) errores.push(`Fila ${indice + (conEncabezado ? 2 : 1)}, ${COLUMNAS_CSV_CORTE[columna]}: ${lectura.error}`);
      return lectura.valor;
    });
    if (medidas.some((valor) => valor === '' || Number.isNaN(valor))) incompletas++;
    // A value that is not a whole number stays empty, its message in `errores`: never a number nobody typed.
    [pieza.cantidad, pieza.base, pieza.altura] = medidas.map((valor) => (Number.isNaN(valor) ? '' : valor)) as [Numero, Numero, Numero];
    pieza.rotacion = leerRotacion(celdas[3]);
    pieza.descripcion = (celdas[4] ?? '').trim();
    LADOS_CANTO.forEach((lado, indice) => {
      const posicion = leerEntero(celdas[5 + indice]).valor;
      pieza[lado] = typeof posicion === 'number' && Number.isInteger(posicion) && posicion >= 1 ? (tapacantos[posicion - 1]?.id ?? null) : null;
    });
    pieza.lista_servicios_especiales = leerServicios(celdas[9]);
    return pieza;
  });
  return { piezas, incompletas, errores };
}
