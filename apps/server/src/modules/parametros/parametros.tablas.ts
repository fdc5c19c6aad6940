import type { Generated } from 'kysely';

/** Tables of the parametros module: the parameters and their change history. */
export interface ParametrosTablas {
  parametro: {
    codigo_parametro: string;
    valor_parametro: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  parametro_historial: {
    id: Generated<number>;
    codigo_parametro: string;
    valor_anterior: string | null;
    valor_nuevo: string;
    user_id: number | null;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ParametrosTablas {}
}
