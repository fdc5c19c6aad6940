import { useEffect } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import { MENSAJES_ABONO, type AbonoMovimiento, type OrdenAbono, type Tercero } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { notificarAviso } from '@/lib/notificaciones';
import { useAbonosHistorial } from '../api/get-abonos-historial';

interface AbonosHistorialModalProps {
  opened: boolean;
  onClose: () => void;
  tercero: Tercero | null;
}

const COLUMNAS: Columna<AbonoMovimiento, OrdenAbono>[] = [
  { titulo: 'Fecha', orden: 'fecha_inserta', ancho: 170, celda: (movimiento) => formatearFechaHora(movimiento.fecha_inserta) },
  {
    titulo: 'Descripción',
    orden: 'descripcion_abono',
    ajustar: true,
    celda: (movimiento) => (
      <>
        <Badge size="xs" variant="light" color={movimiento.valor_abono > 0 ? 'teal' : 'orange'} mr={6}>
          {movimiento.nombre_tipo_movimiento_abono}
        </Badge>
        {movimiento.descripcion_abono}
        {movimiento.nombre_usuario ? (
          <Text span size="xs" c="dimmed">
            {` · ${movimiento.nombre_usuario}`}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    titulo: 'Valor',
    orden: 'valor_abono',
    ancho: 150,
    alineacion: 'right',
    celda: (movimiento) => (
      <Text span size="sm" c={movimiento.valor_abono < 0 ? 'red' : undefined}>
        {formatearMoneda(movimiento.valor_abono)}
      </Text>
    ),
  },
  { titulo: 'Saldo', orden: 'saldo_abono', ancho: 150, alineacion: 'right', celda: (movimiento) => formatearMoneda(movimiento.saldo_abono) },
];

/**
 * Abono history: an extra-large read-only dialog (Esc closes it) titled with the person's names, with search, sortable
 * Fecha/Descripción/Valor/Saldo, page size and paging (spec 001).
 */
export function AbonosHistorialModal({ opened, onClose, tercero }: AbonosHistorialModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo={tercero ? `${tercero.nombres} ${tercero.apellidos}` : 'Historial de abonos'} size="xl" soloLectura>
      {tercero ? <Historial key={tercero.id} tercero={tercero} onClose={onClose} /> : null}
    </ModalFormulario>
  );
}

function Historial({ tercero, onClose }: { tercero: Tercero; onClose: () => void }) {
  // A list inside a dialog: its search, page and sort live here, not in the screen's address.
  const lista = useEstadoLista<OrdenAbono>({ enUrl: false });
  const consulta = useAbonosHistorial({ terceroId: tercero.id, ...lista.parametros });
  const datos = consulta.data;

  // spec 001 §5: when the history is empty (no movements at all) the modal closes with 'No se encontraron datos'.
  // Decided only on an answer fetched for this opening: a cached empty page from an earlier opening
  // (before an abono was recorded) must not close the modal.
  const sinMovimientos =
    datos !== undefined && datos.total === 0 && !lista.query && !consulta.isPlaceholderData && consulta.isFetchedAfterMount && !consulta.isFetching;
  useEffect(() => {
    if (sinMovimientos) {
      notificarAviso(MENSAJES_ABONO.historialVacio);
      onClose();
    }
  }, [sinMovimientos, onClose]);

  return (
    <Stack gap="sm">
      <Text size="sm">
        {'Saldo de abono: '}
        <strong>{formatearMoneda(tercero.saldo_abono)}</strong>
      </Text>
      <TablaPaginada
        etiqueta="Historial de abonos"
        lista={lista}
        consulta={consulta}
        columnas={COLUMNAS}
        buscador={{ placeholder: 'Descripción o valor' }}
        anchoMinimo={700}
      />
    </Stack>
  );
}
