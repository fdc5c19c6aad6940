import { queryOptions, useQuery } from '@tanstack/react-query';
import type { terceroConRolSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesTerceros } from './claves';

/** GET terceros/{id}'s data: the third party and its user account's role. */
export type TerceroDetalle = z.infer<typeof terceroConRolSchema>;

/** GET /api/terceros/{id}: the third party and its user account (role, active, stores). */
export async function getTercero(id: number, signal?: AbortSignal): Promise<TerceroDetalle> {
  const respuesta = await api.get<TerceroDetalle>(`terceros/${id}`, signal ? { signal } : {});
  return respuesta.data;
}

/** GET /api/terceros/{id}'s third party alone (a filter's customer read back from the address). */
export async function getTerceroSolo(id: number, signal?: AbortSignal): Promise<TerceroDetalle['tercero']> {
  return (await getTercero(id, signal)).tercero;
}

export function terceroQueryOptions(id: number) {
  return queryOptions({ queryKey: clavesTerceros.detalle(id), queryFn: ({ signal }) => getTercero(id, signal), staleTime: 0 });
}

export function useTercero(id: number | null) {
  return useQuery({ ...terceroQueryOptions(id ?? 0), enabled: id !== null });
}
