import type { Generated, GeneratedAlways } from 'kysely';
import type { ResponsabilidadFiscal, TipoPersona, TipoTercero } from '@tablero/domain';
import type { NumericConDefecto } from '../../db/columnas';

/** Tables of the terceros module: third parties and their document types. */
export interface TercerosTablas {
  tipo_documento: {
    id: number;
    nombre_tipo_documento: string;
    codigo_dian: string;
    activo: Generated<boolean>;
  };
  tercero: {
    id: Generated<number>;
    tipo_documento_id: number;
    numero_documento: string;
    nombres: string;
    apellidos: string;
    correo_electronico: string;
    numero_telefonico: string | null;
    numero_celular: string;
    tipo_tercero: TipoTercero;
    tipo_persona: TipoPersona;
    responsable_iva: boolean;
    responsabilidad_fiscal: ResponsabilidadFiscal;
    direccion_residencia: string | null;
    country_code: string | null;
    state_code: string | null;
    city_code: string | null;
    activo: Generated<boolean>;
    user_id: number | null;
    saldo_abono: NumericConDefecto;
    codigo_tienda: string | null;
    fecha_registro: Generated<Date>;
    updated_at: Generated<Date>;
    /** Names and surnames without accents or case, kept by PostgreSQL (migration 202611260300): what searches by customer read. */
    texto_busqueda: GeneratedAlways<string>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends TercerosTablas {}
}
