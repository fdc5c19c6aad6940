import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of produccion: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesProduccion = {
  todas: raicesConsulta.produccion,
  /** A page of the sales offered to Crear OP (Generar orden producción) for its filters, page and size. */
  ventas: (consulta: object) => [...clavesProduccion.todas, 'ventas', consulta] as const,
  /** A page of POST produccion/orden-etapa (the OPs waiting for their material) for its filters, page and size. */
  ordenesEtapa: (consulta: object) => [...clavesProduccion.todas, 'orden-etapa', consulta] as const,
};
