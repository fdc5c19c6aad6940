import { raicesConsulta } from '@/lib/claves-consulta';

/**
 * The query keys of terceros: every query of the feature starts with `todas`, so one invalidation refreshes them all.
 * The form's lookups (`listas`) keep the 'listas' prefix: a saved third party does not reload them.
 */
export const clavesTerceros = {
  todas: raicesConsulta.terceros,
  lista: (consulta: object) => [...clavesTerceros.todas, 'lista', consulta] as const,
  detalle: (id: number) => [...clavesTerceros.todas, 'detalle', id] as const,
  tiendasAsignables: (userId: number | null) => [...clavesTerceros.todas, 'tiendas-asignables', userId] as const,
  listas: {
    tiposDocumento: () => [...raicesConsulta.listas, 'tipo-documento'] as const,
    paises: () => [...raicesConsulta.listas, 'paises'] as const,
    departamentos: (countryCode: string | null) => [...raicesConsulta.listas, 'departamentos', countryCode] as const,
    ciudades: (countryCode: string | null, stateCode: string | null) => [...raicesConsulta.listas, 'ciudades', countryCode, stateCode] as const,
  },
};
