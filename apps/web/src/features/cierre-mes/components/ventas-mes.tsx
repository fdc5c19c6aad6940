import { Button, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { OrdenVentasMes, VentaMesCierre as VentaMes } from '@tablero/domain';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import type { EstadoLista } from '@/lib/estado-lista';
import { formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { useVentasMes } from '../api/cierre-mes';
import { documentoVenta, nombreCliente, type Mes } from '../cierre-mes.logica';
import { InsigniaPlataforma } from './insignia-plataforma';


const clienteDe = (venta: VentaMes) => nombreCliente(venta.nombres_tercero, venta.apellidos_tercero);

const COLUMNAS: Columna<VentaMes, OrdenVentasMes>[] = [
  {
    titulo: 'Venta',
    orden: 'id',
    ancho: 74,
    alineacion: 'right',
    celda: (v) => (
      <>
        {v.id}
        <Text size="xs" c="dimmed" ff="monospace">
          {documentoVenta(v)}
        </Text>
      </>
    ),
  },
  { titulo: 'Fecha factura', orden: 'fecha_factura', ancho: 88, celda: (v) => formatearFecha(v.fecha_factura) },
  {
    titulo: 'Cliente',
    orden: 'cliente',
    ajustar: true,
    celda: (v) => (
      <>
        {clienteDe(v)}
        <Text size="xs" c="dimmed" ff="monospace">
          {v.numero_documento_tercero ?? ''}
        </Text>
      </>
    ),
  },
  { titulo: 'Vendedor', ancho: 100, ajustar: true, celda: (v) => v.nombre_vendedor ?? '' },
  {
    titulo: 'Plataforma',
    ancho: 124,
    celda: (v) => (
      <>
        <InsigniaPlataforma venta={v} />
        <Text size="xs" c="dimmed">
          {v.nombre_tipo_pago}
        </Text>
      </>
    ),
  },
  { titulo: 'IVA', ancho: 88, alineacion: 'right', celda: (v) => formatearMonedaLista(v.total_impuestos) },
  { titulo: 'Total', orden: 'total_venta_bruta', ancho: 104, alineacion: 'right', celda: (v) => <Text span size="sm" fw={600}>{formatearMonedaLista(v.total_venta_bruta)}</Text> },
  {
    titulo: 'Formas de pago',
    ancho: 160,
    celda: (v) => (
      <Stack gap={0}>
        {v.formas_pago.map((forma, indice) => (
          <Text key={`${forma.forma_pago_id}-${indice}`} size="xs" lh={1.35}>
            {`${forma.nombre_forma_pago}: ${formatearMonedaLista(forma.valor_pagado)}`}
          </Text>
        ))}
      </Stack>
    ),
  },
];

interface VentasMesProps {
  codigoTienda: string;
  mes: Mes;
  lista: EstadoLista<OrdenVentasMes>;
  onVerVenta: (ventaId: number) => void;
}

/**
 * The month's billed sales (spec 002 §2.8, §3 Sale month view), each with its badge and its detail: paged, searched
 * and sorted by the server (GET cierre-mes/ventas-mes), a page at a time however many sales the month has.
 */
export function VentasMes({ codigoTienda, mes, lista, onVerVenta }: VentasMesProps) {
  const consulta = useVentasMes(codigoTienda, mes, lista.parametros);
  return (
    <TablaPaginada
      etiqueta="Ventas del mes"
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      buscador={{ placeholder: 'Venta, cliente, documento o vendedor' }}
      anchoMinimo={960}
      atributosFila={(v) => ({ 'data-venta': String(v.id) })}
      acciones={{
        ancho: 96,
        celda: (v) => (
          <Button size="compact-xs" variant="light" leftSection={<IconEye size={12} />} aria-label={`Detalle de la venta ${v.id}`} onClick={() => onVerVenta(v.id)}>
            Detalle
          </Button>
        ),
      }}
    />
  );
}
