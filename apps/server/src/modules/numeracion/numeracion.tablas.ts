import type { Generated } from 'kysely';
import type { TipoDocumentoNumeracion } from '@tablero/domain';

/** Tables of the numeracion module: each store's numbering ranges per document kind (spec 000 §3; docs/decisions.md, Facturación). */
export interface NumeracionTablas {
  rango_numeracion: {
    id: Generated<number>;
    codigo_tienda: string;
    tipo_documento: TipoDocumentoNumeracion;
    prefijo: string;
    numero_desde: number;
    numero_hasta: number;
    /** The next number to hand out; moves only by asignarNumero's atomic UPDATE (numero_hasta + 1 when exhausted). */
    siguiente_numero: number;
    resolucion_numero: string | null;
    /** DIAN technical key of an invoice range (it enters the CUFE); null for remissions. */
    clave_tecnica: string | null;
    /** Calendar dates, 'YYYY-MM-DD' (the driver reads dates as text). */
    resolucion_fecha: string | null;
    fecha_desde: string | null;
    fecha_hasta: string | null;
    activo: Generated<boolean>;
    user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends NumeracionTablas {}
}
