import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of retales: every query of the feature starts with `todas`, so one save refreshes them all. */
export const clavesRetales = {
  todas: raicesConsulta.retales,
  lista: (consulta: object) => [...clavesRetales.todas, 'lista', consulta] as const,
  detalle: (id: number) => [...clavesRetales.todas, 'detalle', id] as const,
  ahorro: (desde: string, hasta: string) => [...clavesRetales.todas, 'ahorro', desde, hasta] as const,
};
