import { useState, type ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { formatearFecha, formatearFechaHora } from '@/lib/formato';
import { AccionFila } from './accion-fila';
import { PieCerrar } from './modal-formulario';
import { DetalleVenta } from './ranura-detalle-venta';
import { TablaPaginada, type TablaPaginadaProps } from './tabla-paginada';

/*
 * The history dialog of a customer's ledger: its advances (spec 002 §2.7) and a credit's movements (spec 002 §2.2).
 * Both ledgers keep every movement (nothing in a ledger is deleted, docs/decisions-creditos.md), so both histories
 * read the same way: the business date with the moment it was recorded, the type with what happened to it since,
 * annulled movements marked in place, a sale's detail from its row, and Cerrar.
 */

/**
 * A ledger movement's type in a history (advances, a credit's movements), with the red badge of what happened to it
 * since ('Anulado', 'Devuelto'); no badge when `marca` is null.
 */
export function TipoMovimiento({ nombre, marca }: { nombre: string; marca: string | null }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span size="sm">
        {nombre}
      </Text>
      {marca ? (
        <Badge size="xs" color="red" variant="light">
          {marca}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A movement's business date, with the moment it was recorded as its tooltip (a movement may be dated before). */
export function FechaMovimiento({ fecha, registrado }: { fecha: string; registrado: string }) {
  return <span title={`Registrado ${formatearFechaHora(registrado)}`}>{formatearFecha(fecha)}</span>;
}

/** A row's button that opens the sale's detail dialog ('Detalle venta 12'). */
export type BotonDetalleVenta = (ventaId: number) => ReactNode;

/** The paged table's own props, passed to it as they are; the table's name is the dialog's title without the customer. */
interface HistorialMovimientosProps<T extends { anulado: boolean }> extends Pick<TablaPaginadaProps<T, string>, 'etiqueta' | 'lista' | 'consulta' | 'columnas' | 'anchoMinimo'> {
  /** Above the table: the balance, or the history's filters. */
  encabezado: ReactNode;
  /** The movement's type id, the row's `data-tipo` (the journeys find a movement by it). */
  tipo: (movimiento: T) => number;
  /** The row's buttons; `detalleVenta` gives the one that opens a sale's detail (the dialog lives here). */
  acciones: { ancho: number; celda: (movimiento: T, detalleVenta: BotonDetalleVenta) => ReactNode };
  /** The dialogs the row's other buttons open (annul, pay). */
  children?: ReactNode;
}

/**
 * The body of a ledger's history dialog: the header, the paged movements with the annulled ones marked in place and
 * each row's type in `data-tipo`, Cerrar, and the sale detail a row opens (through the frame's slot, so no feature
 * imports ventas).
 */
export function HistorialMovimientos<T extends { anulado: boolean }>({ encabezado, tipo, acciones, children, ...tabla }: HistorialMovimientosProps<T>) {
  const [detalle, setDetalle] = useState<number | null>(null);
  const detalleVenta: BotonDetalleVenta = (ventaId) => (
    <AccionFila etiqueta={`Detalle venta ${ventaId}`} onClick={() => setDetalle(ventaId)}>
      <IconEye size={16} />
    </AccionFila>
  );
  return (
    <Stack gap="sm">
      {encabezado}
      <TablaPaginada
        {...tabla}
        anulada={(movimiento) => movimiento.anulado}
        atributosFila={(movimiento) => ({ 'data-tipo': String(tipo(movimiento)) })}
        acciones={{ ancho: acciones.ancho, celda: (movimiento) => acciones.celda(movimiento, detalleVenta) }}
      />
      <PieCerrar />
      {children}
      <DetalleVenta ventaId={detalle} onCerrar={() => setDetalle(null)} />
    </Stack>
  );
}
