import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CuadreCajaRespuesta } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesCuadreCaja } from './claves';

/** POST /api/cuadre-caja/dia {fecha_dia} (spec 002 §7): the day's figures of the stores the parameter lists. */
export async function getCuadreCaja(fecha: string, signal?: AbortSignal): Promise<CuadreCajaRespuesta> {
  return (await api.post<CuadreCajaRespuesta>('cuadre-caja/dia', { fecha_dia: fecha }, signal ? { signal } : {})).data;
}

/** Asked again on every visit: billing, payments, expenses and income change it all day. */
export function useCuadreCaja(fecha: string) {
  return useQuery({
    queryKey: clavesCuadreCaja.dia(fecha),
    queryFn: ({ signal }) => getCuadreCaja(fecha, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
