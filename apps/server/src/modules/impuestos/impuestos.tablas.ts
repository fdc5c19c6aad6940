import type { Generated } from 'kysely';
import type { ClaseImpuesto, ClaseTributaria, CodigoImpuestoDian } from '@tablero/domain';
import type { NumericConDefecto } from '../../db/columnas';

/** Tables of the impuestos module. */
export interface ImpuestosTablas {
  impuesto: {
    id: Generated<number>;
    nombre_impuesto: string;
    porcentaje_impuesto: NumericConDefecto;
    siigo_impuesto_id: number | null;
    activo: Generated<boolean>;
    clase_impuesto: Generated<ClaseImpuesto>;
    clase_tributaria: Generated<ClaseTributaria>;
    codigo_impuesto_dian: Generated<CodigoImpuestoDian>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ImpuestosTablas {}
}
