import type { DescuentoDecidido } from '@tablero/domain';
import { useEventoTiempoReal } from '@/lib/tiempo-real';

/**
 * Calls `manejador` when one of the session user's discount requests is approved or rejected (`descuento:decidido`,
 * sent only to the requester), on any screen, while mounted. After a reconnect, a screen waiting for a decision reads
 * the request again with getDescuento (useReconexion of lib/tiempo-real): a decision taken while offline never arrives.
 */
export function useDescuentoDecidido(manejador: (decision: DescuentoDecidido) => void) {
  useEventoTiempoReal('descuento:decidido', manejador);
}
