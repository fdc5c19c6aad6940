import { useQuery } from '@tanstack/react-query';
import type { egresoRespuestaSchema, ingresoRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { CONFIGURACION_MOVIMIENTO, movimientoDe, type CuerpoMovimiento, type MovimientoCaja, type TipoMovimientoCaja } from '../movimiento-caja.logica';
import { clavesEgresosIngresos } from './claves';

// spec 002 §7 Expenses and income: POST egresos/guardar, GET egresos/{id} (data.egreso), PUT egresos/{id}/actualizar;
// the same with ingresos (data.ingreso).

/** GET /api/{egresos|ingresos}/{id}: the record an edit starts from. */
export async function getMovimiento(tipo: TipoMovimientoCaja, id: number, signal?: AbortSignal): Promise<MovimientoCaja> {
  const config = CONFIGURACION_MOVIMIENTO[tipo];
  const respuesta = await api.get<Record<string, Record<string, unknown>>>(`${config.ruta}/${id}`, signal ? { signal } : {});
  const registro = respuesta.data[config.campo];
  if (!registro) throw new Error(`La respuesta de ${config.ruta}/${id} no trae ${config.campo}`);
  return movimientoDe(tipo, registro);
}

/** Always asked again when a form opens: another user may have edited it since. */
export function useMovimiento(tipo: TipoMovimientoCaja, id: number | null) {
  return useQuery({
    queryKey: clavesEgresosIngresos.movimiento(tipo, id ?? 0),
    queryFn: ({ signal }) => getMovimiento(tipo, id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export interface GuardarMovimiento {
  tipo: TipoMovimientoCaja;
  /** null: a new record. */
  id: number | null;
  cuerpo: CuerpoMovimiento;
}

/** What POST egresos|ingresos/guardar and PUT …/{id}/actualizar answer besides the message: the record as saved. */
type MovimientoGuardado = z.infer<typeof egresoRespuestaSchema> | z.infer<typeof ingresoRespuestaSchema>;

/** POST /api/{ruta}/guardar or PUT /api/{ruta}/{id}/actualizar; answers the server's message ('Egreso registrado con éxito'…). */
export async function guardarMovimiento({ tipo, id, cuerpo }: GuardarMovimiento): Promise<string> {
  const config = CONFIGURACION_MOVIMIENTO[tipo];
  if (id === null) return (await api.post<MovimientoGuardado>(`${config.ruta}/guardar`, cuerpo)).message ?? config.registrado;
  return (await api.put<MovimientoGuardado>(`${config.ruta}/${id}/actualizar`, cuerpo)).message ?? config.actualizado;
}

/**
 * A save refreshes this feature's queries and the screens that list expenses and income, which the caller names
 * (Cuadre de caja passes its keys: this feature does not know who shows its records).
 */
export const useGuardarMovimiento = (refresca: readonly (readonly unknown[])[]) => useGuardado(guardarMovimiento, clavesEgresosIngresos.todas, ...refresca);
