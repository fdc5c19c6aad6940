import type { enlaceDescargaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/inventarios/exportar/enlace → a signed link that expires in minutes; the browser then opens
 * GET public/productos/exportar with it (spec 001 §7: "opened in browser").
 */
export async function crearEnlaceExportacion(datos: { grupo_id: string | number | null; linea_id: string | number | null }): Promise<string> {
  const respuesta = await api.post<z.infer<typeof enlaceDescargaSchema>>('inventarios/exportar/enlace', datos);
  return respuesta.data.url;
}

export const useCrearEnlaceExportacion = () => useMutation({ mutationFn: crearEnlaceExportacion });
