// The door of the productos module: its manifest and what other modules may call (its service, never its repository).
import { productosRoutes } from './productos.routes';
import { definirModulo } from '../modulo';
export type { ProductosTablas } from './productos.tablas';

export const modulo = definirModulo({
  nombre: 'productos',
  rutas: productosRoutes,
  tablas: ['producto', 'producto_version', 'funcion_producto', 'grupo', 'linea'],
  dependeDe: ['inventario', 'parametros'],
});

export * from './productos.service';
export { BuscadorProductos } from './productos.buscador';
