import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cargaMasivaRespuestaSchema, cargaMasivaSchema, PreviaCargaMasiva } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesInventario } from './claves';

/** A file of tens of thousands of rows on a busy server may take longer than a normal call's 30 s. */
const ESPERA_CARGA_MS = 120_000;

export type CargaMasivaEntrada = z.input<typeof cargaMasivaSchema>;

/** POST /api/inventarios/carga-masiva/previsualizar: what the load would do per row, nothing applied. */
export async function previsualizarCargaMasiva(datos: CargaMasivaEntrada): Promise<PreviaCargaMasiva> {
  const respuesta = await api.post<PreviaCargaMasiva>('inventarios/carga-masiva/previsualizar', datos, { esperaMs: ESPERA_CARGA_MS });
  return respuesta.data;
}

/** POST /api/inventarios/carga-masiva: every row or none (422 with `errors.items` listing each bad row). */
export async function cargaMasiva(datos: CargaMasivaEntrada): Promise<{ message: string; filas: number; productos: number }> {
  const respuesta = await api.post<z.infer<typeof cargaMasivaRespuestaSchema>>('inventarios/carga-masiva', datos, { esperaMs: ESPERA_CARGA_MS });
  return { message: respuesta.message ?? 'Inventario cargado con éxito', ...respuesta.data };
}

export function usePrevisualizarCargaMasiva() {
  // The dialog shows its own progress and the row errors; the global overlay would hide them.
  return useMutation({ mutationFn: previsualizarCargaMasiva, meta: { sinCargaGlobal: true } });
}

export function useCargaMasiva() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cargaMasiva,
    // The dialog shows its own progress and the row errors; the global overlay and toast would hide them.
    meta: { sinCargaGlobal: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clavesInventario.todas }),
        queryClient.invalidateQueries({ queryKey: raicesConsulta.productos }),
      ]),
  });
}
