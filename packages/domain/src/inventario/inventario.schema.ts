import { z } from 'zod';
import { listaCerrada } from '../listas';
import { consultaListaSchema, consultaPaginadaSchema, paginaSchema, tamanoPaginaSchema } from '../paginacion';
import { idOpcional, idRequerido, numeroDesde } from '../campos';
import { leerNumero, mensajeMaximo, MENSAJES_NUMERO, type OpcionesLectura } from '../numeros';
import { DECIMALES_DINERO, valorPesos } from '../dinero';
import { CANTIDAD_MAXIMA, idRutaSchema, tieneCaracteresNoPermitidos } from '../limites';
import { sinAcentos } from '../texto';
import { esMedidaFraccionaria } from '../tipos-medidas/tipos-medidas.schema';
import { DECIMALES_CANTIDAD_LINEA } from '../ventas/totales';

/** spec 001 §5 Inventory form, Inventory CSV, Product export. */
export const MENSAJES_INVENTARIO = {
  producto: 'Debe seleccionar un producto',
  precio: 'Debe ingresar un precio unitario',
  /** spec 001 §5 Inventory form: the price must not be 0; a 0 counts as not entered. */
  precioCero: 'Debe ingresar un precio unitario',
  costo: 'El costo unitario debe ser un número mayor o igual a 0',
  cantidad: 'Debe ingresar una cantidad en inventario',
  cantidadInvalida: 'La cantidad debe ser un número mayor o igual a 0',
  /** docs/decisions.md, Inventario: a product counted in whole units refuses a fraction, naming the product. */
  cantidadEntera: (producto: string) => `La cantidad de ${producto} debe ser un número entero`,
  archivo: 'Debe seleccionar un archivo',
  archivoError: 'Error al cargar el archivo',
  archivoTipo: 'Solo se aceptan archivos CSV',
  /** A file whose text holds control characters (a spreadsheet, a PDF or an image renamed .csv). */
  archivoNoTexto: 'El archivo no es un CSV de texto. Guárdelo como CSV (separado por punto y coma) e intente de nuevo',
  archivoVacio: 'El archivo no tiene filas para cargar',
  archivoGrande: 'El archivo admite hasta 50000 filas',
  cargaConErrores: 'El archivo tiene errores. No se cargó ninguna fila',
  grupo: 'Debe seleccionar al menos un grupo',
} as const;

/**
 * spec 000 §9: an order line is highlighted when the requested quantity exceeds the store's stock (missing stock
 * counts as 0). The product search modal highlights rows with zero or missing stock: excedeInventario(1, …).
 */
export function excedeInventario(cantidadSolicitada: number, cantidadDisponible: number | null | undefined): boolean {
  return cantidadSolicitada > (cantidadDisponible ?? 0);
}

/**
 * Decimals of a stock quantity (docs/decisions.md, Inventario): those of a sale line, the scale of the stock columns
 * (numeric(14,2)), so what a bill takes out is stored exactly.
 */
export const DECIMALES_CANTIDAD_STOCK = DECIMALES_CANTIDAD_LINEA;

/** A quantity with at most DECIMALES_CANTIDAD_STOCK decimals (trailing zeros aside), as the sale line's rule reads it. */
const DECIMALES_DE_STOCK = new RegExp(`^\\d+(\\.\\d{1,${DECIMALES_CANTIDAD_STOCK}})?$`);

/**
 * Whether a product's stock may hold `cantidad` (docs/decisions.md, Inventario): a product sold by length or area
 * takes fractions; one whose measure type counts units takes whole numbers only. A product without a measure type is
 * not classified, and its quantity is taken as given.
 */
export function cantidadAdmitida(cantidad: number, tipo: { nombre_corto_tipo_medida: string; nombre_tipo_medida: string } | null): boolean {
  return Number.isInteger(cantidad) || tipo === null || esMedidaFraccionaria(tipo);
}

/**
 * A stock quantity typed in a form (the inventory form's units to add, the product form's quantity): from 0 to
 * CANTIDAD_MAXIMA with at most DECIMALES_CANTIDAD_STOCK decimals. Whether the product takes a fraction is the
 * server's check (cantidadAdmitida), which knows its measure type.
 */
export function cantidadStockRequerida(mensaje: string, mensajeInvalido: string) {
  return z.preprocess(
    numeroDesde,
    z
      .number({ error: (issue) => (issue.input === undefined ? mensaje : mensajeInvalido) })
      .max(CANTIDAD_MAXIMA, { error: mensajeMaximo(CANTIDAD_MAXIMA), abort: true })
      .min(0, { error: mensajeInvalido, abort: true })
      .refine((n) => DECIMALES_DE_STOCK.test(String(n)), `Máximo ${DECIMALES_CANTIDAD_STOCK} decimales`),
  );
}

