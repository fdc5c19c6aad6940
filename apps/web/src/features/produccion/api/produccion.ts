import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MENSAJES_PRODUCCION, type FacturaLista, type Pagina, type TamanoPagina } from '@tablero/domain';
import { clavesVentas } from '@/features/ventas';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { cuerpoVentasProduccion, type FiltrosGenerar, type LineaProduccion } from '../produccion.logica';
import { clavesProduccion } from './claves';

/** A page of a list with its filters. */
export interface Consulta<F> {
  filtros: F;
  page: number;
  per_page: TamanoPagina;
}

/** One sale as POST produccion/ventas answers it (spec 002 §3 Sale (production listing), plus whether it has its OP). */
export interface VentaProduccion {
  id: number;
  codigo_tienda: string;
  cliente_id: number;
  fecha_venta: string;
  nombre_tienda: string;
  numero_documento_tercero: string;
  nombres_tercero: string;
  apellidos_tercero: string;
  nombre_vendedor: string;
  fecha_factura_dian: string | null;
  permite_fe: boolean;
  total_venta_neta: number;
  total_venta_bruta: number;
  total_impuestos: number;
  total_descuento: number;
  valor_venta_cambio_favor: number;
  estado_venta_id: number;
  nombre_estado_venta: string;
  tipo_pago_id: number;
  nombre_tipo_pago: string;
  nombre_tipo_envio: string | null;
  observacion_despacho: string | null;
  formas_pagos: { id: number; forma_pago_id: number; nombre_forma_pago: string; valor_pagado: number; codigo_comprobante_pago: string | null }[];
  tiene_orden_produccion: boolean;
}

/**
 * The sales offered to Crear OP (spec 002 §2.15): POST produccion/ventas?page&per_page (spec 002 §7 Sales list), which
 * filters by the mode's state, the exact sale and customer, and in Pendientes producción keeps the sales without an OP.
 * The table reads the rows as the billing list's (its columns: number, date, customer, seller, state), so each row is
 * given that shape; the billing-only fields a production row does not carry are left empty.
 */
export async function getVentasProduccion({ filtros, page, per_page }: Consulta<FiltrosGenerar>, signal?: AbortSignal): Promise<Pagina<FacturaLista>> {
  const respuesta = await api.post<{ ventas: Pagina<VentaProduccion> }>('produccion/ventas', cuerpoVentasProduccion(filtros), {
    query: { page, per_page },
    ...(signal ? { signal } : {}),
  });
  const pagina = respuesta.data.ventas;
  return {
    ...pagina,
    data: pagina.data.map((venta) => ({
      id: venta.id,
      codigo_tienda: venta.codigo_tienda,
      fecha_venta: venta.fecha_venta,
      numero_documento: venta.numero_documento_tercero,
      nombres: venta.nombres_tercero,
      apellidos: venta.apellidos_tercero,
      nombre_vendedor: venta.nombre_vendedor,
      total_subtotal_venta: venta.total_venta_neta,
      total_descuento: venta.total_descuento,
      total_impuestos: venta.total_impuestos,
      total_otros_impuestos_venta: 0,
      total_venta: venta.total_venta_bruta,
      estado_venta_id: venta.estado_venta_id,
      nombre_estado_venta: venta.nombre_estado_venta,
      tipo_pago_id: venta.tipo_pago_id,
      nombre_tipo_pago: venta.nombre_tipo_pago,
      formas_pagos: venta.formas_pagos.map((pago) => ({ ...pago, adjunto_comprobante_pago: null, url_adjunto_comprobante: null })),
      tipo_documento: null,
      prefijo_factura_dian: null,
      nro_factura_dian: null,
      fecha_factura: null,
      fecha_factura_dian: venta.fecha_factura_dian,
      factura_code_siigo: null,
      permite_fe: venta.permite_fe,
      modo_factura: null,
      crear_factura_siigo: false,
      valor_recibido_efectivo: null,
      valor_venta_cambio_favor: venta.valor_venta_cambio_favor,
      estado_fe: null,
      url_factura: '',
      url_remision: '',
    })),
  };
}

export const useVentasProduccion = (consulta: Consulta<FiltrosGenerar>, habilitada: boolean) =>
  useQuery({
    queryKey: clavesProduccion.ventas({ ...consulta, filtros: { ...consulta.filtros, cliente: consulta.filtros.cliente?.id ?? null } }),
    queryFn: ({ signal }) => getVentasProduccion(consulta, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST produccion/generar-orden {venta_id} (spec 002 §7): answers the server's message. */
export async function generarOrden(ventaId: number): Promise<string> {
  return (await api.post<unknown>('produccion/generar-orden', { venta_id: ventaId })).message ?? MENSAJES_PRODUCCION.ordenGenerada;
}

// The sale now has its OP: the production lists and the sale's detail (its production badge) refresh.
export const useGenerarOrden = () => useGuardado(generarOrden, clavesProduccion.todas, clavesVentas.todas);

/** The preparation list's filters (spec 002 §2.16): dates and sale number, all optional. */
export interface FiltrosPreparar {
  fecha_inicial: string | null;
  fecha_final: string | null;
  venta_id: number | null;
}

/** One OP as POST produccion/orden-etapa answers it (docs/decisions-produccion.md). */
export interface OrdenProduccionFila {
  id: number;
  venta_id: number;
  cliente_id: number;
  fecha_venta: string;
  fecha_inserta: string;
  fecha_material_preparado: string | null;
  prioritario: boolean;
  completado: boolean;
  link_planos_lepton: string | null;
  cantidad_vendida: number;
  numero_documento_tercero: string;
  nombres_tercero: string;
  apellidos_tercero: string;
}

export interface LineaProductoVenta extends LineaProduccion {
  producto_id: number;
  nombre_producto: string;
  cantidad: number;
  con_plano: boolean;
}

export interface OrdenesEtapa {
  ordenes_produccion: Pagina<OrdenProduccionFila>;
  productos_ventas: LineaProductoVenta[];
}

/** POST produccion/orden-etapa?page&per_page with etapa_inicial true (spec 002 §2.16): the OPs whose material is not prepared. */
export async function getOrdenesPorPreparar({ filtros, page, per_page }: Consulta<FiltrosPreparar>, signal?: AbortSignal): Promise<OrdenesEtapa> {
  const respuesta = await api.post<OrdenesEtapa>('produccion/orden-etapa', { ...filtros, etapa_inicial: true }, { query: { page, per_page }, ...(signal ? { signal } : {}) });
  return respuesta.data;
}

export const useOrdenesPorPreparar = <T>(consulta: Consulta<FiltrosPreparar>, select: (respuesta: OrdenesEtapa) => T, habilitada: boolean) =>
  useQuery({
    queryKey: clavesProduccion.ordenesEtapa(consulta),
    queryFn: ({ signal }) => getOrdenesPorPreparar(consulta, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    staleTime: 0,
    select,
  });

/** POST produccion/proceso-etapa-orden {orden_produccion_id} (spec 002 §7): Preparar material; answers the server's message. */
export async function prepararMaterial(ordenId: number): Promise<string> {
  return (await api.post<unknown>('produccion/proceso-etapa-orden', { orden_produccion_id: ordenId })).message ?? MENSAJES_PRODUCCION.materialPreparado;
}

export const usePrepararMaterial = () => useGuardado(prepararMaterial, clavesProduccion.todas);
