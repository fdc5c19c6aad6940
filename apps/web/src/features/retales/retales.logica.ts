import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { ESTADOS_RETAL, ID_MAXIMO, RETAL_LADO_MAXIMO, sumarMeses, type ahorroMesSchema, type EstadoRetal, type Retal } from '@tablero/domain';
import type { z } from 'zod';
import { formatearNumero } from '@/lib/formato';

/**
 * The pure rules of the Retales screen (docs/decisions-retales.md): the texts of a row, the filters as the address
 * holds them, the savings report's month range and the labels' selection. Tested without a browser.
 */

// ─── A row's texts ──────────────────────────────────────────────────────────────────────────────────────────

/** Where an offcut came from: 'Venta 12, tablero 3' (a sale's cut) or 'Manual' (added in Bodega). */
export function textoOrigen(retal: Pick<Retal, 'origen' | 'venta_origen_id' | 'numero_tablero'>): string {
  if (retal.origen === 'MANUAL') return 'Manual';
  const partes = [
    retal.venta_origen_id !== null ? `Venta ${retal.venta_origen_id}` : 'Corte',
    ...(retal.numero_tablero !== null ? [`tablero ${retal.numero_tablero}`] : []),
  ];
  return partes.join(', ');
}

/** How long it has been kept: 'Hoy', '1 día', '45 días', '1,200 días'. */
export function textoAntiguedad(dias: number): string {
  if (dias <= 0) return 'Hoy';
  if (dias === 1) return '1 día';
  return `${formatearNumero(dias, 0)} días`;
}

/** An offcut's size as a label and a list write it: '600 × 400 mm'. */
export function textoMedidas(base: number, altura: number): string {
  return `${formatearNumero(base, 0)} × ${formatearNumero(altura, 0)} mm`;
}

/** Square metres with two decimals: '0.24', '1,250.00'. */
export function textoArea(areaM2: number): string {
  return formatearNumero(areaM2, 2, true);
}

/** The hint under the size fields: the smallest side kept (RETAL_LADO_MINIMO, from the list's answer). */
export function pistaLadoMinimo(ladoMinimo: number | undefined): string | undefined {
  return ladoMinimo === undefined ? undefined : `Mínimo ${formatearNumero(ladoMinimo, 0)} mm por lado`;
}

/** The badge colour of each state, in the list and in the history. */
export const COLORES_ESTADO_RETAL: Record<EstadoRetal, string> = { DISPONIBLE: 'teal', RESERVADO: 'yellow', CONSUMIDO: 'gray', DESCARTADO: 'red' };

/** Only an offcut on the rack may be re-measured or discarded (RETAL_NO_EDITABLE otherwise). */
export function esModificable(retal: Pick<Retal, 'estado'>): boolean {
  return retal.estado === 'DISPONIBLE';
}

// ─── Filters in the address ─────────────────────────────────────────────────────────────────────────────────

export type EstadoFiltroRetal = EstadoRetal | 'TODOS';

export interface FiltrosRetales {
  /** The material (board product); null: every material. */
  producto_id: number | null;
  /** Keep the offcuts where a piece this size fits (either way round), mm; null: no limit. */
  base_minima: number | null;
  altura_minima: number | null;
  estado: EstadoFiltroRetal;
}

/** The list opens on the offcuts on the rack, every material, any size (the route's own default). */
export const FILTROS_INICIALES: FiltrosRetales = { producto_id: null, base_minima: null, altura_minima: null, estado: 'DISPONIBLE' };

/** The states the filter offers, Todos last. */
export const ESTADOS_FILTRO: readonly EstadoFiltroRetal[] = [...ESTADOS_RETAL, 'TODOS'];

/** The filters' names in the address, beside the list's own buscar, pagina, filas, orden and dir. */
const PARAMETROS = { producto_id: 'material', base_minima: 'base', altura_minima: 'altura', estado: 'estado' } as const;

function enteroEntre(texto: string | null, minimo: number, maximo: number): number | null {
  if (texto === null || !/^\d+$/.test(texto)) return null;
  const numero = Number(texto);
  return numero >= minimo && numero <= maximo ? numero : null;
}

