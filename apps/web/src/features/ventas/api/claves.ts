import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of ventas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesVentas = {
  todas: raicesConsulta.ventas,
  tareas: (ventaId: number) => [...clavesVentas.todas, 'tareas', ventaId] as const,
  pendientes: () => [...clavesVentas.todas, 'pendientes'] as const,
  /** A customer's orders in editing (state 4), offered by the order form once the customer is chosen. */
  enEdicion: (terceroId: number) => [...clavesVentas.todas, 'en-edicion', terceroId] as const,
  /** An order read by id (GET ventas/{id}). */
  detalle: (ventaId: number) => [...clavesVentas.todas, 'detalle', ventaId] as const,
  /** A page of the billing list (POST facturas?page) for its filters, page and size. */
  facturas: (consulta: object) => [...clavesVentas.todas, 'facturas', consulta] as const,
  /** A sale with its billing fields, payments and production (GET facturas/{id}): the sale detail and the bill dialog. */
  factura: (ventaId: number) => [...clavesVentas.todas, 'factura', ventaId] as const,
  /** The documents the bill dialog offers for a sale (GET facturas/{id}/documentos): invoice, POS or why not, remission. */
  documentosAdmitidos: (ventaId: number) => [...clavesVentas.todas, 'documentos-admitidos', ventaId] as const,
  /** A sale's electronic documents with their attempts and e-mails (GET facturas/{id}/factura-electronica). */
  facturaElectronica: (ventaId: number) => [...clavesVentas.todas, 'factura-electronica', ventaId] as const,
  /** A page of the quotations list for its filters (docs/decisions-cotizaciones.md). */
  cotizaciones: (consulta: object) => [...clavesVentas.todas, 'cotizaciones', consulta] as const,
  /** A quotation's conversion preview (quoted and today's prices). */
  conversion: (id: number) => [...clavesVentas.todas, 'conversion', id] as const,
  /** The documents a sale may send and its sends (GET facturas/{id}/envios; docs/decisions-redondeo-envios.md). */
  envios: (ventaId: number) => [...clavesVentas.todas, 'envios', ventaId] as const,
  /** The store's kept offcuts of a board material the cutting dialog offers (docs/decisions-retales.md). */
  retalesDisponibles: (productoId: number, ventaId: number | null) => [...clavesVentas.todas, 'retales-disponibles', productoId, ventaId] as const,
  /** Every list of the store's kept offcuts (a refused plan or save reads them again). */
  retales: () => [...clavesVentas.todas, 'retales-disponibles'] as const,
  /** The payment types (a lookup: not under `todas`, a save does not reload it). */
  tiposPago: () => [...raicesConsulta.listas, 'tipos-pagos'] as const,
};
