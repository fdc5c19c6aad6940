import { Fragment } from 'react';
import { Table, Text } from '@mantine/core';
import type { FormaPagoTienda } from '@tablero/domain';
import { FilaEstadoLista } from '@/components/tabla-paginada';
import { InsigniaSinDinero } from '@/features/cierre-mes';
import { agruparPorTienda, etiquetaDeTienda, type TotalTienda } from '../cuadre-caja.logica';
import { formatearMonedaLista } from '@/lib/formato';


interface FormasPagoTiendasProps {
  formas: readonly FormaPagoTienda[] | undefined;
  tiendas: readonly TotalTienda[] | undefined;
  cargando: boolean;
  error: boolean;
}

/**
 * The day's billed sales by payment method, one block per store (spec 002 §2.9): every method is listed; credit and
 * advance are marked 'No ingresa dinero' (the day total leaves them out).
 */
export function FormasPagoTiendas({ formas, tiendas, cargando, error }: FormasPagoTiendasProps) {
  const grupos = agruparPorTienda(formas ?? [], tiendas ?? []);
  const sinFilas = (formas ?? []).length === 0;
  return (
    <Table aria-label="Formas de pago por tienda" aria-busy={cargando} withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Forma de pago</Table.Th>
          <Table.Th w={130} ta="right">
            Valor pagado
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sinFilas ? (
          <FilaEstadoLista columnas={2} cargando={cargando} error={error} />
        ) : (
          grupos.map((grupo) => (
            <Fragment key={grupo.codigo_tienda}>
              <Table.Tr bg="gray.1" data-tienda={grupo.codigo_tienda}>
                <Table.Td colSpan={2}>
                  <Text size="xs" fw={700}>
                    {etiquetaDeTienda(grupo)}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {grupo.formas.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text size="xs" c="dimmed">
                      Sin ventas en el día
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                grupo.formas.map((forma) => (
                  <Table.Tr key={forma.forma_pago_id} data-tienda={grupo.codigo_tienda} data-forma-pago={forma.forma_pago_id} data-ingresa-dinero={forma.ingresa_dinero}>
                    <Table.Td pl="md">
                      {forma.nombre_forma_pago}
                      {forma.ingresa_dinero ? null : <InsigniaSinDinero />}
                    </Table.Td>
                    <Table.Td ta="right" c={forma.ingresa_dinero ? undefined : 'dimmed'}>
                      {formatearMonedaLista(forma.valor_pagado)}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Fragment>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
