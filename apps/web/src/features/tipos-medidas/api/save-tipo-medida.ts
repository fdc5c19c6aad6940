import { useGuardado } from '@/lib/guardado';
import type { idCreadoDatosSchema, TipoMedidaGuardar } from '@tablero/domain';
import type { z } from 'zod';
import { api, type SoloMensaje } from '@/lib/api-client';
import { clavesTiposMedidas } from './claves';

type Entrada = { [K in keyof TipoMedidaGuardar]?: unknown };

/** POST …/crear or PUT …/{id}/editar of maestros/tipos-medidas; answers the success message. */
export async function saveTipoMedida({ id, datos }: { id: number | null; datos: Entrada }): Promise<string> {
  const ruta = 'maestros/tipos-medidas';
  const respuesta = id === null ? await api.post<z.infer<typeof idCreadoDatosSchema>>(`${ruta}/crear`, datos) : await api.put<SoloMensaje>(`${ruta}/${id}/editar`, datos);
  return respuesta.message ?? 'Datos guardados con éxito';
}

export const useSaveTipoMedida = () => useGuardado(saveTipoMedida, clavesTiposMedidas.todas);
