import { useGuardado } from '@/lib/guardado';
import type { MaquinaGuardar, idCreadoDatosSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesMaquinas } from './claves';

/** POST /api/maestros/maquinas/guardar; answers the success message (409 when the reference exists). */
export async function createMaquina(datos: MaquinaGuardar): Promise<string> {
  const respuesta = await api.post<z.infer<typeof idCreadoDatosSchema>>('maestros/maquinas/guardar', datos);
  return respuesta.message ?? 'Máquina creada con éxito';
}

export const useCreateMaquina = () => useGuardado(createMaquina, clavesMaquinas.todas);
