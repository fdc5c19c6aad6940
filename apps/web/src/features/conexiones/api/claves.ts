import type { ConexionesConsulta } from './get-conexiones';

/** The query keys of conexiones: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesConexiones = {
  todas: ['conexiones'] as const,
  lista: (consulta: ConexionesConsulta) => [...clavesConexiones.todas, 'lista', consulta] as const,
};
