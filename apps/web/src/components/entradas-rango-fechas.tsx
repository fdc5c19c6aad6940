import { limitesRango, type RangoEnDireccion } from '@/lib/rango-en-direccion';
import { EntradaFechaFiltro } from './entrada-fecha-filtro';

/**
 * A report's 'Fecha inicial' and 'Fecha final', each bounded by the other, today and the server's longest range
 * (limitesRango), so a choice is never refused. The page says what a new date does to the other one.
 */
export function EntradasRangoFechas({
  rango,
  hoy,
  diasMaximos,
  ancho,
  onInicial,
  onFinal,
}: {
  rango: RangoEnDireccion;
  hoy: string;
  diasMaximos: number;
  ancho?: number;
  onInicial: (fecha: string) => void;
  onFinal: (fecha: string) => void;
}) {
  const limites = limitesRango(rango, hoy, diasMaximos);
  const fechas = [
    { label: 'Fecha inicial', valor: rango.fecha_inicial, limites: limites.inicial, cambiar: onInicial },
    { label: 'Fecha final', valor: rango.fecha_final, limites: limites.final, cambiar: onFinal },
  ];
  return fechas.map(({ label, valor, limites: limitesFecha, cambiar }) => (
    <EntradaFechaFiltro key={label} label={label} ancho={ancho} value={valor} {...limitesFecha} onChange={(fecha) => fecha && cambiar(fecha)} />
  ));
}
