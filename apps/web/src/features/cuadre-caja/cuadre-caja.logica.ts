import { esFechaValida, type CuadreCajaRespuesta, type FormaPagoTienda } from '@tablero/domain';

/** A store's day total as the daily cash answers it. */
export type TotalTienda = CuadreCajaRespuesta['lista_tiendas'][number];

/** A store's block of the methods table: its name and its rows, as the server sent them. */
export interface GrupoTienda {
  codigo_tienda: string;
  nombre_tienda: string;
  formas: FormaPagoTienda[];
}

/**
 * The day's payments by method grouped by store, for the table's store blocks: the stores in the order of the day's
 * store totals (the parameter's stores, even one without sales), then any other store the rows name. Nothing is added
 * up here; every amount is the server's.
 */
export function agruparPorTienda(filas: readonly FormaPagoTienda[], tiendas: readonly TotalTienda[]): GrupoTienda[] {
  const grupos = new Map<string, GrupoTienda>();
  for (const tienda of tiendas) grupos.set(tienda.codigo_tienda, { codigo_tienda: tienda.codigo_tienda, nombre_tienda: tienda.nombre_tienda, formas: [] });
  for (const fila of filas) {
    let grupo = grupos.get(fila.codigo_tienda);
    if (!grupo) {
      grupo = { codigo_tienda: fila.codigo_tienda, nombre_tienda: fila.nombre_tienda, formas: [] };
      grupos.set(fila.codigo_tienda, grupo);
    }
    grupo.formas.push(fila);
  }
  return [...grupos.values()];
}

/** 'codigo - nombre', as the app shows a store. */
export function etiquetaDeTienda(tienda: { codigo_tienda: string; nombre_tienda: string }): string {
  return tienda.nombre_tienda ? `${tienda.codigo_tienda} - ${tienda.nombre_tienda}` : tienda.codigo_tienda;
}

/** The day in the address (`?fecha=2026-11-20`): today when absent, malformed or after today. */
export function fechaElegida(escrita: string | null, hoy: string): string {
  return escrita && esFechaValida(escrita) && escrita <= hoy ? escrita : hoy;
}

/** One drawer of the day: a store's money received and the cash its own drawer should hold. */
export interface FilaCaja {
  codigo_tienda: string;
  etiqueta: string;
  total_dia: number;
  total_efectivo: number;
}

/**
 * The day's drawers, one per store (docs/decisions-reportes-dinero.md "Una caja por tienda"), and, with two stores or
 * more, their sum as a labelled row, never as a drawer. Every amount is the server's: nothing is added up here.
 */
export function filasCajas(datos: Pick<CuadreCajaRespuesta, 'lista_tiendas' | 'total_dia' | 'total_efectivo'>): { cajas: FilaCaja[]; suma: FilaCaja | null } {
  const cajas = datos.lista_tiendas.map((tienda) => ({
    codigo_tienda: tienda.codigo_tienda,
    etiqueta: etiquetaDeTienda(tienda),
    total_dia: tienda.total_dia,
    total_efectivo: tienda.total_efectivo,
  }));
  const suma = cajas.length > 1 ? { codigo_tienda: '', etiqueta: ETIQUETA_SUMA_CAJAS, total_dia: datos.total_dia, total_efectivo: datos.total_efectivo } : null;
  return { cajas, suma };
}

/** The sum row's label: it adds drawers that are counted apart. */
export const ETIQUETA_SUMA_CAJAS = 'Suma de las tiendas';