/** Rows one CSV load accepts. */
export const MAXIMO_FILAS_CARGA = 50_000;

/** Body of PUT inventarios/actualizar (spec 001 §7): adds `cantidad_inventario` to the store's stock and sets its price. */
export const inventarioActualizarSchema = z.object({
  producto_id: idRequerido(MENSAJES_INVENTARIO.producto),
  /** New unit price of the product in the store; never 0. */
  // Amounts take at most 2 decimals, the column's scale ('Máximo 2 decimales'): never rounded in silence.
  precio_unitario: valorPesos(MENSAJES_INVENTARIO.precio),
  /** Unit cost of the units added (optional): the store's cost becomes the weighted average. */
  costo_unitario: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), valorPesos(MENSAJES_INVENTARIO.costo, 'cero').optional())
    .transform((v) => v ?? null),
  /** Quantity added to the store's stock, in the product's unit (spec 001: add-quantity action); 0 changes only the price. */
  cantidad_inventario: cantidadStockRequerida(MENSAJES_INVENTARIO.cantidad, MENSAJES_INVENTARIO.cantidadInvalida),
  codigo_tienda: z.string().trim().max(10).optional(),
});
export type InventarioActualizar = z.output<typeof inventarioActualizarSchema>;

/** One row of the CSV as read (spec 001 §5: reference;quantity;price). Each value is checked by the server. */
export const filaCargaSchema = z.object({
  referencia: z.string().max(200).default(''),
  cantidad: z.union([z.string().max(50), z.number()]).nullable().optional(),
  precio: z.union([z.string().max(50), z.number()]).nullable().optional(),
  /** Line of the file the row came from, for the error list (the header row skipped by the reader). */
  fila: z.number().int().positive().optional(),
});
export type FilaCarga = z.input<typeof filaCargaSchema>;

/**
 * MIME types a browser gives a .csv file: text/csv, or the spreadsheet type Windows reports when Excel is installed,
 * or nothing. Anything else (an .xlsx, a PDF, an image) is not a CSV.
 */
const TIPOS_CSV = ['', 'text/csv', 'application/csv', 'text/x-csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'];

/**
 * spec 001 §5, §9: only CSV files are loaded. A file is accepted when its name (if known) ends in .csv and its MIME
 * type (if known) is one a browser gives a .csv file. Shared by the screen's picker and the server, which reads the
 * name and type the screen sends with the rows.
 */
export function esArchivoCsv(archivo: { nombre?: string | null | undefined; tipo?: string | null | undefined }): boolean {
  const nombre = archivo.nombre?.trim() ?? '';
  const tipo = (archivo.tipo ?? '').split(';')[0]!.trim().toLowerCase();
  if (nombre !== '' && !/\.csv$/i.test(nombre)) return false;
  return TIPOS_CSV.includes(tipo);
}

/**
 * Whether a text (the whole file, or a cell) holds control characters, never found in a text CSV (tab, line feed and
 * carriage return aside): text read from a binary file (an .xlsx is a zip, a PDF has binary streams) is full of them.
 * The same characters no text may carry anywhere (limites.ts); here they name the file as not a CSV.
 */
export function tieneCaracteresBinarios(texto: string): boolean {
  return tieneCaracteresNoPermitidos(texto);
}

/** Column names of the inventory CSV, in order (the downloadable template's first row). */
export const COLUMNAS_CSV_INVENTARIO = ['referencia', 'cantidad', 'precio'] as const;

/**
 * Whether the cells of a row are the column names: 'referencia', 'cantidad' and, optionally, 'precio', in that order,
 * without case, accents or surrounding spaces ('Referencia;Cantidad;Precio'). Only the first row of a file can be the
 * header: a reference that merely contains the word 'referencia' ('REFERENCIA-01') is data.
 */
export function esEncabezadoCsvInventario(celdas: readonly (string | number | null | undefined)[]): boolean {
  const nombres = celdas.map((celda) => (typeof celda === 'string' ? sinAcentos(celda).trim() : celda == null ? '' : String(celda)));
  while (nombres.length > 0 && nombres[nombres.length - 1] === '') nombres.pop();
  if (nombres.length < 2 || nombres.length > COLUMNAS_CSV_INVENTARIO.length) return false;
  return nombres.every((nombre, i) => nombre === COLUMNAS_CSV_INVENTARIO[i]);
}

