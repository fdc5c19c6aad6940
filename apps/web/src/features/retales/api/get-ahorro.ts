import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { retalesAhorroRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { RangoMeses } from '../retales.logica';
import { clavesRetales } from './claves';

export type AhorroRetales = z.infer<typeof retalesAhorroRespuestaSchema>;

/** GET /api/retales/ahorro?desde=AAAA-MM&hasta=AAAA-MM: what kept offcuts saved, month by month (at most 24 months). */
export async function getAhorro({ desde, hasta }: RangoMeses, signal?: AbortSignal): Promise<AhorroRetales> {
  return (await api.get<AhorroRetales>('retales/ahorro', { query: { desde, hasta }, ...(signal ? { signal } : {}) })).data;
}

export const useAhorroRetales = (rango: RangoMeses) =>
  useQuery({ queryKey: clavesRetales.ahorro(rango.desde, rango.hasta), queryFn: ({ signal }) => getAhorro(rango, signal), placeholderData: keepPreviousData, staleTime: 0 });
