import type { ProveedoresConsulta } from './get-proveedores';

/** The query keys of proveedores: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesProveedores = {
  todas: ['proveedores'] as const,
  lista: (consulta: ProveedoresConsulta) => [...clavesProveedores.todas, 'lista', consulta] as const,
};
