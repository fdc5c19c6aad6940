import { useState } from 'react';
import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { PagoCreditoLinea, FormaPagoTotal } from '@tablero/domain';
import type { Columna } from '@/components/tabla-paginada';
import { formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { lineasDeForma, nombreCliente } from '../cierre-mes.logica';
import { columnaFormaPago, columnaValorForma } from './columnas-forma-pago';
import { TablaDatos } from './tabla-datos';


const COLUMNAS: Columna<FormaPagoTotal>[] = [
  columnaFormaPago(),
  columnaValorForma('Valor pagado', 130),
];

interface PagosCreditoPorFormaProps {
  formas: readonly FormaPagoTotal[] | undefined;
  lineas: readonly PagoCreditoLinea[] | undefined;
  /** The server's total of every method, for the totals row (none: no totals row). */
  total?: number | undefined;
  cargando?: boolean;
  error?: boolean;
  /** Opens a sale's detail (the payment's sale). */
  onVerVenta?: (ventaId: number) => void;
}

/**
 * Credit payments by payment method (spec 002 §2.8, §2.9), each method expandable to its payment lines: date, sale,
 * customer, amount and voucher. The totals are the server's; the lines are the same payments, one per method used.
 */
export function PagosCreditoPorForma({ formas, lineas, total, cargando, error, onVerVenta }: PagosCreditoPorFormaProps) {
  const [abiertas, setAbiertas] = useState<ReadonlySet<number>>(new Set());
  const alternar = (forma: FormaPagoTotal) =>
    setAbiertas((actuales) => {
      const siguientes = new Set(actuales);
      if (siguientes.has(forma.forma_pago_id)) siguientes.delete(forma.forma_pago_id);
      else siguientes.add(forma.forma_pago_id);
      return siguientes;
    });

  return (
    <TablaDatos
      etiqueta="Abonos a crédito por forma de pago"
      filas={formas}
      columnas={COLUMNAS}
      claveFila={(f) => f.forma_pago_id}
      cargando={cargando}
      error={error}
      pie={total === undefined ? undefined : ['Total abonos', <span key="total">{formatearMonedaLista(total)}</span>]}
      atributosFila={(f) => ({ 'data-forma-pago': String(f.forma_pago_id) })}
      expandir={{
        etiqueta: (f) => `Ver abonos de ${f.nombre_forma_pago}`,
        abierta: (f) => abiertas.has(f.forma_pago_id),
        alternar,
        contenido: (f) => <LineasAbono lineas={lineasDeForma(lineas ?? [], f.forma_pago_id)} nombreForma={f.nombre_forma_pago} onVerVenta={onVerVenta} />,
      }}
    />
  );
}

function LineasAbono({ lineas, nombreForma, onVerVenta }: { lineas: PagoCreditoLinea[]; nombreForma: string; onVerVenta: ((ventaId: number) => void) | undefined }) {
  if (lineas.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center">
        No se encontraron datos
      </Text>
    );
  }
  return (
    <Table aria-label={`Abonos de ${nombreForma}`} withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing="xs" fz="xs" bg="white">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={84}>Fecha</Table.Th>
          <Table.Th w={64} ta="right">
            Venta
          </Table.Th>
          <Table.Th>Cliente</Table.Th>
          <Table.Th w={110} ta="right">
            Valor
          </Table.Th>
          <Table.Th w={110}>Comprobante</Table.Th>
          {onVerVenta ? <Table.Th w={40} aria-label="Detalle" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lineas.map((linea) => (
          <Table.Tr key={`${linea.movimiento_id}-${linea.forma_pago_id}`}>
            <Table.Td>{formatearFecha(linea.fecha_abono)}</Table.Td>
            <Table.Td ta="right">{linea.venta_id ?? ''}</Table.Td>
            <Table.Td>
              <Text span size="xs" ff="monospace" c="dimmed">
                {linea.numero_documento}
              </Text>{' '}
              {nombreCliente(linea.nombres, linea.apellidos)}
            </Table.Td>
            <Table.Td ta="right">{formatearMonedaLista(linea.valor_pagado)}</Table.Td>
            <Table.Td>{linea.codigo_comprobante ?? ''}</Table.Td>
            {onVerVenta ? (
              <Table.Td ta="center">
                {linea.venta_id ? (
                  <Tooltip label="Detalle de la venta" withinPortal>
                    <ActionIcon size="sm" variant="subtle" aria-label={`Detalle de la venta ${linea.venta_id}`} onClick={() => onVerVenta(linea.venta_id as number)}>
                      <IconEye size={14} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
