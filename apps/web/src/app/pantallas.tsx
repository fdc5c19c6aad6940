import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NombreRuta } from '@tablero/domain';
import { InicioPage } from './routes/inicio';
import { InicioSesionPage } from './routes/inicio-sesion';

export interface Pantalla {
  componente: ComponentType | LazyExoticComponent<ComponentType>;
}

/** Loads a page's code the first time it is opened. */
function perezosa<M>(cargar: () => Promise<M>, elegir: (modulo: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: elegir(await cargar()) }));
}

/**
 * The screens that exist, by their name in RUTAS (@tablero/domain). This map is the only list of them:
 * a route is registered in the router, shown in the side menu and offered on home only when its
 * screen is here (and the role may open it). Adding a screen is one line:
 *
 *   productos: { componente: perezosa(() => import('./routes/productos'), (m) => m.ProductosPage) },
 *
 * Where it goes (login page, inside the layout, public) follows from the route's `acceso`.
 */
export const PANTALLAS: Partial<Record<NombreRuta, Pantalla>> = {
  inicio: { componente: InicioPage },
  inicioSesion: { componente: InicioSesionPage },
  parametros: { componente: perezosa(() => import('./routes/parametros'), (m) => m.ParametrosPage) },
  conexiones: { componente: perezosa(() => import('./routes/conexiones'), (m) => m.ConexionesPage) },
  // Área productos.
  productos: { componente: perezosa(() => import('./routes/productos'), (m) => m.ProductosPage) },
  productosCrear: { componente: perezosa(() => import('./routes/productos-formulario'), (m) => m.ProductosCrearPage) },
  productosEditar: { componente: perezosa(() => import('./routes/productos-formulario'), (m) => m.ProductosEditarPage) },
  inventario: { componente: perezosa(() => import('./routes/inventario'), (m) => m.InventarioPage) },
  // Área terceros.
  terceros: { componente: perezosa(() => import('./routes/terceros'), (m) => m.TercerosPage) },
  cuentasCredito: { componente: perezosa(() => import('./routes/cuentas-credito'), (m) => m.CuentasCreditoPage) },
  cuentaCreditoDetalle: { componente: perezosa(() => import('./routes/cuenta-credito-detalle'), (m) => m.CuentaCreditoDetallePage) },
  // Área maestros.
  proveedores: { componente: perezosa(() => import('./routes/proveedores'), (m) => m.ProveedoresPage) },
  tiposConceptos: { componente: perezosa(() => import('./routes/tipos-conceptos'), (m) => m.TiposConceptosPage) },
  maquinas: { componente: perezosa(() => import('./routes/maquinas'), (m) => m.MaquinasPage) },
};

export function estaImplementada(nombre: NombreRuta): boolean {
  return PANTALLAS[nombre] !== undefined;
}
