import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of conexiones: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesConexiones = {
  todas: raicesConsulta.conexiones,
  lista: (consulta: object) => [...clavesConexiones.todas, 'lista', consulta] as const,
};
