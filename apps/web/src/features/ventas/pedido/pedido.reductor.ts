import type { ResultadoCorte, LineaPedido } from './linea-pedido';
import {
  agregarProducto,
  aplicarCorte,
  aplicarDescuento,
  cambiarCantidad,
  cambiarPrecio,
  lineaDeRetal,
  nuevaClave,
  pedidoVacio,
  quitarLinea,
  siguienteItem,
  type ClientePedido,
  type EstadoPedido,
  type ProductoLinea,
} from './pedido.logica';
import type { DescuentoDecidido, RetalCotizado, Rol } from '@tablero/domain';

/** Every change the order form makes to its order; the reducer keeps untouched lines as the same objects. */
export type AccionPedido =
  | { tipo: 'cliente'; cliente: ClientePedido | null }
  | { tipo: 'agregarProducto'; producto: ProductoLinea }
  | { tipo: 'agregarRetal'; retal: RetalCotizado['linea'] }
  | { tipo: 'cantidad'; clave: string; valor: number }
  /** The role of the session: only a role that may set a price changes it (precioEditable). */
  | { tipo: 'precio'; clave: string; valor: number; rol: Rol | null }
  | { tipo: 'quitar'; clave: string }
  | { tipo: 'corte'; clave: string; resultado: ResultadoCorte }
  | { tipo: 'descuento'; clave: string; descuento: Pick<DescuentoDecidido, 'id' | 'producto_id' | 'porcentaje_descuento' | 'cantidad_solicitada' | 'precio_unitario'> }
  | { tipo: 'agregarTarea' }
  | { tipo: 'tarea'; clave: string; descripcion_tarea: string }
  | { tipo: 'quitarTarea'; clave: string }
  | { tipo: 'campo'; cambio: Partial<Pick<EstadoPedido, 'observacion_venta' | 'impuesto_adicional_id' | 'estado_venta_id' | 'tipo_pago_id'>> }
  /** The save of an order kept in editing: the order now exists, with this version, and its new tasks are saved. */
  | { tipo: 'guardadoEnEdicion'; venta_id: number; version: number }
  /** An order loaded for editing, or a new empty one. */
  | { tipo: 'reemplazar'; pedido: EstadoPedido }
  | { tipo: 'nuevo' };

function conLineas(estado: EstadoPedido, lineas: LineaPedido[]): EstadoPedido {
  return lineas === estado.lineas ? estado : { ...estado, lineas };
}

export function reductorPedido(estado: EstadoPedido, accion: AccionPedido): EstadoPedido {
  switch (accion.tipo) {
    case 'cliente':
      return { ...estado, cliente: accion.cliente };
    case 'agregarProducto':
      return conLineas(estado, agregarProducto(estado.lineas, accion.producto).lineas);
    case 'agregarRetal':
      return conLineas(estado, [...estado.lineas, lineaDeRetal(accion.retal, siguienteItem(estado.lineas))]);
    case 'cantidad':
      return conLineas(estado, cambiarCantidad(estado.lineas, accion.clave, accion.valor));
    case 'precio':
      return conLineas(estado, cambiarPrecio(estado.lineas, accion.clave, accion.valor, accion.rol));
    case 'quitar':
      return conLineas(estado, quitarLinea(estado.lineas, accion.clave));
    case 'corte':
      return conLineas(estado, aplicarCorte(estado.lineas, accion.clave, accion.resultado));
    case 'descuento':
      return conLineas(estado, aplicarDescuento(estado.lineas, accion.clave, accion.descuento));
    case 'agregarTarea':
      return { ...estado, tareas: [...estado.tareas, { clave: nuevaClave('t'), descripcion_tarea: '' }] };
    case 'tarea':
      return { ...estado, tareas: estado.tareas.map((t) => (t.clave === accion.clave ? { ...t, descripcion_tarea: accion.descripcion_tarea } : t)) };
    case 'quitarTarea':
      return { ...estado, tareas: estado.tareas.filter((t) => t.clave !== accion.clave) };
    case 'campo':
      return { ...estado, ...accion.cambio };
    case 'guardadoEnEdicion':
      return { ...estado, venta_id: accion.venta_id, version: accion.version, tareas: [] };
    case 'reemplazar':
      return accion.pedido;
    case 'nuevo':
      return pedidoVacio();
  }
}
