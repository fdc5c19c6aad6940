import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { descargarExportacion } from '@/lib/descargar';
import {
  ARCHIVO_INDICADORES_PRODUCCION,
  type IndicadoresProduccion,
  type IndicadoresRango,
} from '@tablero/domain';
import { clavesProduccion } from './claves';

// Indicadores producción (beyond the spec; docs/decisions-produccion.md): the figures of a date range and their .xlsx.

/** POST /api/produccion/indicadores {fecha_inicial, fecha_final} (the selected store). */
export async function getIndicadores(rango: IndicadoresRango, signal?: AbortSignal): Promise<IndicadoresProduccion> {
  const respuesta = await api.post<IndicadoresProduccion>('produccion/indicadores', rango, signal ? { signal } : {});
  return respuesta.data;
}

/** The range's figures, asked again on every visit (the floor keeps finishing stages); the previous ones stay dimmed meanwhile. */
export function useIndicadores(codigoTienda: string, rango: IndicadoresRango, habilitada: boolean) {
  return useQuery({
    queryKey: [...clavesProduccion.todas, 'indicadores', codigoTienda, rango] as const,
    queryFn: ({ signal }) => getIndicadores(rango, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/produccion/indicadores/exportar: 'Indicadores producción.xlsx'. */
export const exportarIndicadores = (rango: IndicadoresRango) =>
  descargarExportacion({ ruta: 'produccion/indicadores/exportar', cuerpo: rango, nombre: ARCHIVO_INDICADORES_PRODUCCION });
