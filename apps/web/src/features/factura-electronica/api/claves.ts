/** The query keys of factura-electronica: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesFacturaElectronica = {
  todas: ['factura-electronica'] as const,
  configuracion: () => [...clavesFacturaElectronica.todas, 'configuracion'] as const,
  alertas: () => [...clavesFacturaElectronica.todas, 'alertas'] as const,
};
