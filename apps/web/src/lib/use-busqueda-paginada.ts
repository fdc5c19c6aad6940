import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** spec 000 §9: a search waits for a 300 ms pause in typing before it is sent. */
export const ESPERA_BUSQUEDA_MS = 300;

/**
 * The search box and page of a server-paged list: `query` is the text after the pause, and a new
 * search starts again at page 1 (the page chosen belongs to the search it was chosen for).
 */
export function useBusquedaPaginada() {
  const [busqueda, setBusqueda] = useState('');
  const [query] = useDebouncedValue(busqueda.trim(), ESPERA_BUSQUEDA_MS);
  const [elegida, setElegida] = useState({ numero: 1, query: '' });
  const pagina = elegida.query === query ? elegida.numero : 1;
  return { busqueda, setBusqueda, query, pagina, irAPagina: (numero: number) => setElegida({ numero, query }) };
}
