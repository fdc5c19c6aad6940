import { abrirDocumento } from '@/lib/descargar';
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconBan, IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { TIPO_MOVIMIENTO_ANTICIPO_ANULABLE, type MovimientoAnticipo } from '@tablero/domain';
import { AccionFila } from '@/components/accion-fila';
import { FechaMovimiento, HistorialMovimientos, TipoMovimiento } from '@/components/historial-movimientos';
import { ModalDeCliente } from '@/components/modal-de-cliente';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearMonedaLista } from '@/lib/formato';
import { enlaceFacturaVenta, useMovimientosAnticipo } from '../api/anticipos';
import { AnularAnticipoDialog, type AnticipoAAnular } from './anular-anticipo-dialog';
import type { ClienteAnticipo } from './anticipo-form-modal';

interface AnticiposHistorialModalProps {
  cliente: (ClienteAnticipo & { total_anticipo: number }) | null;
  onCerrar: () => void;
}


/**
 * The advance history of a customer (spec 002 §2.7), a static dialog wide enough for its six columns:
 * consecutive, date, type, description, value and responsible user; Anular on an advance (type 1) not yet annulled; the
 * advance receipt, or for a movement spent on a sale the sale's invoice and detail. Paging.
 */
export function AnticiposHistorialModal({ cliente, onCerrar }: AnticiposHistorialModalProps) {
  return (
    <ModalDeCliente titulo="Historial de anticipos" registro={cliente} onCerrar={onCerrar} size={1000} clave={(c) => c.id}>
      {(c) => <Historial cliente={c} />}
    </ModalDeCliente>
  );
}

/** Opens the sale's invoice once its PDF is here: never an empty tab (docs/decisions.md "Sin red"). */
async function abrirFactura(ventaId: number) {
  try {
    await abrirDocumento(await enlaceFacturaVenta(ventaId));
  } catch {
    // The interceptor already showed why (the sale is of another store, or gone).
  }
}

const COLUMNAS: Columna<MovimientoAnticipo>[] = [
  { titulo: 'Consecutivo', ancho: 100, alineacion: 'right', celda: (m) => m.consecutivo_anticipo ?? '' },
  { titulo: 'Fecha', ancho: 96, celda: (m) => <FechaMovimiento fecha={m.fecha_anticipo} registrado={m.fecha_inserta} /> },
  {
    titulo: 'Tipo',
    ancho: 170,
    celda: (m) => (
      <TipoMovimiento
        nombre={m.nombre_tipo_movimiento_anticipo}
        marca={m.anulado ? (m.tipo_movimiento_anticipo_id === TIPO_MOVIMIENTO_ANTICIPO_ANULABLE ? 'Anulado' : 'Devuelto') : null}
      />
    ),
  },
  {
    titulo: 'Descripción',
    ajustar: true,
    celda: (m) => (
      <Stack gap={0}>
        <Text size="sm" lh={1.35}>
          {m.descripcion_movimiento}
        </Text>
        {m.nombre_forma_pago ? (
          <Text size="xs" c="dimmed" lh={1.35}>
            {m.nombre_forma_pago}
            {m.codigo_comprobante ? ` · ${m.codigo_comprobante}` : ''}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    titulo: 'Valor',
    ancho: 110,
    alineacion: 'right',
    celda: (m) => (
      <Text span size="sm" c={m.valor_movimiento < 0 ? 'red.8' : undefined} td={m.anulado ? 'line-through' : undefined}>
        {formatearMonedaLista(m.valor_movimiento)}
      </Text>
    ),
  },
  { titulo: 'Usuario responsable', ancho: 160, ajustar: true, celda: (m) => m.usuario_inserta ?? '' },
];

function Historial({ cliente }: { cliente: ClienteAnticipo & { total_anticipo: number } }) {
  // A list inside a dialog: its page and size live here.
  const lista = useEstadoLista({ enUrl: false });
  const consulta = useMovimientosAnticipo(cliente.id, { page: lista.pagina, per_page: lista.tamano });
  const [anular, setAnular] = useState<AnticipoAAnular | null>(null);

  return (
    <HistorialMovimientos
      encabezado={
        <Text size="sm">
          {'Saldo de anticipos: '}
          <strong data-testid="saldo-anticipo-historial">{formatearMonedaLista(cliente.total_anticipo)}</strong>
        </Text>
      }
      etiqueta="Historial de anticipos"
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      anchoMinimo={860}
      tipo={(m) => m.tipo_movimiento_anticipo_id}
      acciones={{
        ancho: 130,
        celda: (m, detalleVenta) => (
          <>
            {m.venta_id !== null ? (
              <>
                <AccionFila etiqueta={`Factura venta ${m.venta_id}`} color="gray" onClick={() => void abrirFactura(m.venta_id ?? 0)}>
                  <IconFileInvoice size={16} />
                </AccionFila>
                {detalleVenta(m.venta_id)}
              </>
            ) : m.enlace_documento ? (
              <AccionFila etiqueta={`Recibo anticipo ${m.consecutivo_anticipo ?? ''}`.trim()} color="gray" href={m.enlace_documento}>
                <IconReceipt size={16} />
              </AccionFila>
            ) : null}
            {m.tipo_movimiento_anticipo_id === TIPO_MOVIMIENTO_ANTICIPO_ANULABLE && !m.anulado ? (
              <AccionFila
                etiqueta="Anular"
                color="red"
                onClick={() =>
                  setAnular({ id: m.id, consecutivo_anticipo: m.consecutivo_anticipo, valor_movimiento: m.valor_movimiento, fecha_anticipo: m.fecha_anticipo })
                }
              >
                <IconBan size={16} />
              </AccionFila>
            ) : null}
          </>
        ),
      }}
    >
      <AnularAnticipoDialog anticipo={anular} onCerrar={() => setAnular(null)} />
    </HistorialMovimientos>
  );
}
