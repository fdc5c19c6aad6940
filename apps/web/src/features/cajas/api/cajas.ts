import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AbrirTurno,
  Caja,
  CajaGuardar,
  CerrarTurnoEntrada,
  EnJson,
  OrdenCaja,
  OrdenTurno,
  Pagina,
  ReabrirTurno,
  RevisarTurno,
  Turno,
  TurnoActual,
  TurnoDetalle,
} from '@tablero/domain';
import { api } from '@/lib/api-client';
import type { ParametrosLista } from '@/lib/estado-lista';
import { useGuardado } from '@/lib/guardado';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { useTienda } from '@/lib/sesion';
import { clavesCajas } from './claves';

export type TurnoJson = EnJson<Turno>;
export type TurnoDetalleJson = EnJson<TurnoDetalle>;

// ─── Registers ───────────────────────────────────────────────────────────────────────────────────────────────

export type CajasConsulta = ParametrosLista<OrdenCaja>;

/** GET /api/maestros/cajas: a page of the store's registers. */
export function useCajas(consulta: CajasConsulta) {
  return useQuery(opcionesPagina(clavesCajas.lista(consulta), (signal) => leerPagina<Caja>('maestros/cajas', 'cajas', consulta, signal)));
}

/** GET /api/cajas/activas: the store's active registers (the open-shift dialog). */
export function useCajasActivas(habilitada = true) {
  const tienda = useTienda();
  return useQuery({
    queryKey: clavesCajas.activas(tienda?.codigo_tienda ?? null),
    queryFn: async ({ signal }) => (await api.get<{ cajas: Caja[] }>('cajas/activas', { signal })).data.cajas,
    enabled: habilitada,
  });
}

async function guardarCaja({ id, datos }: { id: number | null; datos: CajaGuardar }): Promise<string> {
  const respuesta = id === null ? await api.post<{ id: number }>('maestros/cajas/guardar', datos) : await api.put<undefined>(`maestros/cajas/${id}/actualizar`, datos);
  return respuesta.message ?? 'Caja guardada';
}
export const useGuardarCaja = () => useGuardado(guardarCaja, clavesCajas.todas);

// ─── Shifts ──────────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/cajas/turno-actual: my open shift in the store (its cash so far) and whether my role must open one. */
export function turnoActualQueryOptions(tienda: string | null) {
  return queryOptions({
    queryKey: clavesCajas.turnoActual(tienda),
    queryFn: async ({ signal }) => (await api.get<EnJson<TurnoActual>>('cajas/turno-actual', { signal })).data,
    enabled: tienda !== null,
    staleTime: 0,
  });
}
export function useTurnoActual(habilitada = true) {
  const tienda = useTienda();
  return useQuery({ ...turnoActualQueryOptions(tienda?.codigo_tienda ?? null), enabled: habilitada && tienda !== null });
}

export type TurnosConsulta = ParametrosLista<OrdenTurno> & { fecha_desde?: string; fecha_hasta?: string; caja_id?: number; estado?: 'ABIERTO' | 'CERRADO' };

/** GET /api/cajas/turnos: a page of the store's shifts with the filters. */
export function useTurnos(consulta: TurnosConsulta, habilitada = true) {
  return useQuery({ ...opcionesPagina(clavesCajas.turnos(consulta), (signal) => leerPagina<TurnoJson>('cajas/turnos', 'turnos', consulta, signal), { fresca: true }), enabled: habilitada });
}

/** GET /api/cajas/turnos/{id}: a shift with its cash by origin, its steps and the PDF links. */
export function useTurno(id: number | null) {
  return useQuery({
    queryKey: clavesCajas.turno(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<TurnoDetalleJson>(`cajas/turnos/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

async function abrirTurno(datos: AbrirTurno): Promise<string> {
  return (await api.post<TurnoDetalleJson>('cajas/turnos/abrir', datos)).message ?? 'Turno de caja abierto';
}
export const useAbrirTurno = () => useGuardado(abrirTurno, clavesCajas.todas);

async function cerrarTurno({ id, datos }: { id: number; datos: CerrarTurnoEntrada }): Promise<{ mensaje: string; turno: TurnoJson }> {
  const respuesta = await api.post<TurnoJson>(`cajas/turnos/${id}/cerrar`, datos);
  return { mensaje: respuesta.message ?? 'Turno de caja cerrado', turno: respuesta.data };
}
export const useCerrarTurno = () => useGuardado(cerrarTurno, clavesCajas.todas);

async function revisarTurno({ id, datos }: { id: number; datos: RevisarTurno }): Promise<string> {
  return (await api.post<undefined>(`cajas/turnos/${id}/revisar`, datos)).message ?? 'Revisión guardada';
}
export const useRevisarTurno = () => useGuardado(revisarTurno, clavesCajas.todas);

async function reabrirTurno({ id, datos }: { id: number; datos: ReabrirTurno }): Promise<string> {
  return (await api.post<undefined>(`cajas/turnos/${id}/reabrir`, datos)).message ?? 'Turno de caja reabierto';
}
export const useReabrirTurno = () => useGuardado(reabrirTurno, clavesCajas.todas);

export type { Pagina };
