import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Impuesto, impuestosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesImpuestos } from './claves';

/** GET /api/impuestos → data.impuestos. */
export async function getImpuestos(): Promise<Impuesto[]> {
  return (await api.get<z.infer<typeof impuestosRespuestaSchema>>('impuestos')).data.impuestos;
}
export const impuestosQueryOptions = () => queryOptions({ queryKey: clavesImpuestos.lista(), queryFn: getImpuestos });
export const useImpuestos = () => useQuery(impuestosQueryOptions());
