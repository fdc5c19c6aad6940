import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ESTADOS_DESCUENTO, type DescuentoSolicitado, type EstadoDescuento, type OrdenDescuento } from '@tablero/domain';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFechaHora, formatearMoneda, formatearPorcentaje } from '@/lib/formato';
import { useTienda } from '@/lib/sesion';
import { useEventoTiempoReal, useReconexion } from '@/lib/tiempo-real';
import { useDescuentosSolicitados } from '../api/get-descuentos-solicitados';
import { DecidirDescuentoDialog, type DecisionDescuento } from './decidir-descuento-dialog';
import { BotonFila } from '@/components/accion-fila';

/** spec 000 §4.3: the state's badge. */
const ESTADOS: Record<EstadoDescuento, { etiqueta: string; color: string }> = {
  pendiente: { etiqueta: 'Pendiente', color: 'yellow' },
  aprobado: { etiqueta: 'Aprobado', color: 'green' },
  rechazado: { etiqueta: 'Rechazado', color: 'red' },
};

const FILTROS = [
  { value: 'pendiente', label: 'Pendiente' },
  { value: 'aprobado', label: 'Aprobado' },
  { value: 'rechazado', label: 'Rechazado' },
  { value: 'todos', label: 'Todos' },
];

const esEstado = (valor: string | null): valor is EstadoDescuento => (ESTADOS_DESCUENTO as readonly (string | null)[]).includes(valor);

const COLUMNAS: Columna<DescuentoSolicitado, OrdenDescuento>[] = [
  { titulo: 'Fecha solicitud', orden: 'fecha_creacion', ancho: 150, celda: (d) => formatearFechaHora(d.fecha_creacion) },
  {
    titulo: 'Producto',
    orden: 'nombre_producto',
    ajustar: true,
    celda: (d) => (
      <Stack gap={0}>
        <Text size="sm">{d.nombre_producto}</Text>
        <Text size="xs" c="dimmed">
          {d.referencia}
        </Text>
      </Stack>
    ),
  },
  { titulo: 'Cliente', ancho: 170, celda: (d) => `${d.nombres_cliente} ${d.apellidos_cliente}` },
  { titulo: 'Vendedor', orden: 'nombre_vendedor', ajustar: true, celda: (d) => d.nombre_vendedor },
  {
    titulo: 'Subtotal',
    orden: 'sub_total',
    ancho: 150,
    alineacion: 'right',
    celda: (d) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={500}>
          {formatearMoneda(d.sub_total_con_descuento)}
        </Text>
        <Text size="xs" c="dimmed" td="line-through" aria-label={`Subtotal sin descuento ${formatearMoneda(d.sub_total)}`}>
          {formatearMoneda(d.sub_total)}
        </Text>
      </Stack>
    ),
  },
  { titulo: 'Porcentaje', orden: 'porcentaje_descuento', ancho: 110, alineacion: 'right', celda: (d) => formatearPorcentaje(d.porcentaje_descuento) },
  {
    titulo: 'Estado',
    ancho: 140,
    alineacion: 'center',
    celda: (d) => (
      <Stack gap={2} align="center">
        <Badge color={ESTADOS[d.estado].color} variant="light" radius="sm">
          {ESTADOS[d.estado].etiqueta}
        </Badge>
        {d.nombre_aprobador ? (
          <Text size="xs" c="dimmed" title={formatearFechaHora(d.fecha_decision)}>
            {d.nombre_aprobador}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];

/**
 * Requested discounts (spec 000 §2.15, §4.3): the selected store's requests, newest first and paged by the server,
 * filtered by state (in the address, with the list's page); only pending ones offer Aprobar and Rechazar, each after
 * a confirmation, and the list reloads after the decision, and whenever a request of the store is saved or decided
 * elsewhere (realtime `descuentos:pendientes`).
 */
export function DescuentosList() {
  const lista = useEstadoLista<OrdenDescuento>();
  const [parametros, setParametros] = useSearchParams();
  const valorEstado = parametros.get('estado');
  const estado = esEstado(valorEstado) ? valorEstado : undefined;
  const consulta = useDescuentosSolicitados({ ...lista.parametros, ...(estado ? { estado } : {}) });
  // A request saved or decided elsewhere changes the store's count: the list reads again, and after a reconnect too.
  const codigoTienda = useTienda()?.codigo_tienda;
  useEventoTiempoReal('descuentos:pendientes', (datos) => {
    if (datos.codigo_tienda === codigoTienda) void consulta.refetch();
  });
  useReconexion(() => void consulta.refetch());
  const [decision, setDecision] = useState<{ abierta: boolean; actual: DecisionDescuento | null }>({ abierta: false, actual: null });

  const filtrar = (valor: string) =>
    setParametros((actuales) => {
      const siguientes = new URLSearchParams(actuales);
      if (esEstado(valor)) siguientes.set('estado', valor);
      else siguientes.delete('estado');
      // A new filter starts on its first page.
      siguientes.delete('pagina');
      return siguientes;
    });

  return (
    <PantallaLista
      titulo="Descuentos solicitados"
      descripcion="Solicitudes de descuento de los vendedores de la tienda."
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(d) => d.id}
      buscador={{ placeholder: 'Producto, cliente o vendedor' }}
      filtros={<SegmentedControl aria-label="Estado" size="sm" data={FILTROS} value={estado ?? 'todos'} onChange={filtrar} />}
      anchoMinimo={1000}
      atributosFila={(d) => ({ 'data-estado': d.estado })}
      acciones={{
        ancho: 200,
        celda: (d) =>
          d.estado === 'pendiente' ? (
            <Group gap={6} wrap="nowrap">
              <BotonFila
                icono={IconCheck}
                color="green"
                aria-label={`Aprobar descuento de ${d.nombre_producto}`}
                onClick={() => setDecision({ abierta: true, actual: { descuento: d, aprobado: true } })}
              >
                Aprobar
              </BotonFila>
              <BotonFila
                icono={IconX}
                color="red"
                aria-label={`Rechazar descuento de ${d.nombre_producto}`}
                onClick={() => setDecision({ abierta: true, actual: { descuento: d, aprobado: false } })}
              >
                Rechazar
              </BotonFila>
            </Group>
          ) : null,
      }}
    >
      <DecidirDescuentoDialog opened={decision.abierta} onClose={() => setDecision((actual) => ({ ...actual, abierta: false }))} decision={decision.actual} />
    </PantallaLista>
  );
}
