import { useMemo, useRef, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BUSQUEDA_MAXIMA, ESTADOS_FILTRO_FACTURACION, esFechaValida, hoyNegocio, MESES_RANGO_FACTURACION, sumarMeses } from '@tablero/domain';
import type { FiltrosFacturas } from '../api/facturas';

/** spec 000 §4.1, §9: the list opens on the sales pending to bill. */
export const ESTADO_FILTRO_INICIAL = 1;

/** The names the filters have in the address (beside the list's own pagina and filas). */
const PARAMETROS = { desde: 'desde', hasta: 'hasta', estado: 'estado', termino: 'termino' } as const;

/** spec 000 §5, §9 Billing date filters: the last two months to today, state 1, no search. */
export function filtrosIniciales(hoy: string): FiltrosFacturas {
  return { fecha_inicial: sumarMeses(hoy, -MESES_RANGO_FACTURACION), fecha_final: hoy, estado_venta_id: ESTADO_FILTRO_INICIAL, query_params: '' };
}

const ESTADOS_VALIDOS: readonly number[] = ESTADOS_FILTRO_FACTURACION.map((estado) => estado.id);

/**
 * The filters an address holds, kept inside the spec's bounds (an edited or old address never asks what the server
 * refuses): the end date at most today, the start at most the end; a missing or wrong value is its default.
 */
export function leerFiltros(parametros: URLSearchParams, hoy: string): FiltrosFacturas {
  const iniciales = filtrosIniciales(hoy);
  const fecha = (nombre: string) => {
    const valor = parametros.get(nombre);
    return valor !== null && esFechaValida(valor) ? valor : null;
  };
  const hastaLeida = fecha(PARAMETROS.hasta);
  const fecha_final = hastaLeida !== null && hastaLeida <= hoy ? hastaLeida : iniciales.fecha_final;
  const desdeLeida = fecha(PARAMETROS.desde) ?? iniciales.fecha_inicial;
  const fecha_inicial = desdeLeida <= fecha_final ? desdeLeida : fecha_final;
  const estado = Number(parametros.get(PARAMETROS.estado));
  return {
    fecha_inicial,
    fecha_final,
    estado_venta_id: ESTADOS_VALIDOS.includes(estado) ? estado : iniciales.estado_venta_id,
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
 * the order form's return find the same sales. `aplicar` is Buscar; `limpiar` is Limpiar filtros.
 */
export function useFiltrosFacturacion(): { hoy: string; filtros: FiltrosFacturas; aplicar: (filtros: FiltrosFacturas) => void; limpiar: () => void } {
  const [parametros, setParametros] = useSearchParams();
  // Today in the business's zone, once per screen: the list does not move its default range at midnight under the user.
  const hoy = useMemo(() => hoyNegocio(), []);
  const filtros = useMemo(() => leerFiltros(parametros, hoy), [parametros, hoy]);
  // The address as last written: two writes before the next render must not drop the first (as estado-lista does).
  const ultimos = useRef(parametros);
  useEffect(() => {
    ultimos.current = parametros;
  }, [parametros]);
  const aplicar = (nuevos: FiltrosFacturas) => {
    const siguientes = escribirFiltros(ultimos.current, nuevos, hoy);
    ultimos.current = siguientes;
    setParametros(siguientes, { replace: true });
  };
  return { hoy, filtros, aplicar, limpiar: () => aplicar(filtrosIniciales(hoy)) };
}
