import { useState } from 'react';
import { Button, Group, Loader, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BASES_CARTERA, COLUMNAS_CARTERA, hoyNegocio, NOMBRES_BASE_CARTERA, type BaseCartera, type BucketsCartera, type CarteraCliente } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { EntradaFecha } from '@/components/entrada-fecha';
import { TEXTO_ERROR_LISTA, TEXTO_SIN_DATOS } from '@/components/tabla-paginada';
import { exportarCartera, useCartera } from '../api/creditos';
import { formatearMonedaLista } from '@/lib/formato';

const BUCKETS = ['corriente', 'dias_1_30', 'dias_31_60', 'dias_61_90', 'mas_90', 'total'] as const satisfies readonly (keyof BucketsCartera)[];
const BASES = BASES_CARTERA.map((base) => ({ value: base, label: NOMBRES_BASE_CARTERA[base] }));


interface CarteraEdadesProps {
  /** The credits screen's customer filter (0: Todos). */
  clienteId: number;
}

/**
 * 'Cartera por edades' (beyond the spec, docs/decisions-creditos.md): what every customer owes at the cut-off date, by days past
 * the invoice date of each pending sale, or past its due date (docs/decisions-factura-electronica.md, "Venta a
 * crédito") (corriente, 1–30, 31–60, 61–90, más de 90), and the totals; Exportar downloads the server's .xlsx of the
 * same figures. The whole set is one answer (one row per customer with pending credit).
 */
export function CarteraEdades({ clienteId }: CarteraEdadesProps) {
  const hoy = hoyNegocio();
  const [fechaCorte, setFechaCorte] = useState(hoy);
  const [base, setBase] = useState<BaseCartera>('factura');
  const consulta = useCartera({ fecha_corte: fechaCorte, cliente_id: clienteId, base });
  const exportar = useMutation({ mutationFn: exportarCartera });
  const cartera = consulta.data;

  let estado: string | null = null;
  if (consulta.isPending) estado = 'Cargando…';
  else if (consulta.isError) estado = TEXTO_ERROR_LISTA;
  else if (cartera && cartera.clientes.length === 0) estado = TEXTO_SIN_DATOS;

  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="flex-end">
            <EntradaFecha label="Fecha de corte" value={fechaCorte} maxDate={hoy} onChange={(fecha) => setFechaCorte(fecha ?? hoy)} w={170} />
            <SegmentedControl aria-label="Edades" data={BASES} value={base} onChange={(valor) => setBase(valor as BaseCartera)} />
          </Group>
          <Group gap="xs">
            {consulta.isError ? (
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void consulta.refetch()}>
                Reintentar
              </Button>
            ) : null}
            <BotonExportar
              loading={exportar.isPending}
              onClick={() => exportar.mutate({ fecha_corte: fechaCorte, cliente_id: clienteId, base })}
            />
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Cartera por edades" aria-busy={consulta.isFetching} striped highlightOnHover withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>Documento</Table.Th>
                <Table.Th>Cliente</Table.Th>
                {BUCKETS.map((bucket) => (
                  <Table.Th key={bucket} w={120} ta="right">
                    {COLUMNAS_CARTERA[bucket]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {estado ? (
                <Table.Tr>
                  <Table.Td colSpan={2 + BUCKETS.length}>
                    <Group justify="center" py="md" gap="xs">
                      {consulta.isPending ? <Loader size="xs" /> : null}
                      <Text size="sm" c={consulta.isError ? 'red.7' : 'dimmed'}>
                        {estado}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : (
                cartera?.clientes.map((cliente: CarteraCliente) => (
                  <Table.Tr key={cliente.credito_id}>
                    <Table.Td ff="monospace">{cliente.numero_documento}</Table.Td>
                    <Table.Td>{`${cliente.nombres} ${cliente.apellidos}`.trim()}</Table.Td>
                    {BUCKETS.map((bucket) => (
                      <Table.Td key={bucket} ta="right" fw={bucket === 'total' ? 600 : undefined} c={bucket === 'mas_90' && cliente.mas_90 > 0 ? 'red.8' : undefined}>
                        {formatearMonedaLista(cliente[bucket])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            {cartera && cartera.clientes.length > 0 ? (
              <Table.Tfoot>
                <Table.Tr data-testid="totales-cartera">
                  <Table.Th colSpan={2}>Totales</Table.Th>
                  {BUCKETS.map((bucket) => (
                    <Table.Th key={bucket} ta="right">
                      {formatearMonedaLista(cartera.totales[bucket])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
