import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of maquinas: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesMaquinas = {
  todas: raicesConsulta.maquinas,
  lista: (consulta: object) => [...clavesMaquinas.todas, 'lista', consulta] as const,
  estados: () => [...clavesMaquinas.todas, 'estados-maquinas'] as const,
  gruposServicios: () => [...clavesMaquinas.todas, 'grupos-servicios'] as const,
  produccion: (servicio: number | null) => [...clavesMaquinas.todas, 'produccion', servicio] as const,
};
