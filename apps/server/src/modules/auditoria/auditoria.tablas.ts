import type { Generated } from 'kysely';

/**
 * Tables of the auditoria module: the audit trail, one row per change of an audited row. Written only by the
 * PostgreSQL trigger `auditar_cambio` (migration 202612010000_create_auditoria), in the change's own transaction;
 * the module reads it.
 */
export interface AuditoriaTablas {
  auditoria: {
    id: Generated<string>;
    fecha: Generated<Date>;
    usuario_id: number | null;
    rol: string | null;
    codigo_tienda: string | null;
    ip: string | null;
    request_id: string | null;
    modulo: string;
    tabla: string;
    registro: string;
    accion: 'crear' | 'editar' | 'eliminar';
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends AuditoriaTablas {}
}
