import { Badge, Stack, Text } from '@mantine/core';
import { NOMBRES_TIPO_MOVIMIENTO, type MovimientoInventario } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
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
  return (
    <Stack gap="sm">
      {producto ? <Text size="sm" fw={600}>{`${producto.referencia} · ${producto.nombre_producto}`}</Text> : null}
      <TablaPaginada etiqueta="Movimientos del producto" lista={lista} consulta={movimientos} columnas={COLUMNAS} claveFila={(movimiento) => movimiento.id} anchoMinimo={900} />
    </Stack>
  );
}
