import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import { formatearMoneda, formatearNumero } from '@/lib/formato';
import type { BarraInforme } from '../informe-ventas.logica';

interface ContenidoGlobo {
  active?: boolean;
  payload?: readonly { payload?: BarraInforme }[];
}

/** Pesos on the axis, short: '$1.2 M', '$850 mil'. */
function pesosCortos(valor: number): string {
  const absoluto = Math.abs(valor);
  const signo = valor < 0 ? '-' : '';
  if (absoluto >= 1_000_000) return `${signo}$${formatearNumero(absoluto / 1_000_000, 1)} M`;
  if (absoluto >= 1_000) return `${signo}$${formatearNumero(absoluto / 1_000, 0)} mil`;
  return `${signo}$${formatearNumero(absoluto, 0)}`;
}

/**
 * The groups with the highest net before taxes as horizontal bars (the dashboard's chart library, @mantine/charts),
 * their names readable on the left; the card gives the whole name, the net and the margin.
 */
export function GraficoInforme({ barras, titulo }: { barras: BarraInforme[]; titulo: string }) {
  // 28 px a bar, so ten bars and their labels never overlap.
  const alto = Math.max(120, barras.length * 28 + 40);
  return (
    <BarChart
      h={alto}
      data={barras}
      dataKey="etiqueta"
      orientation="vertical"
      series={[{ name: 'neto', label: 'Neto antes de impuestos', color: 'indigo.6' }]}
      gridAxis="y"
      tickLine="none"
      withBarValueLabel
      valueFormatter={pesosCortos}
      maxBarWidth={18}
      yAxisProps={{ width: 150, tickFormatter: (etiqueta: string) => (etiqueta.length <= 20 ? etiqueta : `${etiqueta.slice(0, 19)}…`), interval: 0 }}
      xAxisProps={{ tickFormatter: pesosCortos }}
      barChartProps={{ margin: { right: 64 } }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ active, payload }: ContenidoGlobo) => {
          const barra = active ? payload?.[0]?.payload : undefined;
          if (!barra) return null;
          return (
            <Paper withBorder shadow="sm" px="sm" py={6} radius="sm">
              <Text size="sm" fw={600}>
                {barra.nombre}
              </Text>
              <Text size="sm">Neto antes de impuestos: {formatearMoneda(barra.neto)}</Text>
              <Text size="sm">Margen: {barra.margen === null ? 'Sin costo' : formatearMoneda(barra.margen)}</Text>
            </Paper>
          );
        },
      }}
      role="figure"
      aria-label={titulo}
    />
  );
}
