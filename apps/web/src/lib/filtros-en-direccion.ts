import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { raicesConsulta } from './claves-consulta';

interface OpcionesCambio {
  /**
   * Apply the address in the same commit as the click, instead of in the router's transition (docs/decisions.md "Los
   * filtros aplicados y su borrador, en un mismo dibujo"): a filter bar's Buscar and Limpiar filtros, whose draft is
   * drawn again from the filters applied (components/formulario-filtros). A transition gives way to the next click or
   * keystroke and commits after it, so the bar was drawn again under the user: a state list just opened closed, a term
   * typed after Limpiar filtros was lost.
   */
  alInstante?: boolean;
}

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
): { filtros: F; cambiar: (cambio: Partial<F>, opciones?: OpcionesCambio) => void } {
  const [parametros, setParametros] = useSearchParams();
  // The address as last written: two writes before the next render (a pause ending as a filter is chosen) must not
  // drop the first (as lib/estado-lista does).
  const ultimos = useRef(parametros);
  useEffect(() => {
    ultimos.current = parametros;
  }, [parametros]);
  const cambiar = (cambio: Partial<F>, { alInstante = false }: OpcionesCambio = {}) => {
    const siguientes = escribir(ultimos.current, { ...leer(ultimos.current), ...cambio });
    siguientes.delete(`${prefijo}pagina`);
    if (siguientes.toString() === ultimos.current.toString()) return;
    ultimos.current = siguientes;
    setParametros(siguientes, { replace: true, flushSync: alInstante });
  };
  return { filtros: leer(parametros), cambiar };
}

/**
 * The filters a filter bar's Buscar applies (components/formulario-filtros), kept in the address as useFiltrosEnDireccion
 * keeps them: new filters take effect back on page 1; the same ones again read the list again, so Buscar always answers.
 */
export function useFiltrosBuscadosEnDireccion<F>(leer: (parametros: URLSearchParams) => F, escribir: (parametros: URLSearchParams, filtros: F) => URLSearchParams) {
  const { filtros, cambiar } = useFiltrosEnDireccion(leer, escribir);
  const aplicar = (nuevos: F, consulta: { refetch: () => unknown }) => {
    if (JSON.stringify(nuevos) === JSON.stringify(filtros)) void consulta.refetch();
    else cambiar(nuevos, { alInstante: true });
  };
  return { filtros, aplicar };
}

/** A bar's filters as its address holds them: the customer by its id. */
export type ConClienteId<F> = Omit<F, 'cliente'> & { cliente_id: number | null };

/** A bar's opening filters (no customer) as its address holds them. */
export function sinCliente<F extends { cliente: null }>(filtros: F): ConClienteId<F> {
  const { cliente: _ninguno, ...resto } = filtros;
  return { ...resto, cliente_id: null };
}

/**
 * useFiltrosBuscadosEnDireccion for a bar whose filters hold a customer (components/filtro-cliente): the address holds
 * its id only (`cliente_id` to `leer` and `escribir`), and the customer is read by it (`leerCliente`, GET terceros/{id})
 * for the bar to show. Until it is read, `leyendoCliente` is true and the list waits for it: asked without it, the list
 * would show every customer's rows for a moment. An id that names no customer (an edited address; 404) is dropped from
 * the address, after the query client's message. A customer chosen in the bar is not read again.
 */
export function useFiltrosConClienteEnDireccion<F extends { cliente: C | null }, C extends { id: number }>(
  leer: (parametros: URLSearchParams) => ConClienteId<F>,
  escribir: (parametros: URLSearchParams, filtros: ConClienteId<F>) => URLSearchParams,
  leerCliente: (id: number, signal: AbortSignal) => Promise<C>,
) {
  const queryClient = useQueryClient();
  const { filtros: enDireccion, cambiar } = useFiltrosEnDireccion(leer, escribir);
  const clienteId = enDireccion.cliente_id;
  const claveCliente = (id: number | null) => [...raicesConsulta.terceros, 'filtro', id] as const;
  const consulta = useQuery({
    queryKey: claveCliente(clienteId),
    queryFn: ({ signal }) => leerCliente(clienteId!, signal),
    enabled: clienteId !== null,
    staleTime: 60_000,
    retry: false,
  });
  // Only a 404 says the id names no customer; a call that got no answer is read again when the network is back.
  const sinCliente = consulta.error instanceof ApiError && consulta.error.status === 404 && clienteId !== null;
  useEffect(() => {
    if (sinCliente) cambiar({ cliente_id: null } as Partial<ConClienteId<F>>);
    // `cambiar` is new on every render; the drop is wanted once per failed read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sinCliente]);
  const cliente = clienteId !== null && consulta.data?.id === clienteId ? consulta.data : null;
  const { cliente_id: _id, ...resto } = enDireccion;
  const filtros = { ...resto, cliente } as unknown as F;
  const aplicar = (nuevos: F, lista: { refetch: () => unknown }) => {
    const { cliente: elegido, ...otros } = nuevos;
    const siguientes = { ...otros, cliente_id: elegido?.id ?? null } as unknown as ConClienteId<F>;
    if (elegido) queryClient.setQueryData(claveCliente(elegido.id), elegido);
    const direccion = (de: ConClienteId<F>) => escribir(new URLSearchParams(), de).toString();
    if (direccion(siguientes) === direccion(enDireccion)) void lista.refetch();
    else cambiar(siguientes, { alInstante: true });
  };
  return { filtros, aplicar, leyendoCliente: clienteId !== null && cliente === null };
}

/** A filter's value as an address can hold it. */
type ValorFiltro = string | number | null;

/**
 * The filters' texts as an address holds them, for the route's own schema to check (`nombres`: each filter's name in
 * the address): an absent one is its default (`porDefecto`); an empty one is none (null), for a filter whose default
 * is a value (a date emptied where the screen opens on today).
 */
export function leerDeDireccion<K extends string>(parametros: URLSearchParams, nombres: Record<K, string>, porDefecto: Record<K, ValorFiltro>): Record<K, ValorFiltro> {
  const leidos = {} as Record<K, ValorFiltro>;
  for (const campo of Object.keys(nombres) as K[]) {
    const texto = parametros.get(nombres[campo]);
    leidos[campo] = texto === null ? porDefecto[campo] : texto === '' ? null : texto;
  }
  return leidos;
}

/** The filters written into the address (leerDeDireccion's reverse): a default is left out, so a fresh screen has a clean address. */
export function escribirEnDireccion<K extends string>(
  parametros: URLSearchParams,
  nombres: Record<K, string>,
  filtros: Record<K, ValorFiltro>,
  porDefecto: Record<K, ValorFiltro>,
): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  for (const campo of Object.keys(nombres) as K[]) {
    const valor = filtros[campo];
    if (valor === porDefecto[campo]) siguiente.delete(nombres[campo]);
    else siguiente.set(nombres[campo], valor === null ? '' : String(valor));
  }
  return siguiente;
}
