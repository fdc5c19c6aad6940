import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Producto, productosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api, type ListaCompleta } from '@/lib/api-client';
import { clavesProductos } from './claves';

/** GET /api/productos?servicios_especiales=1&no_page=1: the special services (product group 8, Servicios especiales), as a plain list. */
export async function getServiciosEspeciales(): Promise<Producto[]> {
  const respuesta = await api.get<ListaCompleta<z.infer<typeof productosRespuestaSchema>>>('productos', { query: { servicios_especiales: 1, no_page: 1 } });
  return respuesta.data.productos;
}

export function serviciosEspecialesQueryOptions() {
  return queryOptions({ queryKey: clavesProductos.serviciosEspeciales(), queryFn: getServiciosEspeciales });
}

export function useServiciosEspeciales() {
  return useQuery(serviciosEspecialesQueryOptions());
}
