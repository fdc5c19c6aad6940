// The door of the tipos-medidas module: its manifest and what other modules may call (its service, never its repository).
import { tiposMedidasRoutes } from './tipos-medidas.routes';
import { definirModulo } from '../modulo';
export type { TiposMedidasTablas } from './tipos-medidas.tablas';

export const modulo = definirModulo({ nombre: 'tipos-medidas', rutas: tiposMedidasRoutes, tablas: ['tipo_medida'] });

export * from './tipos-medidas.service';
