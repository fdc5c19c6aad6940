import type { Generated } from 'kysely';

/** Tables of the maquinas module: machines, their states and the service groups. */
export interface MaquinasTablas {
  grupo_servicio: {
    id: number;
    nombre_grupo_servicio: string;
    activo: Generated<boolean>;
  };
  estado_maquina: {
    id: number;
    nombre_estado_maquina: string;
  };
  maquina: {
    id: Generated<number>;
    referencia: string;
    nombre_maquina: string;
    grupo_servicio_id: number;
    estado_maquina_id: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends MaquinasTablas {}
}