/** Body of POST inventarios/carga-masiva. */
export const cargaMasivaSchema = z.object({
  items: z.array(filaCargaSchema, { error: MENSAJES_INVENTARIO.archivoVacio }).min(1, MENSAJES_INVENTARIO.archivoVacio).max(MAXIMO_FILAS_CARGA, MENSAJES_INVENTARIO.archivoGrande),
  /** Name of the file the rows were read from (the screen sends it): it must end in .csv. */
  nombre_archivo: z
    .string()
    .max(255)
    .optional()
    .refine((nombre) => esArchivoCsv({ nombre }), MENSAJES_INVENTARIO.archivoTipo),
  /** MIME type the browser gave the file (the screen sends it): a CSV type, or empty when it gave none. */
  tipo_archivo: z
    .string()
    .max(100)
    .optional()
    .refine((tipo) => esArchivoCsv({ tipo }), MENSAJES_INVENTARIO.archivoTipo),
  codigo_tienda: z.string().trim().max(10).optional(),
});
export type CargaMasiva = z.output<typeof cargaMasivaSchema>;

/** One row of the CSV preview (beyond the spec): what the load would do to the product in the store, nothing applied. */
export const filaPreviaCargaSchema = z.object({
  /** Line of the file. */
  fila: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  cantidad_actual: z.number(),
  /** cantidad_actual plus the row's quantity (the load adds). */
  cantidad_nueva: z.number(),
  precio_actual: z.number(),
  /** The row's price, or null when the row keeps the store's price. */
  precio_nuevo: z.number().nullable(),
});
export type FilaPreviaCarga = z.infer<typeof filaPreviaCargaSchema>;

/** Answer of POST inventarios/carga-masiva/previsualizar: rows read, distinct products and each row's figures. */
export const previaCargaMasivaSchema = z.object({
  filas: z.number().int(),
  productos: z.number().int(),
  items: z.array(filaPreviaCargaSchema),
});
export type PreviaCargaMasiva = z.infer<typeof previaCargaMasivaSchema>;

/**
 * Reads the text of an inventory CSV (spec 001 §5): semicolon-separated reference;quantity;price. Blank lines are
 * skipped, and so is the first row when it is the header (its cells are the column names); every other row is data,
 * whatever words it contains. Each row keeps its line number. Cells are trimmed and lose surrounding quotes.
 */
export function leerCsvInventario(texto: string): FilaCarga[] {
  const filas: FilaCarga[] = [];
  let primera = true;
  texto
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((linea, indice) => {
      if (linea.trim() === '') return;
      const celdas = linea.split(';').map((parte) => parte.trim().replace(/^"(.*)"$/, '$1'));
      const esEncabezado = primera && esEncabezadoCsvInventario(celdas);
      primera = false;
      if (esEncabezado) return;
      const [referencia = '', cantidad = '', precio = ''] = celdas;
      filas.push({ referencia, cantidad, precio, fila: indice + 1 });
    });
  return filas;
}

/** A cell of the CSV read for its column: blank (`vacio`), a value, or the reason it is refused (row error text). */
export type CeldaCsv = { vacio: true } | { vacio?: false; valor: number; error?: undefined } | { vacio?: false; error: string };

/** Largest quantity and price one CSV row accepts (the columns' range, with room). */
const CANTIDAD_MAXIMA_CSV = 1e9;
const PRECIO_MAXIMO_CSV = 1e15;

const textoCelda = (valor: string | number | null | undefined): string | null => {
  if (valor === null || valor === undefined) return null;
  if (typeof valor === 'number') return Number.isFinite(valor) ? String(valor) : 'NaN';
  return valor.trim() === '' ? null : valor.trim();
};

/**
 * A cell read by the one number reader (numeros.ts), its message after the column and the value ('el precio "2,5":
 * Use punto para decimales: 2.5'), so the row error says what the field would say. A JSON number is not text: it is
 * never ambiguous, only its decimals count.
 */
function leerCeldaCsv(valor: string | number, texto: string, campo: string, opciones: OpcionesLectura): CeldaCsv {
  const numero = typeof valor === 'number';
  const lectura = leerNumero(texto, numero && opciones.decimales > 0 ? { ...opciones, decimales: Infinity } : opciones);
  if (lectura.error !== null) return { error: `${campo} "${texto}": ${lectura.error}` };
  if (numero && (lectura.texto.split('.')[1] ?? '').replace(/0+$/, '').length > opciones.decimales) {
    return { error: `${campo} "${texto}": ${MENSAJES_NUMERO.decimales(opciones.decimales)}` };
  }
  return { valor: lectura.valor ?? 0 };
}

/**
 * The quantity of a CSV row, in the product's unit (docs/decisions.md, Inventario): read by the one number reader, at
 * most DECIMALES_CANTIDAD_STOCK decimals, never rounded ('2,5' or '1.000' is a row error naming the value, never read
 * as 25 or 1). Whether the product takes a fraction is checked with its measure type.
 */
