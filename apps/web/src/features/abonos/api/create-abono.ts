import type { AbonoRegistrado } from '@tablero/domain';
import { useGuardado } from '@/lib/guardado';
import { api } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesAbonos } from './claves';

/** POST /api/terceros/{id}/abono: records an abono; answers the message and the new balance. */
export async function createAbono({ tercero_id, valor_abono }: { tercero_id: number; valor_abono: number }) {
  const respuesta = await api.post<AbonoRegistrado>(`terceros/${tercero_id}/abono`, { tercero_id, valor_abono });
  return { mensaje: respuesta.message ?? 'Abono registrado con éxito', saldo_abono: respuesta.data.saldo_abono };
}

// The customers' list shows the balance; the history and the advances show the new movement.
export const useCreateAbono = () => useGuardado(createAbono, raicesConsulta.terceros, clavesAbonos.todas);
