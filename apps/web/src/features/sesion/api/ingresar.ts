import { useMutation } from '@tanstack/react-query';
import type { Ingreso, UsuarioSesion } from '@tablero/domain';
import { api } from '@/lib/api-client';

/** POST /api/ingreso: opens a connection and returns its token and the user (spec 000 §7). */
export async function ingresar(datos: Ingreso): Promise<UsuarioSesion> {
  // A 401 here is a wrong password, not a lost session: the login page shows it (spec 000 §8).
  const respuesta = await api.post<UsuarioSesion>('ingreso', datos, { sinAutenticacion: true, sinSalidaPorSesion: true });
  return respuesta.data;
}

export function useIngresar() {
  // The 'Ingresar' button shows its own loader (spec 000 §4.5), so no global overlay here.
  return useMutation({ mutationFn: ingresar, meta: { sinCargaGlobal: true } });
}
