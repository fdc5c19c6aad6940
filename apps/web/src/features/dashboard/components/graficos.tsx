import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { etiquetaCorta, nombreUnidad, pesosEje, type PuntoMes } from '../dashboard.logica';

/** A chart's hover card: what the point is and its whole figure (the axis shows it short). */
function Globo({ titulo, detalle, valor }: { titulo: string; detalle?: string | undefined; valor: string }) {
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
      <Text size="sm">{valor}</Text>
    </Paper>
  );
}

interface ContenidoGlobo<T> {
  active?: boolean;
  payload?: readonly { payload?: T }[];
}

/** The line of the end date's year: total sales of each month, Spanish month names, pesos on the axis and the card. */
export function GraficoVentasAnio({ meses }: { meses: PuntoMes[] }) {
  return (
    <LineChart
      h={210}
      data={meses}
      dataKey="nombre"
      series={[{ name: 'total', label: 'Total ventas', color: 'indigo.6' }]}
      curveType="linear"
      // A month still to come has no point: the line ends at today's month.
      connectNulls={false}
      gridAxis="xy"
      withDots
      tickLine="y"
      xAxisProps={{ tickFormatter: (nombre: string) => nombre.slice(0, 3), interval: 0 }}
      yAxisProps={{ tickFormatter: pesosEje, width: 72 }}
      // Room on the right for 'Dic' and its point.
      lineChartProps={{ margin: { right: 20, left: 4, top: 8 } }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ active, payload }: ContenidoGlobo<PuntoMes>) => {
          const punto = active ? payload?.[0]?.payload : undefined;
          if (!punto) return null;
          return <Globo titulo={punto.nombre} valor={punto.total === null ? 'Mes por venir' : `Total ventas: ${formatearMoneda(punto.total)}`} />;
        },
      }}
      // A figure may carry a name (a bare div may not: axe aria-prohibited-attr); its contents stay readable.
      role="figure"
      aria-label="Ventas por mes"
    />
  );
}

/** One bar: the product's reference, its name and how much sold. */
export interface BarraProducto {
  referencia: string;
  nombre_producto: string;
  cantidad_producto: number;
  /** Its measure type's name, or null: the bar's figure names its unit. */
  unidad: string | null;
}

/** Quantity sold per product, the best sellers as horizontal bars with their references readable on the left. */
export function GraficoProductos({ productos }: { productos: BarraProducto[] }) {
  // 26 px a bar, so ten bars and their labels never overlap.
  const alto = Math.max(120, productos.length * 26 + 40);
  return (
    <BarChart
      h={alto}
      data={productos}
      dataKey="referencia"
      orientation="vertical"
      series={[{ name: 'cantidad_producto', label: 'Cantidad vendida', color: 'teal.6' }]}
      gridAxis="y"
      tickLine="none"
      withBarValueLabel
      valueFormatter={formatearCantidad}
      maxBarWidth={18}
      yAxisProps={{ width: 130, tickFormatter: (referencia: string) => etiquetaCorta(referencia), interval: 0 }}
      xAxisProps={{ tickFormatter: formatearCantidad }}
      barChartProps={{ margin: { right: 48 } }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ active, payload }: ContenidoGlobo<BarraProducto>) => {
          const barra = active ? payload?.[0]?.payload : undefined;
          return barra ? <Globo titulo={barra.referencia} detalle={barra.nombre_producto} valor={`Cantidad vendida: ${formatearCantidad(barra.cantidad_producto)} ${nombreUnidad(barra.unidad)}`} /> : null;
        },
      }}
      role="figure"
      aria-label="Cantidad vendida por producto"
    />
  );
}
