import { useGuardado } from '@/lib/guardado';
import { MENSAJES_CUENTA_CREDITO, type CuentaCreditoGuardar } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesCuentasCredito } from './claves';

/** POST /api/cuentas-credito/guardar: creates the customer's account or changes its quota; answers the message. */
export async function saveCuentaCredito(datos: CuentaCreditoGuardar): Promise<string> {
  const respuesta = await api.post<null>('cuentas-credito/guardar', datos);
  return respuesta.message ?? MENSAJES_CUENTA_CREDITO.creada;
}

export const useSaveCuentaCredito = () => useGuardado(saveCuentaCredito, clavesCuentasCredito.todas);
