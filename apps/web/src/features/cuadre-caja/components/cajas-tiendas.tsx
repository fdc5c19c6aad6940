import { Table } from '@mantine/core';
import type { CuadreCajaRespuesta } from '@tablero/domain';
import { FilaEstadoLista } from '@/components/tabla-paginada';
import { formatearMonedaLista } from '@/lib/formato';
import { filasCajas } from '../cuadre-caja.logica';

interface CajasTiendasProps {
  datos: CuadreCajaRespuesta | undefined;
  cargando: boolean;
  error: boolean;
}

/**
 * One drawer per store (docs/decisions-reportes-dinero.md "Una caja por tienda"): each store's money received that day
 * and the cash its own drawer should hold; with two stores or more, their sum last, labelled as a sum.
 */
export function CajasTiendas({ datos, cargando, error }: CajasTiendasProps) {
  const { cajas, suma } = datos ? filasCajas(datos) : { cajas: [], suma: null };
  return (
    <Table aria-label="Caja por tienda" aria-busy={cargando} withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tienda</Table.Th>
          <Table.Th w={170} ta="right">
            Total del día
          </Table.Th>
          <Table.Th w={170} ta="right">
            Efectivo en caja
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cajas.length === 0 ? (
          <FilaEstadoLista columnas={3} cargando={cargando} error={error} />
        ) : (
          cajas.map((caja) => (
            <Table.Tr key={caja.codigo_tienda} data-tienda={caja.codigo_tienda}>
              <Table.Td fw={500}>{caja.etiqueta}</Table.Td>
              <Table.Td ta="right" data-testid={`total-tienda-${caja.codigo_tienda}`}>
                {formatearMonedaLista(caja.total_dia)}
              </Table.Td>
              <Table.Td ta="right" fw={700} c="teal.8" data-testid={`efectivo-tienda-${caja.codigo_tienda}`}>
                {formatearMonedaLista(caja.total_efectivo)}
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
      {suma ? (
        <Table.Tfoot>
          <Table.Tr bg="gray.1">
            <Table.Td c="dimmed">{suma.etiqueta}</Table.Td>
            <Table.Td ta="right" c="dimmed">
              {formatearMonedaLista(suma.total_dia)}
            </Table.Td>
            <Table.Td ta="right" c="dimmed" data-testid="total-efectivo">
              {formatearMonedaLista(suma.total_efectivo)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      ) : null}
    </Table>
  );
}
