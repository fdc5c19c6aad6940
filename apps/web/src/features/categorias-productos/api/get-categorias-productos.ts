import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriaProducto, categoriasProductosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesCategoriasProductos } from './claves';

/** GET /api/maestros/categorias-productos → data.categorias_productos. */
export async function getCategoriasProductos(): Promise<CategoriaProducto[]> {
  return (await api.get<z.infer<typeof categoriasProductosRespuestaSchema>>('maestros/categorias-productos')).data.categorias_productos;
}
export const categoriasProductosQueryOptions = () => queryOptions({ queryKey: clavesCategoriasProductos.lista(), queryFn: getCategoriasProductos });
export const useCategoriasProductos = () => useQuery(categoriasProductosQueryOptions());
