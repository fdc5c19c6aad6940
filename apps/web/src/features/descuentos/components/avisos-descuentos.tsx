import { useQueryClient } from '@tanstack/react-query';
import type { DescuentoDecidido } from '@tablero/domain';
import { formatearPorcentaje } from '@/lib/formato';
import { notificarAviso, notificarExito } from '@/lib/notificaciones';
import { leerTienda } from '@/lib/sesion';
import { getDescuento } from '../api/get-descuento';
import { clavesDescuentos } from '../api/claves';
import { useDescuentoDecidido } from '../tiempo-real';

/** What the notice says about the request: its product when it can be read (a request of the selected store). */
async function descripcion(decision: DescuentoDecidido): Promise<string> {
  const porcentaje = formatearPorcentaje(decision.porcentaje_descuento);
  if (leerTienda()?.codigo_tienda === decision.codigo_tienda) {
    try {
      const descuento = await getDescuento(decision.id, { silencioso: true });
      return `${porcentaje} en ${descuento.nombre_producto} (${descuento.nombres_cliente} ${descuento.apellidos_cliente})`;
    } catch {
      // The notice still goes out, without the product.
    }
  }
  return `${porcentaje} solicitado en la tienda ${decision.codigo_tienda}`;
}

/**
 * Mounted once by the frame: when an approver decides one of the user's discount requests, a notice says so on
 * whatever screen the seller is, and the feature's queries read again.
 */
export function AvisosDescuentos() {
  const queryClient = useQueryClient();
  useDescuentoDecidido((decision) => {
    void queryClient.invalidateQueries({ queryKey: clavesDescuentos.todas });
    void descripcion(decision).then((texto) => {
      if (decision.aprobado) notificarExito(`${texto}. Aprobado por ${decision.nombre_aprobador}`, 'Descuento aprobado');
      else notificarAviso(`${texto}. Rechazado por ${decision.nombre_aprobador}`, 'Descuento rechazado');
    });
  });
  return null;
}
