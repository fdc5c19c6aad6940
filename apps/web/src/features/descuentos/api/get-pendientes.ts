import { useQuery, useQueryClient } from '@tanstack/react-query';
import { puedeAcceder, RUTAS, type descuentosPendientesRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSesion, useTienda } from '@/lib/sesion';
import { useEventoTiempoReal, useReconexion } from '@/lib/tiempo-real';
import { clavesDescuentos } from './claves';

/** GET /api/descuentos/pendientes: how many requests of the selected store wait for a decision (approvers only). */
export async function getPendientes(signal?: AbortSignal): Promise<number> {
  const respuesta = await api.get<z.infer<typeof descuentosPendientesRespuestaSchema>>('descuentos/pendientes', signal ? { signal } : {});
  return respuesta.data.pendientes;
}

/**
 * The selected store's pending count for an approver (null for anyone else): read on load and after a reconnect,
 * and replaced by the count each `descuentos:pendientes` of the store brings.
 */
export function usePendientesDescuentos(): number | null {
  const sesion = useSesion();
  const codigoTienda = useTienda()?.codigo_tienda ?? '';
  const aprueba = sesion !== null && puedeAcceder(sesion.role, RUTAS.descuentosSolicitados.acceso);
  const queryClient = useQueryClient();
  const consulta = useQuery({
    queryKey: clavesDescuentos.pendientes(codigoTienda),
    queryFn: ({ signal }) => getPendientes(signal),
    enabled: aprueba && codigoTienda !== '',
  });
  useEventoTiempoReal('descuentos:pendientes', (datos) => {
    if (aprueba) queryClient.setQueryData(clavesDescuentos.pendientes(datos.codigo_tienda), datos.pendientes);
  });
  useReconexion(() => {
    if (aprueba && codigoTienda) void queryClient.invalidateQueries({ queryKey: clavesDescuentos.pendientes(codigoTienda) });
  });
  return aprueba && consulta.data !== undefined ? consulta.data : null;
}
