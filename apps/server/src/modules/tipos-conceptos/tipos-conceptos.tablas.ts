import type { Generated } from 'kysely';

/** Tables of the tipos-conceptos module. */
export interface TiposConceptosTablas {
  tipo_concepto: {
    id: Generated<number>;
    nombre_tipo_concepto: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends TiposConceptosTablas {}
}
