// The door of the auditoria module: its manifest and the audit trail's reading (the rows are written by PostgreSQL).
import { auditoriaRoutes } from './auditoria.routes';
import { definirModulo } from '../modulo';
export type { AuditoriaTablas } from './auditoria.tablas';

export const modulo = definirModulo({ nombre: 'auditoria', rutas: auditoriaRoutes, tablas: ['auditoria'] });

export * from './auditoria.service';
