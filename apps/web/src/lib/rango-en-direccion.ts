import { useSearchParams } from 'react-router';

export interface RangoEnDireccion {
  fecha_inicial: string;
  fecha_final: string;
}

/**
 * A report's date range kept in the address (?desde=&hasta=), so a reload or Back keeps it: the default when the
 * address has none or one out of the screen's bounds, and the default leaves the address clean.
 */
export function useRangoEnDireccion(porDefecto: RangoEnDireccion, esValido: (rango: RangoEnDireccion) => boolean): [RangoEnDireccion, (rango: RangoEnDireccion) => void] {
  const [parametros, setParametros] = useSearchParams();
  const elegido = { fecha_inicial: parametros.get('desde') ?? '', fecha_final: parametros.get('hasta') ?? '' };
  const rango = esValido(elegido) ? elegido : porDefecto;
  const cambiar = (nuevo: RangoEnDireccion) => {
    const siguientes = new URLSearchParams(parametros);
    if (nuevo.fecha_inicial === porDefecto.fecha_inicial && nuevo.fecha_final === porDefecto.fecha_final) {
      siguientes.delete('desde');
      siguientes.delete('hasta');
    } else {
      siguientes.set('desde', nuevo.fecha_inicial);
      siguientes.set('hasta', nuevo.fecha_final);
    }
    setParametros(siguientes, { replace: true });
  };
  return [rango, cambiar];
}
