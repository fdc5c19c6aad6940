import { BarrasHorizontales, GloboGrafico } from '@/components/grafico-barras';
import { formatearMoneda, formatearPesosEje } from '@/lib/formato';
import type { BarraInforme } from '../informe-ventas.logica';

/** Pesos on the axis, short and whole below a million: '$1.2 M', '$850 mil'. */
const pesosCortos = (valor: number) => formatearPesosEje(valor, 0);

/**
 * The groups with the highest net before taxes as horizontal bars (the dashboard's chart), their names readable on the
 * left; the card gives the whole name, the net and the margin.
 */
export function GraficoInforme({ barras, titulo }: { barras: BarraInforme[]; titulo: string }) {
  return (
    <BarrasHorizontales
      barras={barras}
      claveEtiqueta="etiqueta"
      serie={{ name: 'neto', label: 'Neto antes de impuestos', color: 'indigo.6' }}
      formato={pesosCortos}
      altoBarra={28}
      anchoEtiquetas={150}
      largoEtiqueta={20}
      margenDerecho={64}
      globo={(barra) => (
        <GloboGrafico
          titulo={barra.nombre}
          lineas={[`Neto antes de impuestos: ${formatearMoneda(barra.neto)}`, `Margen: ${barra.margen === null ? 'Sin costo' : formatearMoneda(barra.margen)}`]}
        />
      )}
      titulo={titulo}
    />
  );
}
