import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Ciudad,
  Departamento,
  Pais,
  TiendaUsuario,
  TipoDocumento,
  tiendasUsuarioRespuestaSchema,
  tiposDocumentosRespuestaSchema,
  paisesRespuestaSchema,
  departamentosRespuestaSchema,
  ciudadesRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesTerceros } from './claves';

/** Lookups of the third-party form (spec 001 §7). They rarely change: cached for the session. */
const UNA_HORA = 60 * 60 * 1000;

/** GET /api/listas/tipo-documento. */
export async function getTiposDocumento(): Promise<TipoDocumento[]> {
  return (await api.get<z.infer<typeof tiposDocumentosRespuestaSchema>>('listas/tipo-documento')).data.tipos_documentos;
}

export function useTiposDocumento() {
  return useQuery(queryOptions({ queryKey: clavesTerceros.listas.tiposDocumento(), queryFn: getTiposDocumento, staleTime: UNA_HORA }));
}

/** POST /api/listas/paises. */
export async function getPaises(): Promise<Pais[]> {
  return (await api.post<z.infer<typeof paisesRespuestaSchema>>('listas/paises')).data.paises;
}

export function usePaises() {
  return useQuery(queryOptions({ queryKey: clavesTerceros.listas.paises(), queryFn: getPaises, staleTime: UNA_HORA }));
}

/** POST /api/listas/departamentos {country_code}: Colombia's DANE departments; empty for free-text countries. */
export async function getDepartamentos(countryCode: string): Promise<Departamento[]> {
  return (await api.post<z.infer<typeof departamentosRespuestaSchema>>('listas/departamentos', { country_code: countryCode })).data.departamentos;
}

export function useDepartamentos(countryCode: string | null) {
  return useQuery({
    queryKey: clavesTerceros.listas.departamentos(countryCode),
    queryFn: () => getDepartamentos(countryCode!),
    enabled: Boolean(countryCode),
    staleTime: UNA_HORA,
  });
}

/** POST /api/listas/ciudades {country_code, state_code}. */
export async function getCiudades(countryCode: string, stateCode: string): Promise<Ciudad[]> {
  return (await api.post<z.infer<typeof ciudadesRespuestaSchema>>('listas/ciudades', { country_code: countryCode, state_code: stateCode })).data.ciudades;
}

export function useCiudades(countryCode: string | null, stateCode: string | null, habilitado: boolean) {
  return useQuery({
    queryKey: clavesTerceros.listas.ciudades(countryCode, stateCode),
    queryFn: () => getCiudades(countryCode!, stateCode!),
    enabled: habilitado && Boolean(countryCode && stateCode),
    staleTime: UNA_HORA,
  });
}

/** GET /api/maestros/tiendas/{userId}/usuario: the stores the current user may hand to a staff account. */
export async function getTiendasAsignables(userId: number): Promise<TiendaUsuario[]> {
  return (await api.get<z.infer<typeof tiendasUsuarioRespuestaSchema>>(`maestros/tiendas/${userId}/usuario`)).data.tiendas_usuario;
}

export function useTiendasAsignables(userId: number | null) {
  return useQuery({
    queryKey: clavesTerceros.tiendasAsignables(userId),
    queryFn: () => getTiendasAsignables(userId!),
    enabled: userId !== null,
    staleTime: UNA_HORA,
  });
}
