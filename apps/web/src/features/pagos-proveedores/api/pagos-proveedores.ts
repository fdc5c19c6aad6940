import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type idCreadoDatosSchema,
  MENSAJES_PAGO_PROVEEDOR,
  type PagoProveedor,
  type PagoProveedorGuardar,
  type PagoProveedorRespuesta,
  type PagosProveedoresRespuesta,
  type Pagina,
  type proveedoresRespuestaSchema,
  type TamanoPagina,
  type tiposConceptosRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api, peticion, type ListaCompleta } from '@/lib/api-client';
import { raicesConsulta } from '@/lib/claves-consulta';
import { useGuardado } from '@/lib/guardado';
import { clavesPagosProveedores } from './claves';

// spec 002 §7 Supplier payments.

/** The list's filters: page and size in the query string, the term and the period (month of the payment) in the body. */
export interface ConsultaPagosProveedores {
  page: number;
  per_page: TamanoPagina;
  query_search: string;
  periodo_consulta: { year: number; month: number };
}

/** POST /api/pagos-proveedores?page={n} {query_search, periodo_consulta {year, month}}: a page of payments, rows merged per payment. */
export async function getPagosProveedores(consulta: ConsultaPagosProveedores, signal?: AbortSignal): Promise<Pagina<PagoProveedor>> {
  const { page, per_page, ...cuerpo } = consulta;
  const respuesta = await api.post<PagosProveedoresRespuesta>(
    'pagos-proveedores',
    { query_search: cuerpo.query_search || null, periodo_consulta: cuerpo.periodo_consulta },
    { query: { page, per_page }, ...(signal ? { signal } : {}) },
  );
  return respuesta.data.pagos_proveedores;
}

export function usePagosProveedores(consulta: ConsultaPagosProveedores) {
  return useQuery({
    queryKey: clavesPagosProveedores.lista(consulta),
    queryFn: ({ signal }) => getPagosProveedores(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/pagos-proveedores/{id}: the payment to edit, with its methods and their pictures' links. */
export async function getPagoProveedor(id: number, signal?: AbortSignal): Promise<PagoProveedor> {
  const respuesta = await api.get<PagoProveedorRespuesta>(`pagos-proveedores/${id}`, signal ? { signal } : {});
  return respuesta.data.pago_proveedor;
}

export function usePagoProveedor(id: number, habilitado = true) {
  // Always read again: the signed links of its pictures expire, and another user may have changed it.
  return useQuery({ queryKey: clavesPagosProveedores.pago(id), queryFn: ({ signal }) => getPagoProveedor(id, signal), enabled: habilitado, staleTime: 0, gcTime: 0 });
}

/** POST /api/pagos-proveedores/guardar (id null) or PUT /api/pagos-proveedores/{id}/actualizar: answers the server's message. */
export async function guardarPagoProveedor({ id, cuerpo }: { id: number | null; cuerpo: PagoProveedorGuardar }): Promise<string> {
  // Pictures travel as base64 in the body: a few of them on a slow line need more than the default wait.
  const opciones = { esperaMs: 120_000 };
  const respuesta = id === null ? await api.post<PagoProveedorRespuesta>('pagos-proveedores/guardar', cuerpo, opciones) : await api.put<PagoProveedorRespuesta>(`pagos-proveedores/${id}/actualizar`, cuerpo, opciones);
  return respuesta.message ?? (id === null ? MENSAJES_PAGO_PROVEEDOR.registrado : MENSAJES_PAGO_PROVEEDOR.actualizado);
}

/** DELETE /api/pagos-proveedores/{id}/eliminar: answers 'Pago eliminado con éxito'. */
export async function eliminarPagoProveedor(id: number): Promise<string> {
  const respuesta = await peticion<z.infer<typeof idCreadoDatosSchema>>('DELETE', `pagos-proveedores/${id}/eliminar`);
  return respuesta.message ?? MENSAJES_PAGO_PROVEEDOR.eliminado;
}

export const useGuardarPagoProveedor = () => useGuardado(guardarPagoProveedor, clavesPagosProveedores.todas);
export const useEliminarPagoProveedor = () => useGuardado(eliminarPagoProveedor, clavesPagosProveedores.todas);

/** GET /api/maestros/tipos-conceptos (no paging): every concept type by name, for the form's picker. */
export function useTodosTiposConceptos() {
  return useQuery({
    queryKey: [...raicesConsulta.tiposConceptos, 'todos'],
    queryFn: async ({ signal }) => (await api.get<ListaCompleta<z.infer<typeof tiposConceptosRespuestaSchema>>>('maestros/tipos-conceptos', { signal })).data.tipos_conceptos,
  });
}

/** GET /api/maestros/proveedores (no paging): every supplier by name, for the form's picker. */
export function useTodosProveedores() {
  return useQuery({
    queryKey: [...raicesConsulta.proveedores, 'todos'],
    queryFn: async ({ signal }) => (await api.get<ListaCompleta<z.infer<typeof proveedoresRespuestaSchema>>>('maestros/proveedores', { signal })).data.proveedores,
  });
}
