import type { Generated } from 'kysely';

/** Tables of the tiendas module. */
export interface TiendasTablas {
  tienda: {
    id: Generated<number>;
    codigo_tienda: string;
    nombre_tienda: string;
    activo: Generated<boolean>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends TiendasTablas {}
}
