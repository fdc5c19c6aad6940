import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ResultadoCorte } from '@tablero/cutting';
import type { CantoPlan, Optimizar } from '@tablero/domain';

/** Tables of the corte module: stored optimizer results. */
export interface CorteTablas {
  optimizacion: {
    id: Generated<number>;
    origen: 'optimizador' | 'venta';
    codigo_tienda: string;
    user_id: number;
    nombres: string;
    apellidos: string;
    numero_documento: string;
    referencia: string;
    cant_placas: number;
    /** New boards the same list needs without the inventory offcuts it uses (docs/decisions-retales.md); null when it uses none. */
    placas_sin_retales: ColumnType<number | null, number | null | undefined, number | null>;
    /** numeric(6,2): read as a string. */
    ptje_aprov: ColumnType<string, number, number>;
    entrada: JSONColumnType<Optimizar>;
    resultado: JSONColumnType<ResultadoCorte>;
    /** The edge products the plan was optimized with (empty for plans stored before edges were product ids). */
    cantos: ColumnType<CantoPlan[], string | undefined, string>;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends CorteTablas {}
}
