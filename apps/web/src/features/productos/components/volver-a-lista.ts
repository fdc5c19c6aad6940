import { useLocation, useNavigate } from 'react-router';
import { RUTAS } from '@tablero/domain';

/** What the products list hands the form it opens: the list's own query (search, page, size, sort). */
interface VolverALista {
  listaBusqueda: string;
}

export const estadoVolverALista = (busqueda: string): VolverALista => ({ listaBusqueda: busqueda });

/**
 * Where the form's Volver, Cancelar and a save lead: back to the list exactly as it was. Opened from the list, the
 * entry before this one is that list, so the form steps back to it (a new entry would leave the form on the browser's
 * Back); opened any other way (a typed address, a new tab), to the list's first page.
 */
export function useVolverALista(): () => void {
  const navigate = useNavigate();
  const estado = useLocation().state as Partial<VolverALista> | null;
  const desdeLista = typeof estado?.listaBusqueda === 'string';
  return () => {
    if (desdeLista) void navigate(-1);
    else void navigate(RUTAS.productos.path);
  };
}
