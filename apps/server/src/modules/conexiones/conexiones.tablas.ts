import type { Generated } from 'kysely';

/** Tables of the conexiones module: one row per session (login). */
export interface ConexionesTablas {
  conexion: {
    id: Generated<number>;
    user_id: number;
    name_connection: string;
    user_agent: string;
    ip: string;
    fecha_registro: Generated<Date>;
    expira_en: Date;
    fecha_cierre: Date | null;
    cerrada_por: number | null;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ConexionesTablas {}
}
