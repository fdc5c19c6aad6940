import type { HistorialConsulta } from './get-abonos-historial';
import type { TercerosConsulta } from './get-terceros';

/**
 * The query keys of terceros: every query of the feature starts with `todas`, so one invalidation refreshes them all.
 * The form's lookups (`listas`) keep the 'listas' prefix: a saved third party does not reload them.
 */
export const clavesTerceros = {
  todas: ['terceros'] as const,
  lista: (consulta: TercerosConsulta) => [...clavesTerceros.todas, 'lista', consulta] as const,
  detalle: (id: number) => [...clavesTerceros.todas, 'detalle', id] as const,
  abonos: (consulta: HistorialConsulta) => [...clavesTerceros.todas, 'abonos', consulta] as const,
  tiendasAsignables: (userId: number | null) => [...clavesTerceros.todas, 'tiendas-asignables', userId] as const,
  listas: {
    tiposDocumento: () => ['listas', 'tipo-documento'] as const,
    paises: () => ['listas', 'paises'] as const,
    departamentos: (countryCode: string | null) => ['listas', 'departamentos', countryCode] as const,
    ciudades: (countryCode: string | null, stateCode: string | null) => ['listas', 'ciudades', countryCode, stateCode] as const,
  },
};
