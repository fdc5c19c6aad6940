import { useState } from 'react';
import { Alert, Box, SegmentedControl, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { eventoOrdenProduccion } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { DetalleVenta } from '@/components/ranura-detalle-venta';
import { useTienda } from '@/lib/sesion';
import { useEventoTiempoReal, useReconexion } from '@/lib/tiempo-real';
import { clavesGestionEtapa, useOperarios } from './api/gestion-etapa';
import { GestionEnProceso } from './components/gestion-en-proceso';
import { GestionPendientes, SELECCION_VACIA, type SeleccionPendiente } from './components/gestion-pendientes';
import { RelojPagina } from './components/reloj';

type Modo = 'pendientes' | 'proceso';

/**
 * Gestionar orden producción (spec 002 §2.18; docs/decisions-produccion.md): the shop-floor tablet screen. Etapas pendientes:
 * operator, service, machine and OP stage, then Iniciar etapa. Etapas en proceso: the operator's stage cards with
 * Finalizar etapa, Parar / Continuar and Despiece. The store's production channel
 * (`notification-orden-produccion-{tienda}`) and a reconnection make the lists read again.
 */
export function GestionEtapaPage() {
  const tienda = useTienda();
  const conTienda = tienda !== null;
  const queryClient = useQueryClient();
  const [modo, setModo] = useState<Modo>('pendientes');
  const [seleccion, setSeleccion] = useState<SeleccionPendiente>(SELECCION_VACIA);
  const [operarioProceso, setOperarioProceso] = useState<number | null>(null);
  const [detalle, setDetalle] = useState<number | null>(null);
  const operarios = useOperarios(conTienda);
  // What both modes take: the store's operators and the sale detail they open.
  const deAmbosModos = { operarios: operarios.data, cargandoOperarios: operarios.isLoading, onDetalleVenta: setDetalle };

  // Another operator (or the panel) changed a stage of the store: the stage and machine lists read again.
  const refrescar = () => void queryClient.invalidateQueries({ queryKey: clavesGestionEtapa.todas });
  useEventoTiempoReal(eventoOrdenProduccion(tienda?.codigo_tienda ?? ''), refrescar);
  useReconexion(refrescar);

  const cambiarModo = (nuevo: Modo) => {
    // The operator chosen carries over to the other mode; the rest of the choices start again.
    const operario = modo === 'pendientes' ? seleccion.operarioId : operarioProceso;
    setSeleccion({ ...SELECCION_VACIA, operarioId: operario });
    setOperarioProceso(operario);
    setModo(nuevo);
  };

  return (
    <RelojPagina>
      <Box maw={1280}>
        <EncabezadoPagina titulo="Gestionar orden producción" />
        {!conTienda ? (
          <Alert color="yellow" icon={<IconInfoCircle size={24} />} fz="lg">
            Seleccione una tienda para gestionar sus órdenes de producción
          </Alert>
        ) : (
          <Stack gap="xl">
            <SegmentedControl
              size="xl"
              fullWidth
              value={modo}
              onChange={(valor) => cambiarModo(valor as Modo)}
              data={[
                { value: 'pendientes', label: 'Etapas pendientes' },
                { value: 'proceso', label: 'Etapas en proceso' },
              ]}
              data-testid="gestion-modo"
            />
            {modo === 'pendientes' ? (
              <GestionPendientes {...deAmbosModos} seleccion={seleccion} onSeleccion={setSeleccion} />
            ) : (
              <GestionEnProceso {...deAmbosModos} operarioId={operarioProceso} onOperario={setOperarioProceso} />
            )}
          </Stack>
        )}
        <DetalleVenta ventaId={detalle} onCerrar={() => setDetalle(null)} />
      </Box>
    </RelojPagina>
  );
}
