import type { Generated } from 'kysely';

/** Tables of the proveedores module. */
export interface ProveedoresTablas {
  proveedor: {
    id: Generated<number>;
    nombre_proveedor: string;
    nit: string;
    numero_telefonico: string;
    correo_electronico: string;
    direccion: string | null;
    credito: Generated<boolean>;
    plazo_credito: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ProveedoresTablas {}
}
