import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's own filters kept in the address beside useEstadoLista's search and page (ARCHITECTURE §5, shared screen
 * parts), so a reload, Back and a saved dialog find them again. `leer` turns the address into the filters (a missing or
 * edited value is its default, never an error); `escribir` writes them, leaving out what equals the default. A change
 * is a replace, as the list's own moves are, and sends the list back to its first page: other filters select other rows.
 */
export function useFiltrosEnDireccion<F>(
  leer: (parametros: URLSearchParams) => F,
  escribir: (parametros: URLSearchParams, filtros: F) => URLSearchParams,
  /** The list's useEstadoLista prefix, when its screen holds two lists (its page is `${prefijo}pagina`). */
  prefijo = '',
): { filtros: F; cambiar: (cambio: Partial<F>) => void } {
  const [parametros, setParametros] = useSearchParams();
  // The address as last written: two writes before the next render (a pause ending as a filter is chosen) must not
  // drop the first (as lib/estado-lista does).
  const ultimos = useRef(parametros);
  useEffect(() => {
    ultimos.current = parametros;
  }, [parametros]);
  const cambiar = (cambio: Partial<F>) => {
    const siguientes = escribir(ultimos.current, { ...leer(ultimos.current), ...cambio });
    siguientes.delete(`${prefijo}pagina`);
    if (siguientes.toString() === ultimos.current.toString()) return;
    ultimos.current = siguientes;
    setParametros(siguientes, { replace: true });
  };
  return { filtros: leer(parametros), cambiar };
}

/**
 * The filters a filter bar's Buscar applies (components/formulario-filtros), kept in the address as useFiltrosEnDireccion
 * keeps them: new filters take effect back on page 1; the same ones again read the list again, so Buscar always answers
 * (as lib/filtros-buscados does for a bar whose filters stay in the page).
 */
export function useFiltrosBuscadosEnDireccion<F>(leer: (parametros: URLSearchParams) => F, escribir: (parametros: URLSearchParams, filtros: F) => URLSearchParams) {
  const { filtros, cambiar } = useFiltrosEnDireccion(leer, escribir);
  const aplicar = (nuevos: F, consulta: { refetch: () => unknown }) => {
    if (JSON.stringify(nuevos) === JSON.stringify(filtros)) void consulta.refetch();
    else cambiar(nuevos);
  };
  return { filtros, aplicar };
}
