// The door of the categorias-productos module: its manifest and what other modules may call (its service, never its repository).
import { categoriasProductosRoutes } from './categorias-productos.routes';
import { definirModulo } from '../modulo';
export type { CategoriasProductosTablas } from './categorias-productos.tablas';

export const modulo = definirModulo({ nombre: 'categorias-productos', rutas: categoriasProductosRoutes, tablas: ['categoria_producto'] });

export * from './categorias-productos.service';
