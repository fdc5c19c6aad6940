import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconSpeakerphone, IconTruckDelivery } from '@tabler/icons-react';
import type { DetalleDespacho } from '@tablero/domain';
import { CargaDetalle } from '@/components/carga-detalle';
import { Dato } from '@/components/dato';
import { EnlacePlano } from '@/components/enlace-plano';
import { ModalFormulario, PieCerrar, useCierreModal } from '@/components/modal-formulario';
import { Encabezados, FilaVacia, TablaDetalle, type Encabezado } from '@/components/tabla-detalle';
import { formatearCantidad, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useVentaDespacho } from '../api/despachos';
import { NOMBRES_ESTADO_TURNO, nombreCompleto, urlPlanos } from '../despachos.logica';
import { RealizarDespachoModal } from './realizar-despacho-modal';

/** The sale's lines as dispatch sees them (spec 001 Dispatches: the products to hand over and their plans). */
const ENCABEZADOS_LINEAS: Encabezado[] = [
  { titulo: 'Referencia', ancho: 130 },
  { titulo: 'Producto' },
  { titulo: 'Cantidad', ancho: 90, alineacion: 'right' },
  { titulo: 'Total', ancho: 130, alineacion: 'right' },
  { titulo: 'Planos', ancho: 80 },
];

/** The turn's colours by state, on this dialog and the list. */
export const COLOR_ESTADO_TURNO = { en_cola: 'yellow', en_proceso: 'blue', despachado: 'green', retirado: 'gray' } as const;

interface DetalleDespachoModalProps {
  /** The sale shown; none: the dialog is closed. */
  ventaId: number | null;
  onCerrar: () => void;
  /** Llamar turno from the dialog (a waiting turn): the screen calls it, as from its row. */
  onLlamar: (ventaId: number) => void;
  llamando: boolean;
}

/**
 * The dispatch dialog (spec 001 Dispatches screen): the sale's header (date, state, payment type, gross total,
 * observation), its lines (reference, name, quantity, total, plan link), the total, the turn (who called it, which
 * messenger took it) and, while the sale is not dispatched, 'Realizar despacho'. Read through GET despachos/venta, so
 * opening it never calls the turn; Llamar turno is its own button.
 */
export function DetalleDespachoModal({ ventaId, onCerrar, onLlamar, llamando }: DetalleDespachoModalProps) {
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onCerrar} titulo={`Despacho de la venta No. ${ventaId ?? ''}`} size={960} soloLectura>
      {ventaId !== null ? <Detalle key={ventaId} ventaId={ventaId} onLlamar={onLlamar} llamando={llamando} /> : null}
    </ModalFormulario>
  );
}

function Detalle({ ventaId, onLlamar, llamando }: { ventaId: number; onLlamar: (ventaId: number) => void; llamando: boolean }) {
  const consulta = useVentaDespacho(ventaId);
  const cierre = useCierreModal();
  const [despachando, setDespachando] = useState(false);
  const turno = consulta.data?.turno ?? null;
  const activo = turno !== null && (turno.estado === 'en_cola' || turno.estado === 'en_proceso');

  const pie = (
    <PieCerrar>
      {turno?.estado === 'en_cola' ? (
        <Button variant="light" leftSection={<IconSpeakerphone size={16} />} loading={llamando} onClick={() => onLlamar(ventaId)}>
          Llamar turno
        </Button>
      ) : null}
      {activo ? (
        <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => setDespachando(true)}>
          Realizar despacho
        </Button>
      ) : null}
    </PieCerrar>
  );

  const cuerpo: ReactNode =
    consulta.isPending || consulta.isError ? (
      <CargaDetalle texto="la venta" error={consulta.isError} reintentando={consulta.isFetching} onReintentar={() => void consulta.refetch()} />
    ) : (
      <>
        <Encabezado detalle={consulta.data} />
        <Lineas detalle={consulta.data} />
      </>
    );

  return (
    <Stack gap="md">
      {cuerpo}
      {pie}
      <RealizarDespachoModal ventaId={despachando ? ventaId : null} onCerrar={() => setDespachando(false)} onDespachado={() => cierre?.cerrar()} />
    </Stack>
  );
}

function Encabezado({ detalle }: { detalle: DetalleDespacho }) {
  const { venta, turno } = detalle;
  return (
    <Paper withBorder p="sm" radius="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Dato etiqueta="Turno">
          {turno ? (
            <Group gap={6} wrap="nowrap">
              <Text span fw={700}>
                {turno.numero_turno}
              </Text>
              <Badge size="sm" radius="sm" variant="light" color={COLOR_ESTADO_TURNO[turno.estado]}>
                {NOMBRES_ESTADO_TURNO[turno.estado]}
              </Badge>
            </Group>
          ) : (
            'Sin turno'
          )}
        </Dato>
        <Dato etiqueta="Fecha venta">{formatearFechaHora(venta.fecha_venta)}</Dato>
        <Dato etiqueta="Estado venta">{venta.nombre_estado_venta}</Dato>
        <Dato etiqueta="Tipo de pago">{venta.nombre_tipo_pago}</Dato>
        <Dato etiqueta="Cliente">{`${venta.numero_documento_tercero} · ${nombreCompleto(venta)}`}</Dato>
        <Dato etiqueta="Vendedor">{venta.nombre_vendedor}</Dato>
        <Dato etiqueta="Total bruto">{formatearMoneda(venta.total_venta_bruta)}</Dato>
        <Dato etiqueta="Observación">{venta.observacion_venta}</Dato>
        {turno ? (
          <>
            <Dato etiqueta="Despachador">{turno.nombre_despachador}</Dato>
            <Dato etiqueta="Llamado">{formatearFechaHora(turno.fecha_llamado)}</Dato>
            <Dato etiqueta="Mensajero">{turno.nombre_mensajero}</Dato>
            <Dato etiqueta="Fecha despacho">{formatearFechaHora(turno.fecha_despacho)}</Dato>
            {turno.observacion_despacho ? <Dato etiqueta="Observación despacho">{turno.observacion_despacho}</Dato> : null}
          </>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}

function Lineas({ detalle }: { detalle: DetalleDespacho }) {
  return (
    <TablaDetalle etiqueta="Productos de la venta" anchoMinimo={640} altoMaximo={300}>
      <Encabezados columnas={ENCABEZADOS_LINEAS} />
      <Table.Tbody>
        {detalle.detalle_venta.length === 0 ? (
          <FilaVacia columnas={5}>La venta no tiene productos</FilaVacia>
        ) : (
          detalle.detalle_venta.map((linea) => {
            const planos = urlPlanos(linea.response_lepton);
            return (
              <Table.Tr key={linea.item}>
                <Table.Td>
                  <Text ff="monospace" fz="xs">
                    {linea.referencia}
                  </Text>
                </Table.Td>
                <Table.Td>{linea.nombre_producto}</Table.Td>
                <Table.Td ta="right">{formatearCantidad(Number(linea.cantidad_vendida))}</Table.Td>
                <Table.Td ta="right">{formatearMoneda(linea.valor_total)}</Table.Td>
                <Table.Td>
                  {planos ? <EnlacePlano url={planos} referencia={linea.referencia} /> : null}
                </Table.Td>
              </Table.Tr>
            );
          })
        )}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3} ta="right">
            Total
          </Table.Th>
          <Table.Th ta="right">{formatearMoneda(detalle.venta.total_venta_bruta)}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </TablaDetalle>
  );
}
