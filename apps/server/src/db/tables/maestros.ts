import type { Generated } from 'kysely';

/** Tables of the masters area: suppliers, concept types, machines and service groups. */
export interface MaestrosTables {
  grupo_servicio: {
    id: number;
    nombre_grupo_servicio: string;
    activo: Generated<boolean>;
  };
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
  tipo_concepto: {
    id: Generated<number>;
    nombre_tipo_concepto: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
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
