import { useSearchParams } from 'react-router';
import { diasDelRango, esFechaValida, sumarDias } from '@tablero/domain';

export interface RangoEnDireccion {
  fecha_inicial: string;
  fecha_final: string;
}

/**
 * A range a report's server answers: real dates, the start not after the end, the end not after `hoy` (the business
 * date) and at most `diasMaximos` days, both ends included.
 */
export function rangoValido({ fecha_inicial, fecha_final }: RangoEnDireccion, hoy: string, diasMaximos: number): boolean {
  return (
    esFechaValida(fecha_inicial) &&
    esFechaValida(fecha_final) &&
    fecha_inicial <= fecha_final &&
    fecha_final <= hoy &&
    diasDelRango(fecha_inicial, fecha_final) <= diasMaximos
  );
}

/**
 * The range pickers' bounds: the start from `diasMaximos` days before the end up to the end; the end from the start up
 * to today and `diasMaximos` days from the start. Any choice within them is a range the server answers (rangoValido).
 */
export function limitesRango(rango: RangoEnDireccion, hoy: string, diasMaximos: number) {
  const finalMaximo = sumarDias(rango.fecha_inicial, diasMaximos - 1);
  return {
    inicial: { minDate: sumarDias(rango.fecha_final, -(diasMaximos - 1)), maxDate: rango.fecha_final },
    final: { minDate: rango.fecha_inicial, maxDate: finalMaximo < hoy ? finalMaximo : hoy },
  };
}

/**
 * A report's date range kept in the address (?desde=&hasta=), so a reload or Back keeps it: the default when the
 * address has none or one the server would refuse (rangoValido), and the default leaves the address clean.
 */
export function useRangoEnDireccion(porDefecto: RangoEnDireccion, hoy: string, diasMaximos: number): [RangoEnDireccion, (rango: RangoEnDireccion) => void] {
  const [parametros, setParametros] = useSearchParams();
  const elegido = { fecha_inicial: parametros.get('desde') ?? '', fecha_final: parametros.get('hasta') ?? '' };
  const rango = rangoValido(elegido, hoy, diasMaximos) ? elegido : porDefecto;
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
