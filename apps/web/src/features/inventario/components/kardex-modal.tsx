import { useState } from 'react';
import { Badge, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { NOMBRES_ESTADO_VENTA, NOMBRES_TIPO_MOVIMIENTO, type MovimientoInventario } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { Encabezados, FilaCompleta, FilaVacia, TablaDetalle } from '@/components/tabla-detalle';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { useReservasProducto } from '@/features/productos';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearCantidad, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useMovimientos, useProductoKardex } from '../api/get-movimientos';

const COLUMNAS: Columna<MovimientoInventario>[] = [
  { titulo: 'Fecha', ancho: 150, celda: (movimiento) => formatearFechaHora(movimiento.fecha) },
  {
    titulo: 'Tipo',
    ancho: 130,
    celda: (movimiento) => (
      <Badge size="sm" variant="light" color={movimiento.cantidad < 0 ? 'orange' : 'teal'} style={{ overflow: 'visible' }} tt="none">
        {NOMBRES_TIPO_MOVIMIENTO[movimiento.tipo_movimiento]}
      </Badge>
    ),
  },
  {
    titulo: 'Cantidad',
    ancho: 90,
    alineacion: 'right',
    celda: (movimiento) => (
      <Text component="span" size="sm" c={movimiento.cantidad < 0 ? 'red.7' : undefined}>
        {movimiento.cantidad > 0 ? `+${formatearCantidad(movimiento.cantidad)}` : formatearCantidad(movimiento.cantidad)}
      </Text>
    ),
  },
  {
    titulo: 'Saldo',
    ancho: 90,
    alineacion: 'right',
    celda: (movimiento) => (
      <Text component="span" size="sm" fw={600}>
        {formatearCantidad(movimiento.saldo)}
      </Text>
    ),
  },
  { titulo: 'Costo unitario', ancho: 120, alineacion: 'right', celda: (movimiento) => formatearMoneda(movimiento.costo_unitario) },
  { titulo: 'Motivo', ajustar: true, celda: (movimiento) => movimiento.motivo },
  { titulo: 'Documento', ajustar: true, celda: (movimiento) => movimiento.documento ?? '' },
  { titulo: 'Usuario', ajustar: true, celda: (movimiento) => movimiento.nombre_usuario ?? 'Sistema' },
];

/** A product's stock history in the store (kardex): every movement with its resulting balance. Read-only: Esc closes it. */
export function KardexModal({ productoId, onClose }: { productoId: number | null; onClose: () => void }) {
  return (
    <ModalFormulario opened={productoId !== null} onClose={onClose} titulo="Kárdex del producto" size={1100} soloLectura>
      {productoId !== null ? <Kardex key={productoId} productoId={productoId} /> : null}
    </ModalFormulario>
  );
}

function Kardex({ productoId }: { productoId: number }) {
  // Newest first only: the kardex reads as a ledger, so its columns do not sort; the dialog keeps its own page.
  const lista = useEstadoLista({ enUrl: false });
  const consulta = { page: lista.parametros.page, per_page: lista.parametros.per_page };
  const movimientos = useMovimientos(productoId, consulta);
  const producto = useProductoKardex(productoId, consulta).data;
  const reservas = useReservasProducto(productoId);
  const [pestana, setPestana] = useState<string | null>('movimientos');
  const cuantas = reservas.data?.pedidos.length;
  return (
    <Stack gap="sm">
      {producto ? <Text size="sm" fw={600}>{`${producto.referencia} · ${producto.nombre_producto}`}</Text> : null}
      {/* docs/decisions-reservas.md: reservations are not movements (nothing left the shelf), so they have their own tab. */}
      <Tabs value={pestana} onChange={setPestana} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="movimientos">Movimientos</Tabs.Tab>
          <Tabs.Tab value="reservas">{cuantas === undefined ? 'Reservas' : `Reservas (${cuantas})`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="movimientos" pt="sm">
          <TablaPaginada etiqueta="Movimientos del producto" lista={lista} consulta={movimientos} columnas={COLUMNAS} claveFila={(movimiento) => movimiento.id} anchoMinimo={900} />
        </Tabs.Panel>
        <Tabs.Panel value="reservas" pt="sm">
          <ReservasDelProducto consulta={reservas} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const COLUMNAS_RESERVA = [
  { titulo: 'Pedido', ancho: 110 },
  { titulo: 'Estado', ancho: 150 },
  { titulo: 'Cliente' },
  { titulo: 'Vendedor', ancho: 180 },
  { titulo: 'Cantidad', ancho: 90, alineacion: 'right' as const },
  { titulo: 'Desde', ancho: 150 },
  { titulo: 'Vence', ancho: 150 },
];

/** The orders holding the product in the store, with the product's stock, reserved and available figures. */
function ReservasDelProducto({ consulta }: { consulta: ReturnType<typeof useReservasProducto> }) {
  const datos = consulta.data;
  return (
    <Stack gap="xs">
      {datos ? (
        <Group gap="lg">
          <Text size="sm">{`Existencia: ${formatearCantidad(datos.existencia.cantidad)}`}</Text>
          <Text size="sm" c={datos.existencia.reservado > 0 ? 'orange.9' : undefined} fw={600}>{`Reservado: ${formatearCantidad(datos.existencia.reservado)}`}</Text>
          <Text size="sm" fw={600}>{`Disponible: ${formatearCantidad(datos.existencia.disponible)}`}</Text>
          <Text size="xs" c="dimmed">{`Un pedido reserva durante ${datos.dias_reserva} días desde que se guarda (parámetro DIAS_RESERVA_PEDIDO)`}</Text>
        </Group>
      ) : null}
      <TablaDetalle etiqueta="Pedidos que reservan el producto" anchoMinimo={900} altoMaximo={420}>
        <Encabezados columnas={COLUMNAS_RESERVA} />
        <Table.Tbody>
          {consulta.isPending ? (
            <FilaCompleta columnas={COLUMNAS_RESERVA.length}>Cargando…</FilaCompleta>
          ) : consulta.isError ? (
            <FilaVacia columnas={COLUMNAS_RESERVA.length}>No se pudieron cargar las reservas</FilaVacia>
          ) : datos!.pedidos.length === 0 ? (
            <FilaVacia columnas={COLUMNAS_RESERVA.length}>Ningún pedido reserva este producto</FilaVacia>
          ) : (
            datos!.pedidos.map((pedido) => (
              <Table.Tr key={pedido.venta_id}>
                <Table.Td>{`No. ${pedido.venta_id}`}</Table.Td>
                <Table.Td>{NOMBRES_ESTADO_VENTA[pedido.estado_venta_id as keyof typeof NOMBRES_ESTADO_VENTA] ?? ''}</Table.Td>
                <Table.Td>{pedido.nombre_cliente}</Table.Td>
                <Table.Td>{pedido.nombre_vendedor ?? ''}</Table.Td>
                <Table.Td ta="right">{formatearCantidad(pedido.cantidad)}</Table.Td>
                <Table.Td>{formatearFechaHora(pedido.desde)}</Table.Td>
                <Table.Td>{formatearFechaHora(pedido.vence)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </TablaDetalle>
    </Stack>
  );
}
