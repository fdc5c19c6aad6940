import { despachosFiltroSchema, type Tercero, type TurnoDespacho } from '@tablero/domain';
import { acotarFechas, rangoYCliente } from '@/components/filtros-lista.logica';
import { escribirEnDireccion, leerDeDireccion, sinCliente, type ConClienteId } from '@/lib/filtros-en-direccion';

/**
 * The pure rules of the Despachos screen (spec 001 "Dispatches screen", §9; docs/decisions-despachos.md): its filters and their defaults,
 * the body of the list's call, and the waiting time that keeps counting while a turn waits.
 */

export type ModoDespachos = 'pendientes' | 'despachados';

export interface FiltrosDespachos {
  modo: ModoDespachos;
  venta_id: number | null;
  fecha_inicial: string | null;
  fecha_final: string | null;
  cliente: Tercero | null;
}

/** spec 001 §9: pending mode with both dates set to today. */
export function filtrosDespachosIniciales(hoy: string, modo: ModoDespachos = 'pendientes'): FiltrosDespachos {
  return { modo, venta_id: null, fecha_inicial: hoy, fecha_final: hoy, cliente: null };
}

/** The filters' names in the address, beside the list's own pagina and filas. */
const PARAMETROS = { modo: 'modo', venta_id: 'venta', fecha_inicial: 'desde', fecha_final: 'hasta', cliente_id: 'cliente' } as const;

/** The opening filters as the address holds them (the customer by its id). */
const inicialesEnDireccion = (hoy: string): ConClienteId<FiltrosDespachos> => sinCliente({ ...filtrosDespachosIniciales(hoy), cliente: null });

/**
 * The filters an address holds (lib/filtros-en-direccion), checked by the route's own rule (despachosFiltroSchema) and
 * kept up to today as the bar keeps them; a missing value is its default (a date is today), and an address the route
 * would refuse (an edited one) is the screen's opening filters, never an error.
 */
export function leerFiltrosDespachos(parametros: URLSearchParams, hoy: string): ConClienteId<FiltrosDespachos> {
  const iniciales = inicialesEnDireccion(hoy);
  const { modo, ...valores } = leerDeDireccion(parametros, PARAMETROS, iniciales);
  const leido = despachosFiltroSchema.safeParse({ ...valores, modo_consulta: modo });
  if (!leido.success) return iniciales;
  const { modo_consulta, venta_id, fecha_inicial, fecha_final, cliente_id } = leido.data;
  // The bar keeps both dates (no empty date): one emptied in the address is today's.
  return acotarFechas({ modo: modo_consulta, venta_id, fecha_inicial: fecha_inicial ?? hoy, fecha_final: fecha_final ?? hoy, cliente_id }, hoy);
}

/** Writes the filters into the address, leaving out what equals the opening filters (a fresh screen has a clean address). */
export function escribirFiltrosDespachos(parametros: URLSearchParams, filtros: ConClienteId<FiltrosDespachos>, hoy: string): URLSearchParams {
  return escribirEnDireccion(parametros, PARAMETROS, filtros, inicialesEnDireccion(hoy));
}

/** The body of POST despachos/turnos (spec 001 §7): venta_id, modo_consulta, fecha_inicial, fecha_final, cliente_id. */
export function cuerpoTurnos(filtros: FiltrosDespachos) {
  return {
    venta_id: filtros.venta_id,
    modo_consulta: filtros.modo,
    ...rangoYCliente(filtros),
  };
}

/**
 * A waiting turn's wait keeps growing after the list was read (the server measured it then); a called or dispatched
 * turn's wait is fixed (creation to call).
 */
export function esperaActual(turno: Pick<TurnoDespacho, 'estado' | 'tiempo_espera_segundos'>, leidoEn: number, ahora: number): number {
  if (turno.estado !== 'en_cola') return turno.tiempo_espera_segundos;
  return turno.tiempo_espera_segundos + Math.max(0, Math.floor((ahora - leidoEn) / 1000));
}

export const NOMBRES_ESTADO_TURNO: Record<TurnoDespacho['estado'], string> = {
  en_cola: 'En cola',
  en_proceso: 'En proceso',
  despachado: 'Despachado',
  retirado: 'Retirado',
};

/** The cutting plan's address of a board line (its optimizer answer), when it has one. */
export function urlPlanos(responseLepton: unknown): string | null {
  if (typeof responseLepton !== 'object' || responseLepton === null) return null;
  const url = (responseLepton as { url_planos?: unknown }).url_planos;
  return typeof url === 'string' && url !== '' ? url : null;
}

export function nombreCompleto(fila: { nombres_tercero: string; apellidos_tercero: string }): string {
  return `${fila.nombres_tercero} ${fila.apellidos_tercero}`.trim();
}
