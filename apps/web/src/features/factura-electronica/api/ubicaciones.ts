import { useQuery } from '@tanstack/react-query';
import { PAIS_COLOMBIA, type ciudadesRespuestaSchema, type departamentosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { clavesTerceros } from '@/features/terceros';
import { api } from '@/lib/api-client';

/** DANE's places rarely change: cached for the session, under the same keys as the third-party form's lookups. */
const UNA_HORA = 60 * 60 * 1000;

/** POST /api/listas/departamentos: Colombia's departments (DIVIPOLA). */
export function useDepartamentosColombia() {
  return useQuery({
    queryKey: clavesTerceros.listas.departamentos(PAIS_COLOMBIA),
    queryFn: async () => (await api.post<z.infer<typeof departamentosRespuestaSchema>>('listas/departamentos', { country_code: PAIS_COLOMBIA })).data.departamentos,
    staleTime: UNA_HORA,
  });
}

/** POST /api/listas/ciudades: the municipalities of a department (DIVIPOLA). */
export function useMunicipios(departamento: string | null) {
  return useQuery({
    queryKey: clavesTerceros.listas.ciudades(PAIS_COLOMBIA, departamento),
    queryFn: async () =>
      (await api.post<z.infer<typeof ciudadesRespuestaSchema>>('listas/ciudades', { country_code: PAIS_COLOMBIA, state_code: departamento })).data.ciudades,
    enabled: Boolean(departamento),
    staleTime: UNA_HORA,
  });
}
