import type { ColumnType, Generated } from 'kysely';
import type { EstadoTurno, EventoTurno, OrigenTurno } from '@tablero/domain';

/** Tables of the despachos module (migration 202611290000_create_despachos, docs/decisions-despachos.md). */
export interface DespachosTablas {
  despacho_consecutivo: {
    codigo_tienda: string;
    /** The business date (Bogotá), 'YYYY-MM-DD'. */
    fecha: ColumnType<string, string, string>;
    ultimo: number;
  };
  despacho_turno: {
    id: Generated<number>;
    venta_id: number;
    codigo_tienda: string;
    fecha_turno: ColumnType<string, string, string>;
    numero_turno: number;
    estado: ColumnType<EstadoTurno, EstadoTurno | undefined, EstadoTurno>;
    origen: OrigenTurno;
    fecha_creacion: Generated<Date>;
    usuario_crea: number | null;
    fecha_llamado: Date | null;
    despachador_id: number | null;
    fecha_despacho: Date | null;
    mensajero_id: number | null;
    observacion_despacho: string | null;
    usuario_despacha: number | null;
    fecha_retiro: Date | null;
  };
  despacho_turno_evento: {
    id: Generated<number>;
    turno_id: number;
    evento: EventoTurno;
    user_id: number | null;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends DespachosTablas {}
}
