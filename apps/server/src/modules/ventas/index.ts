// The door of the ventas module: its manifest and what other modules may call (its service, never its repository).
import { ventasRoutes } from './ventas.routes';
import { definirModulo } from '../modulo';
export type { VentasTablas } from './ventas.tablas';

export const modulo = definirModulo({
  nombre: 'ventas',
  rutas: ventasRoutes,
  tablas: ['venta', 'venta_detalle', 'venta_tarea', 'venta_estado_historial', 'estado_venta', 'tipo_pago', 'forma_pago', 'venta_forma_pago', 'devolucion_venta', 'devolucion_venta_detalle', 'pedido_borrador', 'envio_documento', 'venta_prefijo', 'resumen_lista_facturas'],
  dependeDe: ['productos', 'impuestos', 'terceros', 'inventario', 'abonos', 'cuentas-credito', 'descuentos', 'parametros', 'numeracion', 'factura-electronica', 'periodos', 'produccion', 'despachos', 'devoluciones', 'cajas', 'corte', 'retenciones', 'retales'],
});

export * from './ventas.service';
export * from './pedidos.service';
export { anularVenta, documentoStockVenta, facturarVenta, type Facturada } from './facturar.service';