/** The filters an address holds; a missing or wrong value (an edited address) is its default, never a 422. */
export function leerFiltros(parametros: URLSearchParams): FiltrosRetales {
  const estado = parametros.get(PARAMETROS.estado);
  return {
    producto_id: enteroEntre(parametros.get(PARAMETROS.producto_id), 1, ID_MAXIMO),
    base_minima: enteroEntre(parametros.get(PARAMETROS.base_minima), 1, RETAL_LADO_MAXIMO),
    altura_minima: enteroEntre(parametros.get(PARAMETROS.altura_minima), 1, RETAL_LADO_MAXIMO),
    estado: (ESTADOS_FILTRO as readonly (string | null)[]).includes(estado) ? (estado as EstadoFiltroRetal) : FILTROS_INICIALES.estado,
  };
}

/**
 * Writes the filters into the address, leaving out what equals the default (a fresh list has a clean address), and
 * sends the list back to its first page: other filters select other offcuts.
 */
export function escribirFiltros(parametros: URLSearchParams, filtros: FiltrosRetales): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  for (const campo of Object.keys(PARAMETROS) as (keyof FiltrosRetales)[]) {
    const valor = filtros[campo];
    if (valor === null || valor === FILTROS_INICIALES[campo]) siguiente.delete(PARAMETROS[campo]);
    else siguiente.set(PARAMETROS[campo], String(valor));
  }
  siguiente.delete('pagina');
  return siguiente;
}

/** The filters as GET retales takes them: only those set (the state always, so the answer never depends on a default). */
export function consultaDeFiltros(filtros: FiltrosRetales) {
  return {
    ...(filtros.producto_id !== null ? { producto_id: filtros.producto_id } : {}),
    ...(filtros.base_minima !== null ? { base_minima: filtros.base_minima } : {}),
    ...(filtros.altura_minima !== null ? { altura_minima: filtros.altura_minima } : {}),
    estado: filtros.estado,
  };
}

/** A typed minimum size: a whole number of mm from 1 up to the largest offcut; empty, 0 or a refused text is no limit. */
export function medidaMinima(valor: number | ''): number | null {
  return typeof valor === 'number' && Number.isInteger(valor) && valor >= 1 && valor <= RETAL_LADO_MAXIMO ? valor : null;
}

/** The screen's two tabs, in the address as ?vista= (the inventory is the default and leaves it clean). */
export type VistaRetales = 'inventario' | 'ahorro';
export function leerVista(parametros: URLSearchParams): VistaRetales {
  return parametros.get('vista') === 'ahorro' ? 'ahorro' : 'inventario';
}
export function escribirVista(parametros: URLSearchParams, vista: VistaRetales): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  if (vista === 'inventario') siguiente.delete('vista');
  else siguiente.set('vista', vista);
  return siguiente;
}

// ─── The savings report's months ────────────────────────────────────────────────────────────────────────────

/** A month 'AAAA-MM'. */
export type Mes = string;

/** How many months the report shows by default (the current one and the five before). */
export const MESES_POR_DEFECTO = 6;
/** The longest range GET retales/ahorro answers (retalesAhorroConsultaSchema). */
export const MESES_MAXIMOS = 24;

const FORMATO_MES = /^\d{4}-(0[1-9]|1[0-2])$/;

export function esMes(texto: string | null): texto is Mes {
  return texto !== null && FORMATO_MES.test(texto);
}

/** `mes` moved by whole months ('2026-01', -1 → '2025-12'). */
export function sumarMesesAMes(mes: Mes, meses: number): Mes {
  return sumarMeses(`${mes}-01`, meses).slice(0, 7);
}

/** Months from `desde` to `hasta`, both included (0 when reversed). */
export function mesesEntre(desde: Mes, hasta: Mes): number {
  const [a1, m1] = desde.split('-').map(Number) as [number, number];
  const [a2, m2] = hasta.split('-').map(Number) as [number, number];
  return Math.max(0, (a2 - a1) * 12 + (m2 - m1) + 1);
}

export interface RangoMeses {
  desde: Mes;
  hasta: Mes;
}

/** The last six months up to the current one (today in the business's zone). */
export function rangoMesesPorDefecto(hoy: string): RangoMeses {
  const hasta = hoy.slice(0, 7);
  return { desde: sumarMesesAMes(hasta, -(MESES_POR_DEFECTO - 1)), hasta };
}

/** A range the report answers: real months, the start not after the end, the end not after this month, at most 24 months. */
export function rangoMesesValido(rango: { desde: string | null; hasta: string | null }, hoy: string): rango is RangoMeses {
  if (!esMes(rango.desde) || !esMes(rango.hasta)) return false;
  const meses = mesesEntre(rango.desde, rango.hasta);
  return meses >= 1 && meses <= MESES_MAXIMOS && rango.hasta <= hoy.slice(0, 7);
}

