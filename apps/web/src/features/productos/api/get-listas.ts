import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  leerListaEnteros,
  type FuncionProducto,
  type Grupo,
  type GrupoServicioOpcion,
  type Linea,
  type ProveedorOpcion,
  type gruposRespuestaSchema,
  type lineasRespuestaSchema,
  type funcionesProductosRespuestaSchema,
  type gruposServiciosRespuestaSchema,
  type proveedoresOpcionesRespuestaSchema,
  type parametroRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesParametros } from '@/features/parametros';
import { clavesProductos } from './claves';

/** Lookups of the product form (spec 001 §7 "Lookups GET listas/…"). They change rarely: cached 5 minutes. */
const CINCO_MINUTOS = 5 * 60_000;

export async function getGrupos(): Promise<Grupo[]> {
  return (await api.get<z.infer<typeof gruposRespuestaSchema>>('listas/grupos')).data.grupos;
}
export const gruposQueryOptions = () => queryOptions({ queryKey: clavesProductos.listas.grupos(), queryFn: getGrupos, staleTime: CINCO_MINUTOS });
export const useGrupos = () => useQuery(gruposQueryOptions());

/** GET /api/listas/grupos/{id}/lineas: choosing a group reloads its lines (spec 001 §4). */
export async function getLineas(grupoId: number): Promise<Linea[]> {
  return (await api.get<z.infer<typeof lineasRespuestaSchema>>(`listas/grupos/${grupoId}/lineas`)).data.lineas;
}
export const lineasQueryOptions = (grupoId: number) =>
  queryOptions({ queryKey: clavesProductos.listas.lineas(grupoId), queryFn: () => getLineas(grupoId), staleTime: CINCO_MINUTOS });
export const useLineas = (grupoId: number | null) => useQuery({ ...lineasQueryOptions(grupoId ?? 0), enabled: grupoId !== null && grupoId > 0 });

export async function getFuncionesProductos(): Promise<FuncionProducto[]> {
  return (await api.get<z.infer<typeof funcionesProductosRespuestaSchema>>('listas/funciones-productos')).data.funciones_productos;
}
export const useFuncionesProductos = () =>
  useQuery({ queryKey: clavesProductos.listas.funciones(), queryFn: getFuncionesProductos, staleTime: CINCO_MINUTOS });

export async function getGruposServicio(): Promise<GrupoServicioOpcion[]> {
  return (await api.get<z.infer<typeof gruposServiciosRespuestaSchema>>('listas/grupo-servicio')).data.grupos_servicios;
}
export const useGruposServicio = () => useQuery({ queryKey: clavesProductos.listas.gruposServicio(), queryFn: getGruposServicio, staleTime: CINCO_MINUTOS });

/** The product form's suppliers (GET /api/listas/proveedores, spec 001 §7 Lookups; the suppliers screen is the masters'). */
export async function getProveedores(): Promise<ProveedorOpcion[]> {
  return (await api.get<z.infer<typeof proveedoresOpcionesRespuestaSchema>>('listas/proveedores')).data.proveedores;
}
export const useProveedoresOpciones = () => useQuery({ queryKey: clavesProductos.listas.proveedores(), queryFn: getProveedores, staleTime: 0 });

/** Board groups: parameter LISTA_GRUPOS_TABLEROS (spec 001 §3); none when the parameter is missing. */
export async function getGruposTableros(): Promise<number[]> {
  try {
    const respuesta = await api.get<z.infer<typeof parametroRespuestaSchema>>('parametros/LISTA_GRUPOS_TABLEROS', { silencioso: true });
    return leerListaEnteros(respuesta.data.parametro.valor_parametro);
  } catch {
    return [];
  }
}
export const useGruposTableros = () => useQuery({ queryKey: clavesParametros.codigo('LISTA_GRUPOS_TABLEROS'), queryFn: getGruposTableros, staleTime: CINCO_MINUTOS });
