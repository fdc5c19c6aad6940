import { useGuardado } from '@/lib/guardado';
import { MENSAJES_CUENTA_CREDITO, type PagoCuentaCredito, type PagoCuentaCreditoRegistrado } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { clavesCuentasCredito } from './claves';

/** PUT /api/cuentas-credito/pago {cuenta_credito_id, valor_pago}; answers the message. */
export async function createPagoCuentaCredito(datos: PagoCuentaCredito): Promise<string> {
  const respuesta = await api.put<PagoCuentaCreditoRegistrado>('cuentas-credito/pago', datos);
  return respuesta.message ?? MENSAJES_CUENTA_CREDITO.pagoRegistrado;
}

export const useCreatePagoCuentaCredito = () => useGuardado(createPagoCuentaCredito, clavesCuentasCredito.todas);
