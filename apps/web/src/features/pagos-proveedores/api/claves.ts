import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of pagos-proveedores: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesPagosProveedores = {
  todas: raicesConsulta.pagosProveedores,
  lista: (consulta: object) => [...clavesPagosProveedores.todas, 'lista', consulta] as const,
  pago: (id: number) => [...clavesPagosProveedores.todas, 'pago', id] as const,
};
