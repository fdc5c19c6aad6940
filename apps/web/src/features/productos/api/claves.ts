import { raicesConsulta } from '@/lib/claves-consulta';

/**
 * The query keys of productos: every query of the feature starts with `todas`, so one invalidation refreshes them all.
 * The form's lookups (`listas`) keep the 'listas' prefix: a saved product does not reload them. Its board groups are a
 * parameter, keyed by parametros (`clavesParametros.codigo`), so a parameter save refreshes them.
 */
export const clavesProductos = {
  todas: raicesConsulta.productos,
  lista: (consulta: object) => [...clavesProductos.todas, 'lista', consulta] as const,
  detalle: (id: number) => [...clavesProductos.todas, 'detalle', id] as const,
  serviciosEspeciales: () => [...clavesProductos.todas, 'servicios-especiales'] as const,
  reservas: (ids: readonly number[], ventaId: number | null) => [...clavesProductos.todas, 'reservas', ids.join(','), ventaId] as const,
  reservasProducto: (id: number) => [...clavesProductos.todas, 'reservas-producto', id] as const,
  listas: {
    grupos: () => [...raicesConsulta.listas, 'grupos'] as const,
    lineas: (grupoId: number) => [...raicesConsulta.listas, 'lineas', grupoId] as const,
    funciones: () => [...raicesConsulta.listas, 'funciones-productos'] as const,
    gruposServicio: () => [...raicesConsulta.listas, 'grupo-servicio'] as const,
    proveedores: () => [...raicesConsulta.listas, 'proveedores-productos'] as const,
  },
};
