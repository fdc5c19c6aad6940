import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of proveedores: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesProveedores = {
  todas: raicesConsulta.proveedores,
  lista: (consulta: object) => [...clavesProveedores.todas, 'lista', consulta] as const,
};
