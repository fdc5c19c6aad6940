import { useGuardado } from '@/lib/guardado';
import type { ParametroEditar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesParametros } from './claves';

export interface UpdateParametroDatos extends ParametroEditar {
  /** The code names the parameter in the path; it never changes (spec 001, Parameters screen). */
  codigo_parametro: string;
}

/** PUT /api/parametros/{code}/editar with the new value; answers the success message. */
export async function updateParametro({ codigo_parametro, valor_parametro }: UpdateParametroDatos): Promise<string> {
  const respuesta = await api.put<null>(`parametros/${encodeURIComponent(codigo_parametro)}/editar`, { valor_parametro });
  return respuesta.message ?? 'Parámetro actualizado con éxito';
}

export const useUpdateParametro = () => useGuardado(updateParametro, clavesParametros.todas);
