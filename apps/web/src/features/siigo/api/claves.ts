import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of siigo: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesSiigo = {
  todas: raicesConsulta.siigo,
  clasificacionesInventario: () => [...clavesSiigo.todas, 'clasificacion-inventario'] as const,
  impuestos: () => [...clavesSiigo.todas, 'impuesto'] as const,
};
