import { Badge, Group, Progress, Table, Text } from '@mantine/core';
import type { SuspensionMotivo } from '@tablero/domain';
import { formatearDuracion } from '@/lib/formato';
import { proporcionesMotivos } from '../indicadores.logica';
import { Encabezado, EstadoTabla } from './indicadores-tabla';

/**
 * The stops made in the range by reason, longest total first: how many (those still stopped, counted until now, are
 * marked), their total time, and a bar of that total against the longest one, so the table reads as a bar chart.
 */
export function SuspensionesPorMotivo({ motivos, cargando, textoVacio }: { motivos: readonly SuspensionMotivo[] | undefined; cargando: boolean; textoVacio: string }) {
  const lista = motivos ?? [];
  const proporciones = proporcionesMotivos(lista);
  return (
    <Table aria-label="Suspensiones por motivo" aria-busy={cargando} withTableBorder withColumnBorders verticalSpacing={3} horizontalSpacing="xs" fz="sm">
      <Table.Thead bg="gray.1">
        <Table.Tr>
          <Encabezado>Motivo</Encabezado>
          <Encabezado ancho={76} derecha>
            Cantidad
          </Encabezado>
          <Encabezado ancho={96} derecha>
            Tiempo total
          </Encabezado>
          <Encabezado ancho={120}>
            <span aria-hidden>&nbsp;</span>
          </Encabezado>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lista.length === 0 ? (
          <EstadoTabla columnas={4} cargando={cargando} texto={textoVacio} />
        ) : (
          lista.map((m, n) => (
            <Table.Tr key={m.motivo_suspension_id} data-motivo={m.motivo_suspension_id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" truncate>
                    {m.nombre_tipo_motivo_suspension_produccion}
                  </Text>
                  {m.en_curso > 0 ? (
                    <Badge size="xs" color="orange" variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
                      {m.en_curso} en curso
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{m.suspensiones}</Table.Td>
              <Table.Td ta="right">{formatearDuracion(m.tiempo_suspendido_segundos)}</Table.Td>
              <Table.Td>
                <Progress value={proporciones[n]!} color="orange.6" size="md" radius="xs" aria-label={`Tiempo suspendido por ${m.nombre_tipo_motivo_suspension_produccion}`} />
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
