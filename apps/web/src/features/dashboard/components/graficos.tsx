import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { BarrasHorizontales, GloboGrafico, type ContenidoGlobo } from '@/components/grafico-barras';
import { formatearCantidad, formatearMoneda, formatearPesosEje } from '@/lib/formato';
import { nombreUnidad, type PuntoMes } from '../dashboard.logica';

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
      yAxisProps={{ tickFormatter: formatearPesosEje, width: 72 }}
      // Room on the right for 'Dic' and its point.
      lineChartProps={{ margin: { right: 20, left: 4, top: 8 } }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ active, payload }: ContenidoGlobo<PuntoMes>) => {
          const punto = active ? payload?.[0]?.payload : undefined;
          if (!punto) return null;
          return <GloboGrafico titulo={punto.nombre} lineas={[punto.total === null ? 'Mes por venir' : `Total ventas: ${formatearMoneda(punto.total)}`]} />;
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
  return (
    <BarrasHorizontales
      barras={productos}
      claveEtiqueta="referencia"
      serie={{ name: 'cantidad_producto', label: 'Cantidad vendida', color: 'teal.6' }}
      formato={formatearCantidad}
      altoBarra={26}
      anchoEtiquetas={130}
      largoEtiqueta={16}
      margenDerecho={48}
      globo={(barra) => (
        <GloboGrafico
          titulo={barra.referencia}
          detalle={barra.nombre_producto}
          lineas={[`Cantidad vendida: ${formatearCantidad(barra.cantidad_producto)} ${nombreUnidad(barra.unidad)}`]}
        />
      )}
      titulo="Cantidad vendida por producto"
    />
  );
}
