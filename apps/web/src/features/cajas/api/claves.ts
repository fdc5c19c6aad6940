import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of cajas: every query starts with `todas`, so one invalidation refreshes registers and shifts. */
export const clavesCajas = {
  todas: raicesConsulta.cajas,
  lista: (consulta: object) => [...clavesCajas.todas, 'lista', consulta] as const,
  activas: (tienda: string | null) => [...clavesCajas.todas, 'activas', tienda] as const,
  turnoActual: (tienda: string | null) => [...clavesCajas.todas, 'turno-actual', tienda] as const,
  turnos: (consulta: object) => [...clavesCajas.todas, 'turnos', consulta] as const,
  turno: (id: number) => [...clavesCajas.todas, 'turno', id] as const,
};
