import { useQueries, useQuery } from '@tanstack/react-query';
import {
  esMaterialRetal,
  PARAMETRO_PRODUCTO_RETAL,
  REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO,
  type FacturaRetal,
  type Producto,
  type RetalCotizado,
  type parametroRespuestaSchema,
  type productosRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { clavesParametros } from '@/features/parametros';
import { getProductoPorReferencia, useGruposTableros } from '@/features/productos';
import { api, type ListaCompleta, type RespuestaApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { useGuardado } from '@/lib/guardado';
import { clavesVentas } from './claves';
import { leerPreciosRetal, PARAMETROS_PRECIO_RETAL, type LecturaPreciosRetal, type PrecioBaseRetal } from '../components/retal-modal.logica';

/** GET /api/parametros/{codigo}: the parameter's value, null when it does not exist (404, no toast: the dialog says it). */
export async function getValorParametro(codigo: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const respuesta = await api.get<z.infer<typeof parametroRespuestaSchema>>(`parametros/${encodeURIComponent(codigo)}`, {
      silencioso: true,
      ...(signal ? { signal } : {}),
    });
    return respuesta.data.parametro.valor_parametro;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const CLAVES_PRECIO = Object.keys(PARAMETROS_PRECIO_RETAL) as PrecioBaseRetal[];

/**
 * The offcut's three base prices (VALOR_BASE_PIEZA, VALOR_BASE_CANTO_RIGIDO, VALOR_BASE_CANTO_FLEXIBLE), read fresh each
 * time the calculator opens; keyed under parametros, so a parameter's save refreshes them.
 */
export function usePreciosRetal(): { cargando: boolean; error: boolean; lectura: LecturaPreciosRetal | null; recargar: () => void } {
  const consultas = useQueries({
    queries: CLAVES_PRECIO.map((clave) => ({
      queryKey: clavesParametros.codigo(PARAMETROS_PRECIO_RETAL[clave]),
      queryFn: ({ signal }: { signal: AbortSignal }) => getValorParametro(PARAMETROS_PRECIO_RETAL[clave], signal),
      staleTime: 0,
    })),
  });
  const cargando = consultas.some((consulta) => consulta.isPending);
  const error = consultas.some((consulta) => consulta.isError);
  const recargar = () => consultas.forEach((consulta) => void consulta.refetch());
  if (cargando || error) return { cargando, error, lectura: null, recargar };
  const valores = Object.fromEntries(CLAVES_PRECIO.map((clave, i) => [clave, consultas[i]?.data ?? null])) as Record<PrecioBaseRetal, string | null>;
  return { cargando, error, lectura: leerPreciosRetal(valores), recargar };
}

/**
 * The tax of the product offcut lines are sold as (the reference in REFERENCIA_PRODUCTO_RETAL, 'RETAL' without it, as
 * the server's productoRetal reads it), so the calculator shows the IVA the order line will carry; null when that
 * product does not exist (the server then refuses the quote too).
 */
async function getImpuestoRetal(): Promise<number | null> {
  const referencia = (await getValorParametro(PARAMETRO_PRODUCTO_RETAL))?.trim() || REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO;
  try {
    return (await getProductoPorReferencia(referencia, { silencioso: true })).porcentaje_impuesto;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The offcut product's tax percentage, read fresh each time the calculator opens. */
export function useImpuestoRetal() {
  return useQuery({ queryKey: [...clavesParametros.codigo(PARAMETRO_PRODUCTO_RETAL), 'impuesto'], queryFn: getImpuestoRetal, staleTime: 0 });
}

/** POST /api/facturas/retal (spec 000 §7): the server prices the offcut again and answers the order line to sell it. */
export async function crearVentaRetal(datos: FacturaRetal): Promise<RespuestaApi<RetalCotizado>> {
  return api.post<RetalCotizado>('facturas/retal', datos);
}

/** One quote at a time: a second Enter while the first is on its way does nothing (the dialog's form checks too). */
export const useCrearVentaRetal = () => useGuardado(crearVentaRetal);

/**
 * The board materials a kept offcut may be of (docs/decisions-retales.md): the store's products of the board groups
 * (LISTA_GRUPOS_TABLEROS) that have measures, by reference. The calculator's 'Desde un retal guardado' lists them.
 */
export async function getMaterialesTablero(grupos: readonly number[], signal?: AbortSignal): Promise<Producto[]> {
  const listas = await Promise.all(
    grupos.map(
      async (grupo_id) =>
        (await api.get<ListaCompleta<z.infer<typeof productosRespuestaSchema>>>('productos', { query: { grupo_id, no_page: 1 }, ...(signal ? { signal } : {}) })).data.productos,
    ),
  );
  return listas
    .flat()
    .filter((producto) => esMaterialRetal(producto, grupos))
    .sort((a, b) => a.referencia.localeCompare(b.referencia));
}

/** The board materials, read when the seller opens the picker (enabled). */
export function useMaterialesTablero(habilitada: boolean) {
  const grupos = useGruposTableros();
  return useQuery({
    queryKey: [...clavesVentas.retales(), 'materiales', grupos.data ?? []] as const,
    queryFn: ({ signal }) => getMaterialesTablero(grupos.data ?? [], signal),
    enabled: habilitada && grupos.data !== undefined,
    staleTime: 60_000,
  });
}
