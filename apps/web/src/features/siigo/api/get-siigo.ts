import { useQuery } from '@tanstack/react-query';
import type { ClasificacionInventario, SiigoImpuesto, clasificacionesInventarioRespuestaSchema, siigoImpuestosRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesSiigo } from './claves';

/** GET /api/siigo/clasificacion-inventario: active inventory classifications of the accounting system. */
export async function getClasificacionesInventario(): Promise<ClasificacionInventario[]> {
  return (await api.get<z.infer<typeof clasificacionesInventarioRespuestaSchema>>('siigo/clasificacion-inventario')).data.grupos_clasificacion_inventario;
}
export const useClasificacionesInventario = () => useQuery({ queryKey: clavesSiigo.clasificacionesInventario(), queryFn: getClasificacionesInventario, staleTime: 5 * 60_000 });

/** GET /api/siigo/impuesto: active taxes of the accounting system. */
export async function getSiigoImpuestos(): Promise<SiigoImpuesto[]> {
  return (await api.get<z.infer<typeof siigoImpuestosRespuestaSchema>>('siigo/impuesto')).data.impuestos;
}
export const useSiigoImpuestos = () => useQuery({ queryKey: clavesSiigo.impuestos(), queryFn: getSiigoImpuestos, staleTime: 5 * 60_000 });
