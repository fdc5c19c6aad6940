import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of factura-electronica: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesFacturaElectronica = {
  todas: raicesConsulta.facturaElectronica,
  configuracion: () => [...clavesFacturaElectronica.todas, 'configuracion'] as const,
  alertas: () => [...clavesFacturaElectronica.todas, 'alertas'] as const,
};
