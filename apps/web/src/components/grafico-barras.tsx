import type { ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import { etiquetaCorta } from '@/lib/formato';

/** A chart's hover card: what the point is, an optional dimmed note, and its whole figures (the axis shows them short). */
export function GloboGrafico({ titulo, detalle, lineas }: { titulo: string; detalle?: string | undefined; lineas: readonly string[] }) {
  return (
    <Paper withBorder shadow="sm" px="sm" py={6} radius="sm">
      <Text size="sm" fw={600}>
        {titulo}
      </Text>
      {detalle ? (
        <Text size="xs" c="dimmed" maw={260}>
          {detalle}
        </Text>
      ) : null}
      {lineas.map((linea) => (
        <Text key={linea} size="sm">
          {linea}
        </Text>
      ))}
    </Paper>
  );
}

/** What the chart library hands the hover card: the bar under the pointer, if any. */
export interface ContenidoGlobo<T> {
  active?: boolean;
  payload?: readonly { payload?: T }[];
}

/**
 * The top of a ranking as horizontal bars (@mantine/charts), their names readable on the left and cut with '…' past
 * `largoEtiqueta`, the figure at each bar's end: the dashboard's best sellers and the sales report's groups. The height
 * grows with the bars (`altoBarra` px each) so ten bars and their labels never overlap.
 */
export function BarrasHorizontales<T extends object>({
  barras,
  claveEtiqueta,
  serie,
  formato,
  altoBarra,
  anchoEtiquetas,
  largoEtiqueta,
  margenDerecho,
  globo,
  titulo,
}: {
  barras: T[];
  claveEtiqueta: keyof T & string;
  serie: { name: keyof T & string; label: string; color: string };
  formato: (valor: number) => string;
  altoBarra: number;
  anchoEtiquetas: number;
  largoEtiqueta: number;
  margenDerecho: number;
  globo: (barra: T) => ReactNode;
  titulo: string;
}) {
  return (
    <BarChart
      h={Math.max(120, barras.length * altoBarra + 40)}
      data={barras as Record<string, unknown>[]}
      dataKey={claveEtiqueta}
      orientation="vertical"
      series={[serie]}
      gridAxis="y"
      tickLine="none"
      withBarValueLabel
      valueFormatter={formato}
      maxBarWidth={18}
      yAxisProps={{ width: anchoEtiquetas, tickFormatter: (etiqueta: string) => etiquetaCorta(etiqueta, largoEtiqueta), interval: 0 }}
      xAxisProps={{ tickFormatter: formato }}
      barChartProps={{ margin: { right: margenDerecho } }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ active, payload }: ContenidoGlobo<T>) => {
          const barra = active ? payload?.[0]?.payload : undefined;
          return barra ? globo(barra) : null;
        },
      }}
      // A figure may carry a name (a bare div may not: axe aria-prohibited-attr); its contents stay readable.
      role="figure"
      aria-label={titulo}
    />
  );
}
