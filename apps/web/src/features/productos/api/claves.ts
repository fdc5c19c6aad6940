import type { ProductosConsulta } from './get-productos';

/**
 * The query keys of productos: every query of the feature starts with `todas`, so one invalidation refreshes them all.
 * The form's lookups (`listas`) keep the 'listas' prefix: a saved product does not reload them. Its board groups are a
 * parameter, keyed by parametros (`clavesParametros.codigo`), so a parameter save refreshes them.
 */
export const clavesProductos = {
  todas: ['productos'] as const,
  lista: (consulta: ProductosConsulta) => [...clavesProductos.todas, 'lista', consulta] as const,
  detalle: (id: number) => [...clavesProductos.todas, 'detalle', id] as const,
  serviciosEspeciales: () => [...clavesProductos.todas, 'servicios-especiales'] as const,
  listas: {
    grupos: () => ['listas', 'grupos'] as const,
    lineas: (grupoId: number) => ['listas', 'lineas', grupoId] as const,
    funciones: () => ['listas', 'funciones-productos'] as const,
    gruposServicio: () => ['listas', 'grupo-servicio'] as const,
    proveedores: () => ['listas', 'proveedores-productos'] as const,
  },
};
