import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { FormaPagoVentas } from '@tablero/domain';
import { Paginador } from '@/components/paginador';
import type { Columna } from '@/components/tabla-paginada';
import { Encabezados, type Encabezado } from '@/components/tabla-detalle';
import { formatearCantidad, formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { useVentasFormaPago } from '../api/cierre-mes';
import { documentoVenta, nombreCliente, type Mes } from '../cierre-mes.logica';
import { InsigniaPlataforma } from './insignia-plataforma';
import { columnaFormaPago, columnaValorForma } from './columnas-forma-pago';
import { TablaDatos } from './tabla-datos';

/** The sales a payment method paid in the month, each with its detail. */
const ENCABEZADOS_VENTAS: Encabezado[] = [
  { titulo: 'Venta', ancho: 70, alineacion: 'right' },
  { titulo: 'Fecha factura', ancho: 86 },
  { titulo: 'Cliente' },
  { titulo: 'Plataforma', ancho: 120 },
  { titulo: 'Valor pagado', ancho: 110, alineacion: 'right' },
  { titulo: 'Total venta', ancho: 110, alineacion: 'right' },
  { titulo: 'Acciones', ancho: 90, alineacion: 'center' },
];


type TotalForma = FormaPagoVentas;

interface FormasPagoCierreProps {
  codigoTienda: string;
  mes: Mes;
  formas: readonly TotalForma[] | undefined;
  /** The server's total of the methods that bring money (Crédito and Anticipo left out). */
  totalDinero?: number | undefined;
  cargando?: boolean;
  error?: boolean;
  onVerVenta: (ventaId: number) => void;
}

/**
 * Totals by payment method of the month's billed sales (spec 002 §2.8), each expandable to the sales it paid (asked to
 * the server page by page), each sale with its DIAN / SIIGO / Remisión badge and its detail.
 */
export function FormasPagoCierre({ codigoTienda, mes, formas, totalDinero, cargando, error, onVerVenta }: FormasPagoCierreProps) {
  const [abierta, setAbierta] = useState<number | null>(null);

  const columnas: Columna<TotalForma>[] = [
    columnaFormaPago(),
    { titulo: 'Ventas', ancho: 80, alineacion: 'right', celda: (f) => formatearCantidad(f.cantidad_ventas) },
    columnaValorForma('Valor pagado', 140),
  ];

  return (
    <TablaDatos
      etiqueta="Totales por forma de pago"
      filas={formas}
      columnas={columnas}
      claveFila={(f) => f.forma_pago_id}
      cargando={cargando}
      error={error}
      pie={totalDinero === undefined ? undefined : ['Dinero recibido (sin Crédito ni Anticipo)', '', <span key="total">{formatearMonedaLista(totalDinero)}</span>]}
      atributosFila={(f) => ({ 'data-forma-pago': String(f.forma_pago_id) })}
      expandir={{
        etiqueta: (f) => `Ver ventas de ${f.nombre_forma_pago}`,
        abierta: (f) => abierta === f.forma_pago_id,
        alternar: (f) => setAbierta((actual) => (actual === f.forma_pago_id ? null : f.forma_pago_id)),
        contenido: (f) => <VentasDeForma key={`${mes}-${f.forma_pago_id}`} codigoTienda={codigoTienda} mes={mes} forma={f} onVerVenta={onVerVenta} />,
      }}
    />
  );
}

function VentasDeForma({ codigoTienda, mes, forma, onVerVenta }: { codigoTienda: string; mes: Mes; forma: TotalForma; onVerVenta: (ventaId: number) => void }) {
  const [pagina, setPagina] = useState(1);
  const consulta = useVentasFormaPago(codigoTienda, mes, forma.forma_pago_id, pagina);
  const ventas = consulta.data?.data ?? [];

  let estado: string | null = null;
  if (consulta.isPending) estado = 'Cargando…';
  else if (consulta.isError) estado = 'No se pudo cargar la lista.';
  else if (ventas.length === 0) estado = 'No se encontraron datos';

  return (
    <>
      <Table
        aria-label={`Ventas de ${forma.nombre_forma_pago}`}
        aria-busy={consulta.isFetching}
        withTableBorder
        withColumnBorders
        verticalSpacing={2}
        horizontalSpacing="xs"
        fz="xs"
        bg="white"
        style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}
      >
        <Encabezados columnas={ENCABEZADOS_VENTAS} />
        <Table.Tbody>
          {estado ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text size="xs" c={consulta.isError ? 'red.7' : 'dimmed'} ta="center">
                  {estado}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            ventas.map((venta) => (
              <Table.Tr key={venta.id} data-venta={venta.id}>
                <Table.Td ta="right">
                  {venta.id}
                  <Text size="xs" c="dimmed" ff="monospace">
                    {documentoVenta(venta)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatearFecha(venta.fecha_factura)}</Table.Td>
                <Table.Td>
                  <Text span size="xs" ff="monospace" c="dimmed">
                    {venta.numero_documento_tercero ?? ''}
                  </Text>{' '}
                  {nombreCliente(venta.nombres_tercero, venta.apellidos_tercero)}
                </Table.Td>
                <Table.Td>
                  <InsigniaPlataforma venta={venta} />
                </Table.Td>
                <Table.Td ta="right">{formatearMonedaLista(venta.valor_pagado)}</Table.Td>
                <Table.Td ta="right">{formatearMonedaLista(venta.total_venta_bruta)}</Table.Td>
                <Table.Td ta="center">
                  <Button size="compact-xs" variant="light" leftSection={<IconEye size={12} />} aria-label={`Detalle de la venta ${venta.id}`} onClick={() => onVerVenta(venta.id)}>
                    Detalle
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {consulta.data && consulta.data.last_page > 1 ? (
        <Group justify="flex-end" mt={4}>
          <Paginador
            pagina={consulta.data.current_page}
            totalPaginas={consulta.data.last_page}
            totalFilas={consulta.data.total}
            filasPorPagina={consulta.data.per_page}
            onCambiar={setPagina}
            deshabilitado={consulta.isFetching}
          />
        </Group>
      ) : null}
    </>
  );
}
