import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  leerCupoMaximoVendedor,
  MENSAJES_CUENTA_CREDITO,
  PARAMETRO_CUPO_MAXIMO_VENDEDOR,
  type CuentaCreditoPedido,
  type parametroRespuestaSchema,
} from '@tablero/domain';
import { clavesParametros } from '@/features/parametros';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesCuentasCredito } from './claves';

/**
 * POST /api/cuentas-credito/pedido: the order form's account of a customer without one, for whoever sells, with a
 * quota up to CUPO_MAXIMO_VENDEDOR (docs/decisions.md "Quién mueve el dinero de un crédito"); answers the message.
 */
export async function crearCuentaCreditoPedido(datos: CuentaCreditoPedido): Promise<string> {
  const respuesta = await api.post<null>('cuentas-credito/pedido', datos);
  return respuesta.message ?? MENSAJES_CUENTA_CREDITO.creada;
}

export const useCrearCuentaCreditoPedido = () => useGuardado(crearCuentaCreditoPedido, clavesCuentasCredito.todas);

/** The seller's ceiling (parameter CUPO_MAXIMO_VENDEDOR) in pesos; null when it is missing or no amount. */
export async function getCupoMaximoVendedor(): Promise<number | null> {
  try {
    const respuesta = await api.get<z.infer<typeof parametroRespuestaSchema>>(`parametros/${PARAMETRO_CUPO_MAXIMO_VENDEDOR}`, { silencioso: true });
    return leerCupoMaximoVendedor(respuesta.data.parametro.valor_parametro);
  } catch {
    return null;
  }
}

/** Read only where a seller creates an account (`activo`): the roles that manage credit have no ceiling. */
export const useCupoMaximoVendedor = (activo: boolean) =>
  useQuery({ queryKey: clavesParametros.codigo(PARAMETRO_CUPO_MAXIMO_VENDEDOR), queryFn: getCupoMaximoVendedor, enabled: activo });
