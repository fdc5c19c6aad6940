import { useQuery } from '@tanstack/react-query';
import type { FormaPago, formasPagosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from './api-client';
import { raicesConsulta } from './claves-consulta';

/** The lookup's key: under `listas`, so no save reloads it. */
const claveFormasPago = [...raicesConsulta.listas, 'formas-pago'] as const;

/** GET /api/listas/formas-pago: the active payment methods with their kinds. */
export async function getFormasPago(): Promise<FormaPago[]> {
  return (await api.get<z.infer<typeof formasPagosRespuestaSchema>>('listas/formas-pago')).data.formas_pagos;
}

/**
 * The payment methods every form that takes payments offers (billing, credit and account payments, advances, cash
 * movements, supplier payments): one lookup, cached 5 minutes.
 */
export const useFormasPago = () => useQuery({ queryKey: claveFormasPago, queryFn: getFormasPago, staleTime: 5 * 60_000 });
