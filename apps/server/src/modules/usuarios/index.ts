// The door of the usuarios module: its manifest and what other modules may call (its service, never its repository).
import { definirModulo } from '../modulo';
export type { UsuariosTablas } from './usuarios.tablas';

export const modulo = definirModulo({ nombre: 'usuarios', tablas: ['usuario', 'usuario_tienda', 'intento_ingreso'], dependeDe: ['conexiones'] });

export * from './usuarios.service';
