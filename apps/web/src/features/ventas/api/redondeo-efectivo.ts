import { useQuery } from '@tanstack/react-query';
import { leerUnidadRedondeo, PARAMETRO_REDONDEO_EFECTIVO } from '@tablero/domain';
import { clavesParametros } from '@/features/parametros';
import { getValorParametro } from './retales';

/**
 * The bill's cash rounding unit (parameter REDONDEO_EFECTIVO, docs/decisions-redondeo-envios.md): undefined when the row
 * does not exist (no rounding). The dialog waits for `cargado`, so a cash row never gets an amount before the unit.
 */
export function useUnidadRedondeo(): { unidad: number | undefined; cargado: boolean } {
  const consulta = useQuery({
    queryKey: clavesParametros.codigo(PARAMETRO_REDONDEO_EFECTIVO),
    queryFn: ({ signal }) => getValorParametro(PARAMETRO_REDONDEO_EFECTIVO, signal),
    staleTime: 5 * 60_000,
  });
  return { unidad: leerUnidadRedondeo(consulta.data) ?? undefined, cargado: !consulta.isPending };
}

