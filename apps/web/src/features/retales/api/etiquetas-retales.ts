import { useMutation } from '@tanstack/react-query';
import type { retalesEtiquetasRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /api/retales/etiquetas {ids} → a signed link to the labels PDF (one label per offcut: its code as a QR, material, size). */
export async function crearEnlaceEtiquetas(ids: number[]): Promise<string> {
  return (await api.post<z.infer<typeof retalesEtiquetasRespuestaSchema>>('retales/etiquetas', { ids })).data.url;
}

export const useEnlaceEtiquetas = () => useMutation({ mutationFn: crearEnlaceEtiquetas });
