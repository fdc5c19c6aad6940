import { useQuery } from '@tanstack/react-query';
import { MENSAJES_TAREA, type Tarea, type TareaActualizar, type TareaCrear, type TareaPendiente, type tareasRespuestaSchema, type tareasPendientesRespuestaSchema, type tareaRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesVentas } from './claves';

/** POST /api/tareas: the tasks of one sale of the selected store (spec 000 §7). */
export async function getTareasVenta(ventaId: number, signal?: AbortSignal): Promise<Tarea[]> {
  const respuesta = await api.post<z.infer<typeof tareasRespuestaSchema>>('tareas', { venta_id: ventaId }, signal ? { signal } : {});
  return respuesta.data.tareas;
}

export const useTareasVenta = (ventaId: number | null) =>
  useQuery({
    queryKey: clavesVentas.tareas(ventaId ?? 0),
    queryFn: ({ signal }) => getTareasVenta(ventaId ?? 0, signal),
    enabled: ventaId !== null,
    staleTime: 0,
  });

/** GET /api/tareas?tarea_completada=0: the store's open tasks (Pendientes), the whole list. */
export async function getPendientes(signal?: AbortSignal): Promise<TareaPendiente[]> {
  const respuesta = await api.get<z.infer<typeof tareasPendientesRespuestaSchema>>('tareas', { query: { tarea_completada: 0 }, ...(signal ? { signal } : {}) });
  return respuesta.data.tareas;
}

/** POST /api/tareas/guardar: a new open task; answers the server's message. */
export async function crearTarea(datos: TareaCrear): Promise<string> {
  return (await api.post<z.infer<typeof tareaRespuestaSchema>>('tareas/guardar', datos)).message ?? MENSAJES_TAREA.guardada;
}

/** PUT /api/tareas/{id}/actualizar: completes or reopens a task with its observation. */
export async function actualizarTarea({ id, ...datos }: TareaActualizar & { id: number }): Promise<string> {
  return (await api.put<null>(`tareas/${id}/actualizar`, datos)).message ?? MENSAJES_TAREA.actualizada;
}

// A task changes both the sale's list and Pendientes: the feature's keys refresh together.
export const useCrearTarea = () => useGuardado(crearTarea, clavesVentas.todas);
export const useActualizarTarea = () => useGuardado(actualizarTarea, clavesVentas.todas);
