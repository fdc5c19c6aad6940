import { raicesConsulta } from '@/lib/claves-consulta';

/**
 * The query keys of parametros: every query of the feature starts with `todas`, so one invalidation refreshes them all,
 * including one parameter read elsewhere by its code (productos reads LISTA_GRUPOS_TABLEROS with `codigo`).
 */
export const clavesParametros = {
  todas: raicesConsulta.parametros,
  lista: () => [...clavesParametros.todas, 'lista'] as const,
  /** One parameter by its code (the codes are upper case, never 'lista'). */
  codigo: (codigo: string) => [...clavesParametros.todas, codigo] as const,
};