/** The range an address holds (?desde=&hasta=), or the default when it holds none the report answers. */
export function leerRangoMeses(parametros: URLSearchParams, hoy: string): RangoMeses {
  const rango = { desde: parametros.get('desde'), hasta: parametros.get('hasta') };
  return rangoMesesValido(rango, hoy) ? rango : rangoMesesPorDefecto(hoy);
}

/** Writes the range into the address; the default leaves it clean. */
export function escribirRangoMeses(parametros: URLSearchParams, rango: RangoMeses, hoy: string): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  const porDefecto = rangoMesesPorDefecto(hoy);
  if (rango.desde === porDefecto.desde && rango.hasta === porDefecto.hasta) {
    siguiente.delete('desde');
    siguiente.delete('hasta');
  } else {
    siguiente.set('desde', rango.desde);
    siguiente.set('hasta', rango.hasta);
  }
  return siguiente;
}

/**
 * A new start or end chosen in the pickers, kept answerable: the other end follows when the range would be reversed or
 * longer than 24 months (the page says so under the pickers).
 */
export function cambiarRangoMeses(rango: RangoMeses, cambio: Partial<RangoMeses>, hoy: string): RangoMeses {
  const actual = hoy.slice(0, 7);
  if (cambio.desde !== undefined) {
    const desde = cambio.desde > actual ? actual : cambio.desde;
    let hasta = rango.hasta < desde ? desde : rango.hasta;
    if (mesesEntre(desde, hasta) > MESES_MAXIMOS) hasta = sumarMesesAMes(desde, MESES_MAXIMOS - 1);
    return { desde, hasta: hasta > actual ? actual : hasta };
  }
  if (cambio.hasta !== undefined) {
    const hasta = cambio.hasta > actual ? actual : cambio.hasta;
    let desde = rango.desde > hasta ? hasta : rango.desde;
    if (mesesEntre(desde, hasta) > MESES_MAXIMOS) desde = sumarMesesAMes(hasta, -(MESES_MAXIMOS - 1));
    return { desde, hasta };
  }
  return rango;
}

/** One month of the savings report, as GET retales/ahorro answers it. */
export type AhorroMes = z.infer<typeof ahorroMesSchema>;

/**
 * One row per month of the range, oldest first: a month the answer leaves out (nothing was cut with offcuts then)
 * shows zeros, so the table always reads as the range asked.
 */
export function completarMeses(rango: RangoMeses, meses: readonly AhorroMes[]): AhorroMes[] {
  const porMes = new Map(meses.map((fila) => [fila.mes, fila]));
  return Array.from({ length: mesesEntre(rango.desde, rango.hasta) }, (_, indice) => {
    const mes = sumarMesesAMes(rango.desde, indice);
    return porMes.get(mes) ?? { mes, planes: 0, retales_usados: 0, area_m2: 0, tableros_ahorrados: 0, valor: 0 };
  });
}

/** A month as the table names it: 'Enero 2026'. */
export function nombreMesCorto(mes: Mes): string {
  const texto = dayjs(`${mes}-01`).locale('es').format('MMMM YYYY');
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

// ─── Labels: the rows chosen ────────────────────────────────────────────────────────────────────────────────

/** Checks or unchecks one offcut. */
export function alternarSeleccion(seleccion: ReadonlySet<number>, id: number): Set<number> {
  const siguiente = new Set(seleccion);
  if (siguiente.has(id)) siguiente.delete(id);
  else siguiente.add(id);
  return siguiente;
}

/** The header's box: every row of the page checked unchecks them; otherwise it checks them all (other pages' stay). */
export function alternarPagina(seleccion: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const siguiente = new Set(seleccion);
  const todas = ids.length > 0 && ids.every((id) => seleccion.has(id));
  for (const id of ids) {
    if (todas) siguiente.delete(id);
    else siguiente.add(id);
  }
  return siguiente;
}

/** The header box's look: 'todas', 'algunas' (indeterminate) or 'ninguna' of the page's rows. */
export function marcaPagina(seleccion: ReadonlySet<number>, ids: readonly number[]): 'todas' | 'algunas' | 'ninguna' {
  const marcadas = ids.filter((id) => seleccion.has(id)).length;
  if (marcadas === 0) return 'ninguna';
  return marcadas === ids.length ? 'todas' : 'algunas';
}
