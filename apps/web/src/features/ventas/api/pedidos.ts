import { useQuery } from '@tanstack/react-query';
import {
  ESTADOS_VENTA,
  type BorradorPedido,
  type BorradorPedidoGuardar,
  type borradorPedidoRespuestaSchema,
  type CuentaCreditoCliente,
  type TipoPago,
  type VentaCompleta,
  type VentaEncabezado,
  type VentaGuardada,
  type VentaGuardar,
  type tiposPagosRespuestaSchema,
  type ventasFiltrosRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api, peticion } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { useGuardado } from '@/lib/guardado';
import { clavesVentas } from './claves';

/**
 * What a save of the order form ends in. The two refusals the form answers with a dialog (spec 000 §8 no credit
 * account; another seller saved the order first) are answers, not failures: the form handles them, and the query
 * client does not show them as an error toast as well.
 */
export type ResultadoGuardarPedido =
  | { tipo: 'guardado'; mensaje: string; venta: VentaGuardada }
  | { tipo: 'sinCuentaCredito'; mensaje: string }
  | { tipo: 'modificado'; mensaje: string }
  /** Some stock is reserved by other orders (docs/decisions-reservas.md): one line per holding order. */
  | { tipo: 'reservado'; mensaje: string; reservas: string[] };

/** POST /api/facturas/guardar (spec 000 §7): creates the order or saves the one being edited. */
export async function guardarPedido(venta: VentaGuardar): Promise<ResultadoGuardarPedido> {
  try {
    const respuesta = await api.post<VentaGuardada>('facturas/guardar', venta);
    return { tipo: 'guardado', mensaje: respuesta.message ?? 'Datos guardados con éxito', venta: respuesta.data };
  } catch (error) {
    if (error instanceof ApiError && !error.notificado) {
      if (error.code === 'CUENTA_CREDITO_REQUERIDA') return { tipo: 'sinCuentaCredito', mensaje: error.message };
      if (error.code === 'VENTA_MODIFICADA') return { tipo: 'modificado', mensaje: error.message };
      if (error.code === 'STOCK_RESERVADO') return { tipo: 'reservado', mensaje: error.message, reservas: error.errors['reservas'] ?? [error.message] };
    }
    throw error;
  }
}

/** A save changes the billing list, Pendientes (new tasks) and the customer's orders in editing. */
export const useGuardarPedido = () => useGuardado(guardarPedido, clavesVentas.todas);

/** GET /api/ventas/{id}: an order of the store with its lines and tasks. */
export async function getVenta(ventaId: number): Promise<VentaCompleta> {
  return (await api.get<VentaCompleta>(`ventas/${ventaId}`)).data;
}

/**
 * PUT /api/ventas/{id}/editar (spec 000 §4.1): loads an order for editing, which puts it in state 4. An order in another
 * state than 1 or 4 is a 409 VENTA_NO_EN_EDICION the caller shows ('Error al cargar').
 */
export async function cargarVentaParaEdicion(ventaId: number): Promise<VentaCompleta> {
  return (await api.put<VentaCompleta>(`ventas/${ventaId}/editar`)).data;
}

/**
 * POST /api/ventas/filtros (spec 000 §2.12, §7): the customer's orders in editing, newest first. The customer is its id:
 * a CC and a NIT with the same number are two customers (docs/decisions.md).
 */
export async function getVentasEnEdicion(terceroId: number, signal?: AbortSignal): Promise<VentaEncabezado[]> {
  const respuesta = await api.post<z.infer<typeof ventasFiltrosRespuestaSchema>>(
    'ventas/filtros',
    { tercero_id: terceroId, estado_venta_id: ESTADOS_VENTA.enEdicion },
    signal ? { signal } : {},
  );
  return respuesta.data.ventas;
}

export function useVentasEnEdicion(terceroId: number | null) {
  return useQuery({
    queryKey: clavesVentas.enEdicion(terceroId ?? 0),
    queryFn: ({ signal }) => getVentasEnEdicion(terceroId ?? 0, signal),
    enabled: terceroId !== null,
    staleTime: 0,
  });
}

/** GET /api/listas/tipos-pagos (spec 000 §7): 1 Contado, 2 Crédito. */
export async function getTiposPago(): Promise<TipoPago[]> {
  return (await api.get<z.infer<typeof tiposPagosRespuestaSchema>>('listas/tipos-pagos')).data.tipos_pagos;
}

export const useTiposPago = () => useQuery({ queryKey: clavesVentas.tiposPago(), queryFn: getTiposPago, staleTime: 5 * 60_000 });

/**
 * Whether the customer has a credit account (GET /api/cuentas-credito/tercero/{id}, spec 000 §4.1), asked before a
 * credit sale is saved. Asked quietly: a 404 here is the answer "none", not an error to show.
 */
export async function tieneCuentaCredito(terceroId: number): Promise<boolean> {
  try {
    await api.get<CuentaCreditoCliente>(`cuentas-credito/tercero/${terceroId}`, { silencioso: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The order form's draft on the server (GET/PUT/DELETE ventas/borrador, docs/decisions.md "Borrador del pedido"): kept in
 * the background as the seller works, so quietly — the browser's copy stays whatever the network does.
 */
export async function getBorradorPedido(ventaId: number | null): Promise<BorradorPedido | null> {
  const respuesta = await api.get<z.infer<typeof borradorPedidoRespuestaSchema>>('ventas/borrador', { query: { venta_id: ventaId }, silencioso: true });
  return respuesta.data.borrador;
}

export async function guardarBorradorPedido(borrador: BorradorPedidoGuardar): Promise<void> {
  await api.put<BorradorPedido>('ventas/borrador', borrador, { silencioso: true });
}

export async function descartarBorradorPedido(ventaId: number | null): Promise<void> {
  await peticion('DELETE', 'ventas/borrador', { query: { venta_id: ventaId }, silencioso: true });
}