export function leerCantidadCsv(valor: string | number | null | undefined): CeldaCsv {
  const texto = textoCelda(valor);
  if (texto === null || valor === null || valor === undefined) return { vacio: true };
  return leerCeldaCsv(valor, texto, 'la cantidad', { decimales: DECIMALES_CANTIDAD_STOCK, maximo: CANTIDAD_MAXIMA_CSV });
}

/**
 * The price of a CSV row (spec 001 §5: '.' decimal point, optional ',' thousands), read by the one number reader:
 * greater than 0 and with at most 2 decimals (trailing zeros aside), never rounded. '8.300' (a Colombian thousands dot
 * or a decimal point: guessing would load a price 1000 times off) and '8,30' are refused with the form to write.
 */
export function leerPrecioCsv(valor: string | number | null | undefined): CeldaCsv {
  const texto = textoCelda(valor);
  if (texto === null || valor === null || valor === undefined) return { vacio: true };
  const celda = leerCeldaCsv(valor, texto, 'el precio', { decimales: DECIMALES_DINERO, negativos: true, maximo: PRECIO_MAXIMO_CSV });
  if (!celda.vacio && celda.error === undefined && celda.valor <= 0) return { error: 'el precio debe ser mayor a 0' };
  return celda;
}

/** The CSV template offered for download (spec 001: stored under assets/formats). */
export const PLANTILLA_CSV_INVENTARIO = 'referencia;cantidad;precio\nMEL-BL-15;10;185000\n';

/** The columns the inventory list sorts by (the same split as the products list: see ORDEN_PRODUCTOS). */
export const ORDEN_INVENTARIO = ['referencia', 'nombre_producto', 'cantidad', 'precio_unitario'] as const;
export type OrdenInventario = (typeof ORDEN_INVENTARIO)[number];

/** Query of GET inventarios: page, per_page, query, orden/direccion. */
export const inventarioConsultaSchema = consultaListaSchema(ORDEN_INVENTARIO).extend({ codigo_tienda: z.string().trim().max(10).optional() });

/** Query of a product's kardex: page and per_page (newest first, no other order). */
export const movimientosConsultaSchema = consultaPaginadaSchema.pick({ page: true }).extend({ per_page: tamanoPaginaSchema });

/** spec 001 §3 Inventory product. */
export const productoInventarioSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  nombre_producto: z.string(),
  nombre_grupo: z.string(),
  nombre_linea: z.string(),
  /** In the product's unit: fractional for a product sold by length or area. */
  cantidad: z.number(),
  precio_unitario: z.number(),
  costo_inventario_unitario: z.number(),
});
export type ProductoInventario = z.infer<typeof productoInventarioSchema>;

const tiposMovimiento = listaCerrada({ INICIAL: 'Saldo inicial', ENTRADA: 'Entrada', AJUSTE: 'Ajuste', CARGA_MASIVA: 'Carga masiva', VENTA: 'Venta', ANULACION: 'Anulación', DEVOLUCION: 'Devolución' });
export const TIPOS_MOVIMIENTO = tiposMovimiento.claves;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];
export const NOMBRES_TIPO_MOVIMIENTO = tiposMovimiento.nombres;

/** A row of a product's stock history (kardex) in one store. */
export const movimientoInventarioSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  tipo_movimiento: z.enum(TIPOS_MOVIMIENTO),
  cantidad: z.number(),
  saldo: z.number(),
  costo_unitario: z.number(),
  motivo: z.string(),
  documento: z.string().nullable(),
  nombre_usuario: z.string().nullable(),
});
export type MovimientoInventario = z.infer<typeof movimientoInventarioSchema>;

/** Body of POST inventarios/exportar/enlace: the product export dialog (group required, line optional). */
export const exportarProductosSchema = z.object({
  grupo_id: idRequerido(MENSAJES_INVENTARIO.grupo),
  linea_id: idOpcional().optional().default(null),
});
export type ExportarProductos = z.output<typeof exportarProductosSchema>;

/** GET inventarios: a page of the store's stock. */
export const inventarioRespuestaSchema = z.object({ productos: paginaSchema(productoInventarioSchema) });

/** GET inventarios/{producto_id}/movimientos: the product. */
export const productoInventarioParamsSchema = z.object({ producto_id: idRutaSchema });

/** GET inventarios/{producto_id}/movimientos: the product and a page of its stock card (kárdex). */
export const movimientosInventarioRespuestaSchema = z.object({
  producto: z.object({ id: z.number().int(), referencia: z.string(), nombre_producto: z.string() }),
  movimientos: paginaSchema(movimientoInventarioSchema),
});

/** PUT inventarios/actualizar: the quantity on hand after the change. */
export const inventarioActualizadoSchema = z.object({ cantidad: z.number() });

/** POST inventarios/carga-masiva: the rows read and the products they changed. */
export const cargaMasivaRespuestaSchema = z.object({ filas: z.number().int(), productos: z.number().int() });
