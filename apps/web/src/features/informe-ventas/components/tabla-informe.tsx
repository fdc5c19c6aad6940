import { Table, Text } from '@mantine/core';
import { ETIQUETAS_AGRUPACION, SIN_UNIDAD, type AgrupacionInformeVentas, type CifrasInformeVentas, type FilaInformeVentas } from '@tablero/domain';
import { Encabezados, FilaVacia, type Encabezado } from '@/components/tabla-detalle';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { notaSinCosto, textoMargen } from '../informe-ventas.logica';

/** The margin cell: the figure and percent, or 'Sin costo'; the part without a cost under it. */
function Margen({ cifras }: { cifras: CifrasInformeVentas }) {
  const nota = notaSinCosto(cifras);
  return (
    <>
      <Text size="sm" c={cifras.margen === null ? 'dimmed' : undefined}>
        {textoMargen(cifras)}
      </Text>
      {nota ? (
        <Text size="xs" c="dimmed">
          {nota}
        </Text>
      ) : null}
    </>
  );
}

/** The money columns of a row (a group's or the totals'). */
function Cifras({ cifras, agrupar }: { cifras: CifrasInformeVentas; agrupar: AgrupacionInformeVentas }) {
  return (
    <>
      <Table.Td ta="right">{formatearCantidad(cifras.ventas)}</Table.Td>
      <Table.Td ta="right">{formatearMoneda(cifras.subtotal_facturado)}</Table.Td>
      <Table.Td ta="right" c={cifras.subtotal_devuelto !== 0 ? 'red.8' : undefined}>
        {cifras.subtotal_devuelto !== 0 ? `-${formatearMoneda(cifras.subtotal_devuelto)}` : formatearMoneda(0)}
      </Table.Td>
      <Table.Td ta="right" fw={600}>
        {formatearMoneda(cifras.subtotal)}
      </Table.Td>
      <Table.Td ta="right">{formatearMoneda(cifras.total)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Margen cifras={cifras} />
      </Table.Td>
      {agrupar === 'vendedor' ? <Table.Td ta="right">{formatearMoneda(cifras.comision ?? 0)}</Table.Td> : null}
    </>
  );
}

/**
 * Every group of the report with its money, the totals' row at the foot. Quantity only per product (one unit each,
 * docs/decisions-reportes-dinero.md "Una unidad por cifra"). Taxes are the difference of net and total here (the card
 * and the .xlsx give them): one column less keeps the seller's commission in sight at 1366 × 768.
 */
export function TablaInforme({ agrupar, filas, totales }: { agrupar: AgrupacionInformeVentas; filas: FilaInformeVentas[]; totales: CifrasInformeVentas }) {
  const porProducto = agrupar === 'producto';
  const columnas: Encabezado[] = [
    { titulo: ETIQUETAS_AGRUPACION[agrupar] },
    ...(porProducto ? [{ titulo: 'Cantidad', alineacion: 'right' as const }] : []),
    { titulo: 'Ventas', alineacion: 'right' },
    { titulo: 'Facturado', alineacion: 'right' },
    { titulo: 'Anulado y devuelto', alineacion: 'right' },
    { titulo: 'Neto antes de impuestos', alineacion: 'right' },
    { titulo: 'Total con impuestos', alineacion: 'right' },
    { titulo: 'Margen', alineacion: 'right' },
    ...(agrupar === 'vendedor' ? [{ titulo: 'Comisión', alineacion: 'right' as const }] : []),
  ];
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label={`Ventas por ${ETIQUETAS_AGRUPACION[agrupar].toLowerCase()}`} striped highlightOnHover withTableBorder verticalSpacing={4} fz="sm" data-testid="tabla-informe">
        <Encabezados columnas={columnas} />
        <Table.Tbody>
          {filas.length === 0 ? (
            <FilaVacia columnas={columnas.length} py="md">
              No hay ventas en el rango elegido
            </FilaVacia>
          ) : (
            filas.map((fila) => (
              <Table.Tr key={fila.clave ?? 'sin-clave'} data-testid="fila-informe">
                <Table.Td>
                  <Text size="sm">{fila.nombre}</Text>
                  {fila.referencia ? (
                    <Text size="xs" c="dimmed">
                      {fila.referencia}
                    </Text>
                  ) : null}
                </Table.Td>
                {porProducto ? (
                  <Table.Td ta="right">
                    {formatearCantidad(fila.cantidad)}
                    <Text size="xs" c="dimmed">
                      {fila.unidad ?? SIN_UNIDAD}
                    </Text>
                  </Table.Td>
                ) : null}
                <Cifras cifras={fila} agrupar={agrupar} />
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {filas.length > 0 ? (
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="fila-total">
              <Table.Td>Total</Table.Td>
              {porProducto ? <Table.Td /> : null}
              <Cifras cifras={totales} agrupar={agrupar} />
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
