import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TiendaUsuario, tiendasUsuarioRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesTiendas } from './claves';

/** GET /api/maestros/tiendas/{userId}/usuario: the stores the user works in (spec 000 §7). */
export async function getTiendasUsuario(userId: number): Promise<TiendaUsuario[]> {
  // Without the store header: the stored store is checked against this very list.
  const respuesta = await api.get<z.infer<typeof tiendasUsuarioRespuestaSchema>>(`maestros/tiendas/${userId}/usuario`, { sinTienda: true });
  return respuesta.data.tiendas_usuario;
}

export function tiendasUsuarioQueryOptions(userId: number) {
  return queryOptions({
    queryKey: clavesTiendas.usuario(userId),
    queryFn: () => getTiendasUsuario(userId),
    staleTime: 5 * 60_000,
  });
}

export function useTiendasUsuario(userId: number) {
  return useQuery(tiendasUsuarioQueryOptions(userId));
}
