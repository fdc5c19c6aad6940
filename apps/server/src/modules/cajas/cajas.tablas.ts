import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';
import type { EstadoRevision, EstadoTurnoCaja, EventoTurnoCaja } from '@tablero/domain';

/** Tables of the cajas module (migration 202612060100; docs/decisions-cajas.md): registers, shifts and their ledger. */
export interface CajasTablas {
  caja: {
    id: Generated<number>;
    codigo_tienda: string;
    nombre_caja: string;
    activa: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  turno_caja: {
    id: Generated<number>;
    caja_id: number;
    codigo_tienda: string;
    usuario_id: number;
    estado: Generated<EstadoTurnoCaja>;
    base_inicial: Numeric;
    fecha_apertura: Generated<Date>;
    /** Set at the close by PostgreSQL's clock after the shift's lock: every movement that held the lock is inside. */
    fecha_cierre: Date | null;
    efectivo_esperado: Numeric | null;
    efectivo_contado: Numeric | null;
    diferencia: Numeric | null;
    conteo: ColumnType<{ denominacion: string; cantidad: number }[] | null, string | null, string | null>;
    observacion_cierre: string | null;
    estado_revision: EstadoRevision | null;
    comentario_revision: string | null;
    revisado_por: number | null;
    fecha_revision: Date | null;
    updated_at: Generated<Date>;
  };
  turno_caja_evento: {
    id: Generated<number>;
    turno_caja_id: number;
    evento: EventoTurnoCaja;
    usuario_id: number | null;
    detalle: string | null;
    valor: Numeric | null;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends CajasTablas {}
}
