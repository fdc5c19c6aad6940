import { mesHastaHoy, type CifrasIndicadores, type IndicadorServicio, type IndicadoresRango, type SuspensionMotivo } from '@tablero/domain';

/**
 * The pure rules of Indicadores producción (docs/decisions-produccion.md, beyond the spec): the default date range (its bounds: lib/rango-en-direccion.ts), times written for people,
 * and the rows of the operator and machine tables. The figures come computed from the server (SQL).
 */

/** The default range: from the 1st of the current month to today (business dates). */
export const rangoInicial: (hoy: string) => IndicadoresRango = mesHastaHoy;

/** An operator's full name. */
export function nombreOperario(o: { nombres_operario: string; apellidos_operario: string }): string {
  return `${o.nombres_operario} ${o.apellidos_operario}`.replace(/\s+/g, ' ').trim();
}

/** One row of the operator or machine table: a service of it, or its total (only when it worked more than one). */
export interface FilaIndicador extends CifrasIndicadores {
  clave: string;
  servicio: string;
  total: boolean;
  /** The first row of its operator (machine): where its name goes, spanning `filas` rows. */
  primera: boolean;
  filas: number;
}

/** The rows of one operator (machine): its services in stage order, then 'Total' when there are several. */
export function filasDe(clave: string | number, item: CifrasIndicadores & { por_servicio: IndicadorServicio[] }): FilaIndicador[] {
  const conTotal = item.por_servicio.length > 1;
  const filas = item.por_servicio.length + (conTotal ? 1 : 0);
  const servicios: FilaIndicador[] = item.por_servicio.map((s, n) => ({
    ...cifrasDe(s),
    clave: `${clave}-${s.grupo_servicio_id}`,
    servicio: s.nombre_grupo_servicio,
    total: false,
    primera: n === 0,
    filas,
  }));
  if (!conTotal) return servicios;
  return [...servicios, { ...cifrasDe(item), clave: `${clave}-total`, servicio: 'Total', total: true, primera: false, filas }];
}

function cifrasDe(c: CifrasIndicadores): CifrasIndicadores {
  return {
    etapas_finalizadas: c.etapas_finalizadas,
    promedio_trabajado_segundos: c.promedio_trabajado_segundos,
    promedio_espera_segundos: c.promedio_espera_segundos,
    tiempo_suspendido_segundos: c.tiempo_suspendido_segundos,
  };
}

/**
 * Each reason's bar: its total time as a percentage of the longest total (0–100, whole); all 0 when nothing lasted.
 */
export function proporcionesMotivos(motivos: readonly Pick<SuspensionMotivo, 'tiempo_suspendido_segundos'>[]): number[] {
  const maximo = Math.max(0, ...motivos.map((m) => m.tiempo_suspendido_segundos));
  return motivos.map((m) => (maximo > 0 ? Math.round((Math.max(0, m.tiempo_suspendido_segundos) / maximo) * 100) : 0));
}
