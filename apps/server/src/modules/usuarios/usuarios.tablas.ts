import type { Generated } from 'kysely';
import type { Rol } from '@tablero/domain';

/** Tables of the usuarios module: staff accounts, their stores and the login attempts. */
export interface UsuariosTablas {
  usuario: {
    id: Generated<number>;
    name: string;
    email: string;
    password_hash: string;
    role: Rol;
    activo: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  usuario_tienda: {
    user_id: number;
    codigo_tienda: string;
  };
  intento_ingreso: {
    id: Generated<number>;
    email: string;
    ip: string;
    exitoso: boolean;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends UsuariosTablas {}
}
