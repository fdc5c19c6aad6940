import type { AccionAuditoria } from '@tablero/domain';

/** The badge colour of each kind of change. */
export const COLOR_ACCION: Record<AccionAuditoria, string> = { crear: 'green', editar: 'blue', eliminar: 'red' };
