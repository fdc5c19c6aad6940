import { raicesConsulta } from '@/lib/claves-consulta';
import type { TipoMovimientoCaja } from '../movimiento-caja.logica';

/** The query keys of egresos-ingresos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesEgresosIngresos = {
  todas: raicesConsulta.egresosIngresos,
  movimiento: (tipo: TipoMovimientoCaja, id: number) => [...clavesEgresosIngresos.todas, tipo, id] as const,
};
