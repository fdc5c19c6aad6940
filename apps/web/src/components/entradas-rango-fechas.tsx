import { limitesRango, type RangoEnDireccion } from '@/lib/rango-en-direccion';
import { EntradaFechaFiltro } from './entrada-fecha-filtro';

/**
 * A report's 'Fecha inicial' and 'Fecha final', each bounded by the other, today and the server's longest range
 * (limitesRango), so a choice is never refused. A new date gives the range with it and which one changed; a page with its
 * own rule for the other date (the dashboard's) applies it there.
 */
export function EntradasRangoFechas({
  rango,
  hoy,
  diasMaximos,
  ancho,
  onCambiar,
}: {
  rango: RangoEnDireccion;
  hoy: string;
  diasMaximos: number;
  ancho?: number;
  onCambiar: (rango: RangoEnDireccion, cambiada: 'inicial' | 'final') => void;
}) {
  const limites = limitesRango(rango, hoy, diasMaximos);
  const fechas = [
    { label: 'Fecha inicial', valor: rango.fecha_inicial, limites: limites.inicial, cambiar: (fecha: string) => onCambiar({ ...rango, fecha_inicial: fecha }, 'inicial') },
    { label: 'Fecha final', valor: rango.fecha_final, limites: limites.final, cambiar: (fecha: string) => onCambiar({ ...rango, fecha_final: fecha }, 'final') },
  ];
  return fechas.map(({ label, valor, limites: limitesFecha, cambiar }) => (
    <EntradaFechaFiltro key={label} label={label} ancho={ancho} value={valor} {...limitesFecha} onChange={(fecha) => fecha && cambiar(fecha)} />
  ));
}
