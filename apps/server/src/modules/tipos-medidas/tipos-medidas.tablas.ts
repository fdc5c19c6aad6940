import type { Generated } from 'kysely';

/** Tables of the tipos-medidas module. */
export interface TiposMedidasTablas {
  tipo_medida: {
    id: Generated<number>;
    nombre_corto_tipo_medida: string;
    nombre_tipo_medida: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends TiposMedidasTablas {}
}
