import { ESTADOS_VENTA, MENSAJES_VENTA, TIPOS_PAGO, type Rol, type Tercero, type VentaCompleta } from '@tablero/domain';
import { getProducto } from '@/features/productos';
import { getTercero } from '@/features/terceros';
import { ApiError } from '@/lib/api-error';
import { cargarVentaParaEdicion } from '../api/pedidos';
import { alPrecioDeTienda, lineasDeVenta, type ClientePedido, type EstadoPedido, type ProductoLinea } from './pedido.logica';

/** What loading an order for editing ends in; an order that cannot be edited is an answer the form shows (spec 000 §8). */
export type ResultadoCarga =
  | {
      tipo: 'cargado';
      pedido: EstadoPedido;
      tercero: Tercero | null;
      /** Said to the seller when lines took the store's current price (alPrecioDeTienda); null otherwise. */
      aviso: string | null;
    }
  | { tipo: 'noEnEdicion' };

export const clienteDe = (tercero: Pick<Tercero, 'id' | 'numero_documento' | 'nombres' | 'apellidos'>): ClientePedido => ({
  id: tercero.id,
  numero_documento: tercero.numero_documento,
  nombres: tercero.nombres,
  apellidos: tercero.apellidos,
});

/**
 * The order an order loaded for editing becomes in the form: its lines with their products' current group and stock,
 * and, for a role that sells at the store's price, the store's current price (its price cell cannot be typed in).
 */
async function pedidoDeVenta(venta: VentaCompleta, rol: Rol | null): Promise<{ pedido: EstadoPedido; aviso: string | null }> {
  const ids = [...new Set(venta.ventas_detalle.map((d) => d.producto_id))];
  const leidos = await Promise.all(ids.map((id) => getProducto(id).catch(() => null)));
  const productos = new Map<number, ProductoLinea>();
  for (const producto of leidos) if (producto) productos.set(producto.id, producto);
  const encabezado = venta.ventas_encabezado;
  const { lineas, referencias } = alPrecioDeTienda(lineasDeVenta(venta.ventas_detalle, productos), productos, rol);
  const pedido: EstadoPedido = {
    venta_id: encabezado.id,
    version: encabezado.version,
    cliente: clienteDe({ id: encabezado.cliente_id, numero_documento: encabezado.numero_documento, nombres: encabezado.nombres, apellidos: encabezado.apellidos }),
    lineas,
    tareas: [],
    observacion_venta: encabezado.observacion_venta ?? '',
    impuesto_adicional_id: encabezado.impuesto_adicional_id,
    // Loading puts the order in state 4 (spec 000 §4.1).
    estado_venta_id: ESTADOS_VENTA.enEdicion,
    tipo_pago_id: encabezado.tipo_pago_id === TIPOS_PAGO.credito ? TIPOS_PAGO.credito : TIPOS_PAGO.contado,
    // A quotation opens as it is and saves as a quotation (docs/decisions-cotizaciones.md).
    ...(encabezado.estado_venta_id === ESTADOS_VENTA.cotizacion ? { es_cotizacion: true } : {}),
  };
  return { pedido, aviso: referencias.length > 0 ? MENSAJES_VENTA.precioActualizado(referencias.join(', ')) : null };
}

/**
 * PUT ventas/{id}/editar, then the lines' products and the customer: the order as the form edits it. 409
 * VENTA_NO_EN_EDICION (state other than 1 or 4) is answered as `noEnEdicion`; other failures are thrown.
 */
export async function cargarPedido(ventaId: number, rol: Rol | null): Promise<ResultadoCarga> {
  let venta: VentaCompleta;
  try {
    venta = await cargarVentaParaEdicion(ventaId);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VENTA_NO_EN_EDICION') return { tipo: 'noEnEdicion' };
    throw error;
  }
  const [{ pedido, aviso }, detalle] = await Promise.all([pedidoDeVenta(venta, rol), getTercero(venta.ventas_encabezado.cliente_id).catch(() => null)]);
  return { tipo: 'cargado', pedido, tercero: detalle?.tercero ?? null, aviso };
}
