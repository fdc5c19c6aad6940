import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Icon } from '@tabler/icons-react';
import type { NombreRuta } from '@tablero/domain';

/**
 * A screen a feature offers for one RUTAS entry: the page (loaded the first time it is opened, see `perezosa`)
 * and, when the route has a menu entry, its icon (an entry without one gets a neutral dot) and maybe its badge.
 */
export interface Pantalla {
  componente: ComponentType | LazyExoticComponent<ComponentType>;
  icono?: Icon;
  /** Shown at the end of its menu entry (a count, say); loaded lazily too, and rendering nothing when there is none. */
  insignia?: ComponentType | LazyExoticComponent<ComponentType>;
}

/** What a feature's front door (features/<feature>/index.ts) exports as `pantallas`. */
export type Pantallas = Partial<Record<NombreRuta, Pantalla>>;

/**
 * A page whose code is fetched the first time it is opened, in its own chunk: the feature doors list their screens
 * with it, so the login page never downloads them. `elegir` picks the named export (the pages are named exports). A
 * door may offer a dialog the same way (ventas' sale detail, for the frame's slot).
 */
export function perezosa<M, P extends object = object>(cargar: () => Promise<M>, elegir: (modulo: M) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: elegir(await cargar()) }));
}
