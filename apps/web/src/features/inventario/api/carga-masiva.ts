import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilaCarga } from '@tablero/domain';
import { api } from '@/lib/api-client';

/** POST /api/inventarios/carga-masiva: every row or none (422 with `errors.items` listing each bad row). */
export async function cargaMasiva(datos: {
  items: FilaCarga[];
  nombre_archivo?: string;
  tipo_archivo?: string;
  codigo_tienda?: string;
}): Promise<{ message: string; filas: number; productos: number }> {
  const respuesta = await api.post<{ filas: number; productos: number }>('inventarios/carga-masiva', datos);
  return { message: respuesta.message ?? 'Inventario cargado con éxito', ...respuesta.data };
}

export function useCargaMasiva() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cargaMasiva,
    // The dialog shows its own progress and the row errors; the global overlay and toast would hide them.
    meta: { sinCargaGlobal: true },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['inventario'] }), queryClient.invalidateQueries({ queryKey: ['productos'] })]),
  });
}
