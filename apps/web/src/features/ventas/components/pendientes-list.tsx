import { useCallback, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCheck, IconListDetails, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TareaPendiente } from '@tablero/domain';
import { PantallaLista } from '@/components/pantalla-lista';
import { TEXTO_SIN_DATOS, type Columna } from '@/components/tabla-paginada';
import { useEstadoLista, type ParametrosLista } from '@/lib/estado-lista';
import { formatearFechaHora } from '@/lib/formato';
import { notificarAviso } from '@/lib/notificaciones';
import { paginarEnCliente } from '@/lib/paginar-en-cliente';
import { clavesVentas } from '../api/claves';
import { getPendientes } from '../api/tareas';
import { CompletarTareaModal } from './completar-tarea-modal';
import { TareasVentaModal } from './tareas-venta-modal';
import { BotonFila } from '@/components/accion-fila';

type OrdenPendiente = 'venta_id' | 'fecha_venta' | 'cliente';

const clienteDe = (tarea: TareaPendiente) => `${tarea.nombres_cliente} ${tarea.apellidos_cliente}`;

const COLUMNAS: Columna<TareaPendiente, OrdenPendiente>[] = [
  { titulo: 'Pedido', orden: 'venta_id', ancho: 90, alineacion: 'right', celda: (tarea) => tarea.venta_id },
  { titulo: 'Fecha pedido', orden: 'fecha_venta', ancho: 170, celda: (tarea) => formatearFechaHora(tarea.fecha_venta) },
  { titulo: 'Cliente', orden: 'cliente', ajustar: true, celda: clienteDe },
  { titulo: 'Pendiente', ajustar: true, celda: (tarea) => tarea.descripcion_tarea },
  { titulo: 'Observación', ajustar: true, celda: (tarea) => tarea.observacion_tarea ?? '' },
];

/** The whole list of open tasks, paged, searched and sorted here (the spec's call answers them all). */
function usePendientes(consulta: ParametrosLista<OrdenPendiente>) {
  // Keyed on the values, not the object: `lista.parametros` is a new object on every render, and a new selector
  // would cut the page again each time.
  const { page, per_page, query, orden, direccion } = consulta;
  const seleccionar = useCallback(
    (todas: TareaPendiente[]) =>
      paginarEnCliente(todas, { page, per_page, ...(query ? { query } : {}), ...(orden ? { orden, direccion: direccion ?? 'asc' } : {}) }, {
        textos: (tarea) => [String(tarea.venta_id), clienteDe(tarea), tarea.descripcion_tarea, tarea.observacion_tarea],
        columnas: { venta_id: (tarea) => tarea.venta_id, fecha_venta: (tarea) => tarea.fecha_venta, cliente: clienteDe },
        desempate: (tarea) => tarea.id,
      }),
    [page, per_page, query, orden, direccion],
  );
  return useQuery({ queryKey: clavesVentas.pendientes(), queryFn: ({ signal }) => getPendientes(signal), staleTime: 0, select: seleccionar });
}

/** Pendientes (spec 000 §2.16): the store's open tasks, with complete and detail per row, and a reload. */
export function PendientesList() {
  const lista = useEstadoLista<OrdenPendiente>();
  const consulta = usePendientes(lista.parametros);
  const [completar, setCompletar] = useState<TareaPendiente | null>(null);
  const [detalle, setDetalle] = useState<number | null>(null);

  // spec 000 §8: an empty list also says so in a warning, once per load (a reload that finds nothing says it again).
  const { dataUpdatedAt } = consulta;
  const vacia = consulta.data?.total === 0 && !lista.query;
  useEffect(() => {
    if (vacia && dataUpdatedAt) notificarAviso(TEXTO_SIN_DATOS);
  }, [vacia, dataUpdatedAt]);

  return (
    <PantallaLista
      titulo="Pendientes"
      descripcion="Tareas abiertas de los pedidos de la tienda."
      accionesEncabezado={
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void consulta.refetch()} loading={consulta.isFetching}>
          Recargar
        </Button>
      }
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(tarea) => tarea.id}
      buscador={{ placeholder: 'Pedido, cliente o descripción' }}
      anchoMinimo={900}
      acciones={{
        ancho: 210,
        celda: (tarea) => (
          <>
            <BotonFila icono={IconCheck} color="teal" onClick={() => setCompletar(tarea)} aria-label={`Completar tarea del pedido ${tarea.venta_id}`}>
              Completar
            </BotonFila>
            <BotonFila icono={IconListDetails} onClick={() => setDetalle(tarea.venta_id)} aria-label={`Detalle tareas del pedido ${tarea.venta_id}`}>
              Detalle
            </BotonFila>
          </>
        ),
      }}
    >
      <CompletarTareaModal opened={completar !== null} tarea={completar} onClose={() => setCompletar(null)} />
      <TareasVentaModal ventaId={detalle} onClose={() => setDetalle(null)} />
    </PantallaLista>
  );
}
