import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BUSQUEDA_MAXIMA, esFechaValida, OPCIONES_ESTADO_FACTURACION, hoyNegocio, MESES_RANGO_FACTURACION, sumarMeses } from '@tablero/domain';
import type { FiltrosFacturas } from '../api/facturas';

/** spec 000 §4.1, §9: the list opens on the sales pending to bill. */
export const ESTADO_FILTRO_INICIAL = 1;

/** The names the filters have in the address (beside the list's own pagina and filas). */
const PARAMETROS = { desde: 'desde', hasta: 'hasta', estado: 'estado', termino: 'termino' } as const;

/** spec 000 §5, §9 Billing date filters: the last two months to today, state 1, no search. */
export function filtrosIniciales(hoy: string): FiltrosFacturas {
  return { fecha_inicial: sumarMeses(hoy, -MESES_RANGO_FACTURACION), fecha_final: hoy, estado_venta_id: ESTADO_FILTRO_INICIAL, query_params: '' };
}

/** The states the filter offers, 'Todos' (0) included. */
const ESTADOS_VALIDOS: readonly number[] = OPCIONES_ESTADO_FACTURACION.map((estado) => estado.id);

/**
 * Where the tab remembers the last state chosen, so that a later visit from the menu (an address without filters)
 * opens on it, as Back does (sessionStorage: this tab only, gone with it).
 */
const CLAVE_ESTADO_RECORDADO = 'tablero.facturacion.estado';

/** The state the tab last chose, or null (none, or storage unavailable). */
export function estadoRecordado(): number | null {
  try {
    const valor = Number(window.sessionStorage.getItem(CLAVE_ESTADO_RECORDADO) ?? Number.NaN);
    return ESTADOS_VALIDOS.includes(valor) ? valor : null;
  } catch {
    return null;
  }
}

export function recordarEstado(estado: number): void {
  try {
    window.sessionStorage.setItem(CLAVE_ESTADO_RECORDADO, String(estado));
  } catch {
    // A browser without storage only loses the memory: the address still holds the state.
  }
}

/**
 * The filters an address holds, kept inside the spec's bounds (an edited or old address never asks what the server
 * refuses): the end date at most today, the start at most the end; a missing or wrong value is its default. A state
 * missing from the address is the one remembered (`recordado`, the tab's last choice), else 1.
 */
export function leerFiltros(parametros: URLSearchParams, hoy: string, recordado: number | null = null): FiltrosFacturas {
  const iniciales = filtrosIniciales(hoy);
  const fecha = (nombre: string) => {
    const valor = parametros.get(nombre);
    return valor !== null && esFechaValida(valor) ? valor : null;
  };
  const hastaLeida = fecha(PARAMETROS.hasta);
  const fecha_final = hastaLeida !== null && hastaLeida <= hoy ? hastaLeida : iniciales.fecha_final;
  const desdeLeida = fecha(PARAMETROS.desde) ?? iniciales.fecha_inicial;
  const fecha_inicial = desdeLeida <= fecha_final ? desdeLeida : fecha_final;
  const escrito = parametros.get(PARAMETROS.estado);
  const estado = escrito === null || escrito === '' ? Number.NaN : Number(escrito);
  const porDefecto = recordado !== null && ESTADOS_VALIDOS.includes(recordado) ? recordado : iniciales.estado_venta_id;
  return {
    fecha_inicial,
    fecha_final,
    estado_venta_id: ESTADOS_VALIDOS.includes(estado) ? estado : porDefecto,
    query_params: (parametros.get(PARAMETROS.termino) ?? '').trim().slice(0, BUSQUEDA_MAXIMA),
  };
}

/**
 * Writes the filters into the address, leaving out what equals the default (a fresh list has a clean address), and
 * sends the list back to its first page: new filters select other sales.
 */
export function escribirFiltros(parametros: URLSearchParams, filtros: FiltrosFacturas, hoy: string): URLSearchParams {
  const iniciales = filtrosIniciales(hoy);
  const siguiente = new URLSearchParams(parametros);
  const poner = (nombre: string, valor: string | number, inicial: string | number) => {
    if (valor === inicial || valor === '') siguiente.delete(nombre);
    else siguiente.set(nombre, String(valor));
  };
  poner(PARAMETROS.desde, filtros.fecha_inicial, iniciales.fecha_inicial);
  poner(PARAMETROS.hasta, filtros.fecha_final, iniciales.fecha_final);
  poner(PARAMETROS.estado, filtros.estado_venta_id, iniciales.estado_venta_id);
  poner(PARAMETROS.termino, filtros.query_params.trim(), '');
  siguiente.delete('pagina');
  return siguiente;
}

/**
 * The billing list's filters, in the address like the list's page and size (lib/estado-lista.ts), so Back, reload and
 * the order form's return find the same sales. The state chosen is also remembered by the tab: the menu's entry (an
 * address without filters) opens on it and writes it into the address. `aplicar` is Buscar; `limpiar` is Limpiar
 * filtros (back to 1, remembered too).
 */
export function useFiltrosFacturacion(): { hoy: string; filtros: FiltrosFacturas; aplicar: (filtros: FiltrosFacturas) => void; limpiar: () => void } {
  const [parametros, setParametros] = useSearchParams();
  // Today in the business's zone, once per screen: the list does not move its default range at midnight under the user.
  const hoy = useMemo(() => hoyNegocio(), []);
  // The tab's memory, read when the screen opens and kept with each Buscar: it only fills an address that has no state.
  const [recordado, setRecordado] = useState(estadoRecordado);
  const filtros = useMemo(() => leerFiltros(parametros, hoy, recordado), [parametros, hoy, recordado]);
  // The address as last written: two writes before the next render must not drop the first (as estado-lista does).
  const ultimos = useRef(parametros);
  useEffect(() => {
    ultimos.current = parametros;
  }, [parametros]);
  // An address without a state, opened on a remembered one other than 1, gets it written (a replace: no new step).
  const faltaEnDireccion = !parametros.has(PARAMETROS.estado) && filtros.estado_venta_id !== ESTADO_FILTRO_INICIAL;
  useEffect(() => {
    if (!faltaEnDireccion) return;
    const siguientes = new URLSearchParams(ultimos.current);
    siguientes.set(PARAMETROS.estado, String(filtros.estado_venta_id));
    ultimos.current = siguientes;
    setParametros(siguientes, { replace: true });
  }, [faltaEnDireccion, filtros.estado_venta_id, setParametros]);
  const aplicar = (nuevos: FiltrosFacturas) => {
    recordarEstado(nuevos.estado_venta_id);
    setRecordado(nuevos.estado_venta_id);
    const siguientes = escribirFiltros(ultimos.current, nuevos, hoy);
    ultimos.current = siguientes;
    // At once, not in the router's transition: the filters form is drawn again from the filters applied
    // (docs/decisions.md "Los filtros aplicados y su borrador, en un mismo dibujo").
    setParametros(siguientes, { replace: true, flushSync: true });
  };
  return { hoy, filtros, aplicar, limpiar: () => aplicar(filtrosIniciales(hoy)) };
}
