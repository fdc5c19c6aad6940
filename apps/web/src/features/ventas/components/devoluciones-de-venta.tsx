import { Badge, Stack, Table, Text } from '@mantine/core';
import { TEXTOS_ESTADO_FE } from '@tablero/domain';
import { Encabezados, TablaDetalle, type Encabezado } from '@/components/tabla-detalle';
import { formatearCantidad, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useDevolucionesVenta } from '../api/facturas';
import { partesDevolucion } from './devoluciones-de-venta.logica';
import { COLORES_ESTADO_FE } from './factura-electronica-venta';

const ENCABEZADOS: Encabezado[] = [
  { titulo: 'No.', ancho: 60 },
  { titulo: 'Fecha', ancho: 150 },
  { titulo: 'Productos devueltos' },
  { titulo: 'Total', ancho: 120, alineacion: 'right' },
  { titulo: 'Cómo se devolvió', ancho: 260 },
  { titulo: 'Nota crédito', ancho: 190 },
];

/**
 * The sale's partial returns in its detail: number, date, lines and quantities, total, how it was given back, and its
 * credit note with its DIAN state. Nothing shows for a sale without returns.
 */
export function DevolucionesDeVenta({ ventaId }: { ventaId: number }) {
  const consulta = useDevolucionesVenta(ventaId);
  const devoluciones = consulta.data?.devoluciones ?? [];
  if (devoluciones.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Devoluciones
      </Text>
      <TablaDetalle etiqueta="Devoluciones de la venta" anchoMinimo={900} altoMaximo={240}>
        <Encabezados columnas={ENCABEZADOS} />
        <Table.Tbody>
          {devoluciones.map((d) => (
            <Table.Tr key={d.id} data-devolucion={d.id}>
              <Table.Td>{d.id}</Table.Td>
              <Table.Td>
                {formatearFechaHora(d.fecha)}
                <Text size="xs" c="dimmed">
                  {d.nombre_usuario ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                {d.lineas.map((l) => (
                  <Text key={l.venta_detalle_id} size="sm" lh={1.3}>
                    {`${formatearCantidad(l.cantidad)} × ${l.nombre_producto}`}
                  </Text>
                ))}
                <Text size="xs" c="dimmed">
                  {d.motivo}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatearMoneda(d.valor_total)}</Table.Td>
              <Table.Td>
                {partesDevolucion(d).map((parte) => (
                  <Text key={parte} size="sm" lh={1.3}>
                    {parte}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {d.nota_credito ? (
                  <>
                    <Text size="sm">{d.nota_credito}</Text>
                    {d.estado_nota ? (
                      <Badge size="sm" radius="sm" variant="light" color={COLORES_ESTADO_FE[d.estado_nota]}>
                        {TEXTOS_ESTADO_FE[d.estado_nota]}
                      </Badge>
                    ) : null}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Sin nota (remisión)
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TablaDetalle>
    </Stack>
  );
}
