import { useQuery } from '@tanstack/react-query';
import type { ConfiguracionRetencion, ConfiguracionRetencionGuardar, PeriodoRetenciones, PropuestaRetenciones, ReporteRetenciones } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { useGuardado } from '@/lib/guardado';
import { clavesRetenciones } from './claves';

/** GET retenciones/terceros/{id}: the customer's settings as a withholding agent. */
export function useConfiguracionRetencion(terceroId: number | null) {
  return useQuery({
    queryKey: clavesRetenciones.tercero(terceroId ?? 0),
    queryFn: async ({ signal }) => (await api.get<{ retencion: ConfiguracionRetencion }>(`retenciones/terceros/${terceroId}`, { signal })).data.retencion,
    enabled: terceroId !== null,
    staleTime: 0,
  });
}

/** PUT retenciones/terceros/{id}. */
export async function guardarConfiguracionRetencion({ terceroId, datos }: { terceroId: number; datos: ConfiguracionRetencionGuardar }): Promise<string> {
  const respuesta = await api.put<{ retencion: ConfiguracionRetencion }>(`retenciones/terceros/${terceroId}`, datos);
  return respuesta.message ?? 'Retenciones del cliente guardadas';
}
export const useGuardarConfiguracionRetencion = () => useGuardado(guardarConfiguracionRetencion, clavesRetenciones.todas, raicesConsulta.terceros);

/** GET retenciones/propuesta/{venta_id}: what the bill dialog proposes. */
export function usePropuestaRetenciones(ventaId: number, activa: boolean) {
  return useQuery({
    queryKey: clavesRetenciones.propuesta(ventaId),
    queryFn: async ({ signal }) => (await api.get<PropuestaRetenciones>(`retenciones/propuesta/${ventaId}`, { signal })).data,
    enabled: activa,
    staleTime: 0,
  });
}

/** GET retenciones/reporte?year&month. */
export function useReporteRetenciones(periodo: PeriodoRetenciones) {
  return useQuery({
    queryKey: clavesRetenciones.reporte(periodo),
    queryFn: async ({ signal }) => (await api.get<ReporteRetenciones>('retenciones/reporte', { signal, query: { year: periodo.year, month: periodo.month } })).data,
  });
}
