import { useQuery } from '@tanstack/react-query';
import type { EnJson, retalDetalleRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesRetales } from './claves';

export type RetalDetalle = EnJson<z.infer<typeof retalDetalleRespuestaSchema>>;

/** GET /api/retales/{id}: the offcut and its ledger, newest first. */
export async function getRetal(id: number, signal?: AbortSignal): Promise<RetalDetalle> {
  return (await api.get<RetalDetalle>(`retales/${id}`, signal ? { signal } : {})).data;
}

/** The history dialog reads it each time it opens (a sale may have moved it since). */
export const useRetal = (id: number) => useQuery({ queryKey: clavesRetales.detalle(id), queryFn: ({ signal }) => getRetal(id, signal), staleTime: 0 });
