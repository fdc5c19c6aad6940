import type { Generated } from 'kysely';

/** Tables of the sesion module. */
export interface SesionTablas {
  /** A login limit's counter: attempts under `clave` since `ventana_inicio`. */
  limite_ingreso: {
    clave: string;
    ventana_inicio: Generated<Date>;
    intentos: number;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends SesionTablas {}
}
