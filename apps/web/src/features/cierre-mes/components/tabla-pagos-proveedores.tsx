import { Stack, Text } from '@mantine/core';
import type { PagoProveedorReporte } from '@tablero/domain';
import type { Columna } from '@/components/tabla-paginada';
import { formatearFecha, formatearMonedaLista, formatearPorcentaje } from '@/lib/formato';
import { TablaDatos } from './tabla-datos';
import { EnlaceDocumento } from '@/components/enlace-documento';


/** A tax of the invoice (IVA, withholding): its amount, and its rate below. */
function columnaConTasa(titulo: string, valor: (p: PagoProveedorReporte) => number, tasa: (p: PagoProveedorReporte) => number): Columna<PagoProveedorReporte> {
  return {
    titulo,
    ancho: 90,
    alineacion: 'right',
    celda: (p) => (
      <>
        {formatearMonedaLista(valor(p))}
        <Text size="xs" c="dimmed">
          {formatearPorcentaje(tasa(p))}
        </Text>
      </>
    ),
  };
}

const COLUMNAS: Columna<PagoProveedorReporte>[] = [
  {
    titulo: 'Proveedor y concepto',
    ajustar: true,
    celda: (p) => (
      <>
        {p.nombre_proveedor ?? ''}
        <Text size="xs" c="dimmed">
          {p.nombre_tipo_concepto ?? ''}
        </Text>
      </>
    ),
  },
  {
    titulo: 'Factura',
    ancho: 104,
    celda: (p) => (
      <>
        <Text span size="sm" ff="monospace">
          {p.codigo_factura ?? ''}
        </Text>
        <Text size="xs" c="dimmed">
          {formatearFecha(p.fecha_factura)}
        </Text>
      </>
    ),
  },
  { titulo: 'Fecha pago', ancho: 88, celda: (p) => formatearFecha(p.fecha_pago) },
  { titulo: 'Valor total', ancho: 96, alineacion: 'right', celda: (p) => formatearMonedaLista(p.valor_total) },
  { titulo: 'Antes de IVA', ancho: 96, alineacion: 'right', celda: (p) => formatearMonedaLista(p.valor_antes_iva) },
  columnaConTasa('IVA', (p) => p.valor_iva, (p) => p.pj_iva),
  columnaConTasa('Retefuente', (p) => p.valor_rte, (p) => p.pj_retefuente),
  { titulo: 'Total a pagar', ancho: 104, alineacion: 'right', celda: (p) => <Text span size="sm" fw={600}>{formatearMonedaLista(p.valor_total_pagar)}</Text> },
  {
    titulo: 'Formas de pago',
    ancho: 190,
    celda: (p) => (
      <Stack gap={2}>
        {p.formas_pago.map((forma, indice) => (
          <Text key={`${forma.forma_pago_id}-${indice}`} size="xs" lh={1.35}>
            {`${forma.nombre_forma_pago}: ${formatearMonedaLista(forma.valor_pagado)}`}
            {forma.codigo_comprobante_pago ? ` · ${forma.codigo_comprobante_pago}` : ''}
            {forma.url_adjunto_comprobante ? (
              <>
                {' · '}
                <EnlaceDocumento url={forma.url_adjunto_comprobante} texto="Ver comprobante" mensajeError="No se pudo abrir el comprobante" size="xs">
                  Comprobante
                </EnlaceDocumento>
              </>
            ) : null}
          </Text>
        ))}
      </Stack>
    ),
  },
];

interface TablaPagosProveedoresProps {
  pagos: readonly PagoProveedorReporte[] | undefined;
  cargando?: boolean;
  error?: boolean;
  /** The server's total to pay of every payment listed (the month's), for the totals row. */
  total?: number | undefined;
}

/**
 * The supplier payments of a month or a day (spec 002 §2.8, §2.9), read-only: concept, supplier, invoice, payment
 * date, the figures of §9 (before IVA, IVA, withholding, to pay) and the methods with their voucher and image link.
 */
export function TablaPagosProveedores({ pagos, cargando, error, total }: TablaPagosProveedoresProps) {
  const pie = total === undefined ? undefined : ['Total', '', '', '', '', '', '', <span key="total">{formatearMonedaLista(total)}</span>, ''];
  return (
    <TablaDatos
      etiqueta="Pagos a proveedores"
      filas={pagos}
      columnas={COLUMNAS}
      claveFila={(p) => p.id}
      cargando={cargando}
      error={error}
      pie={pie}
      atributosFila={(p) => ({ 'data-pago': String(p.id) })}
    />
  );
}
