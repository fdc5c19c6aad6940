import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of retenciones: every query of the feature starts with `todas`. */
export const clavesRetenciones = {
  todas: raicesConsulta.retenciones,
  tercero: (id: number) => [...clavesRetenciones.todas, 'tercero', id] as const,
  propuesta: (ventaId: number) => [...clavesRetenciones.todas, 'propuesta', ventaId] as const,
  reporte: (periodo: object) => [...clavesRetenciones.todas, 'reporte', periodo] as const,
};
