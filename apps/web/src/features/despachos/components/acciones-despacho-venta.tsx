import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconTruckDelivery, IconTruckLoading } from '@tabler/icons-react';
import { ESTADOS_VENTA, type FacturaDetalle } from '@tablero/domain';
import { useAccionConfirmada } from '@/components/accion-confirmada';
import { usePasarADespacho } from '../api/despachos';
import { RealizarDespachoModal } from './realizar-despacho-modal';

/** Sale states that may be dispatched: billed, and billed without sending. */
const DESPACHABLES: readonly number[] = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];

/**
 * The sale detail's dispatch buttons (spec 000 §2.7): 'Pasar a despacho' for a billed sale without a turn (none, or
 * withdrawn), which gives it one; 'Despachar orden' for one whose turn waits or was called, which opens Realizar
 * despacho. `onCambio` reads the detail again afterwards.
 */
export function AccionesDespachoVenta({ detalle, onCambio }: { detalle: FacturaDetalle; onCambio: () => void }) {
  const ventaId = detalle.ventas_encabezado.id;
  const pasar = usePasarADespacho();
  const ejecutar = useAccionConfirmada();
  const [despachando, setDespachando] = useState(false);
  const estado = detalle.despacho?.estado ?? null;

  if (!DESPACHABLES.includes(detalle.ventas_encabezado.estado_venta_id)) return null;
  if (estado === null || estado === 'retirado') {
    return (
      <Button
        variant="light"
        leftSection={<IconTruckLoading size={16} />}
        loading={pasar.isPending}
        onClick={() =>
          void ejecutar(
            { titulo: 'Pasar a despacho', mensaje: `La venta No.${ventaId} recibirá un turno de despacho. ¿Desea continuar?`, aceptar: 'Pasar a despacho' },
            async () => {
              const mensaje = await pasar.mutateAsync(ventaId);
              onCambio();
              return mensaje;
            },
          )
        }
      >
        Pasar a despacho
      </Button>
    );
  }
  if (estado === 'en_cola' || estado === 'en_proceso') {
    return (
      <>
        <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => setDespachando(true)}>
          Despachar orden
        </Button>
        <RealizarDespachoModal ventaId={despachando ? ventaId : null} onCerrar={() => setDespachando(false)} onDespachado={onCambio} />
      </>
    );
  }
  return null;
}
