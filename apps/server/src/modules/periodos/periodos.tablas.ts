import type { ColumnType, Generated } from 'kysely';

/** Tables of the periodos module: the months each store closed, and the history of closings and reopenings. */
export interface PeriodosTablas {
  periodo_cerrado: {
    codigo_tienda: string;
    anio: number;
    mes: number;
    /** Closed now; a reopened month keeps its row (and its last summary) with `cerrado` false. */
    cerrado: boolean;
    /** The figures shown when the month was last closed (JSON written as text, read back parsed). */
    resumen: ColumnType<unknown, string | null, string | null>;
    fecha_cierre: Date | null;
    usuario_cierre_id: number | null;
    fecha_reapertura: Date | null;
    usuario_reapertura_id: number | null;
    motivo_reapertura: string | null;
  };
  periodo_evento: {
    id: Generated<number>;
    codigo_tienda: string;
    anio: number;
    mes: number;
    accion: 'cierre' | 'reapertura';
    user_id: number | null;
    fecha: Generated<Date>;
    motivo: string | null;
    resumen: ColumnType<unknown, string | null | undefined, never>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends PeriodosTablas {}
}
