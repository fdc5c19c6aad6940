import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TotalesPanel } from '@tablero/domain';

const CONTADORES: { clave: keyof TotalesPanel; etiqueta: string; color: string }[] = [
  { clave: 'total_op', etiqueta: 'Total OP', color: 'blue' },
  { clave: 'total_ov', etiqueta: 'Total OV', color: 'indigo' },
  { clave: 'total_pendientes', etiqueta: 'Total pendientes', color: 'yellow' },
  { clave: 'total_proceso', etiqueta: 'Total proceso', color: 'cyan' },
  { clave: 'total_finalizados', etiqueta: 'Total finalizados', color: 'green' },
];

/** spec 002 §2.17: the five counters of the OPs listed. */
export function PanelContadores({ totales }: { totales: TotalesPanel | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {CONTADORES.map((c) => (
        <Paper key={c.clave} withBorder p="sm" radius="md" style={{ borderLeft: `4px solid var(--mantine-color-${c.color}-6)` }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.etiqueta}
          </Text>
          <Text fz={26} fw={700} data-testid={`panel-${c.clave}`}>
            {totales ? totales[c.clave] : '—'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
