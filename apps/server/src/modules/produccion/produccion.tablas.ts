import type { ColumnType, Generated } from 'kysely';
import type { EstadoEtapa, EventoEtapa } from '@tablero/domain';

/** Tables of the produccion module (migration 202611280000_create_produccion, docs/decisions-produccion.md). */
export interface ProduccionTablas {
  tipo_motivo_suspension_produccion: {
    id: number;
    nombre_tipo_motivo_suspension_produccion: string;
    activo: Generated<boolean>;
  };
  produccion_venta: {
    id: Generated<number>;
    venta_id: number;
    codigo_tienda: string;
    prioritario: Generated<boolean>;
    fecha_prioritario: Date | null;
    completado: Generated<boolean>;
    /** The stage the floor may work now: null until Preparar material. */
    proceso_vigente: number | null;
    fecha_material_preparado: Date | null;
    fecha_inicio_produccion: Date | null;
    fecha_finaliza_produccion: Date | null;
    usuario_inserta: number | null;
    fecha_inserta: Generated<Date>;
    fecha_actualiza: Generated<Date>;
  };
  produccion_venta_etapa: {
    id: Generated<number>;
    produccion_venta_id: number;
    numero_etapa: number;
    grupo_servicio_id: number;
    estado_etapa: ColumnType<EstadoEtapa, EstadoEtapa | undefined, EstadoEtapa>;
    operario_id: number | null;
    maquina_id: number | null;
    fecha_inicio_produccion: Date | null;
    fecha_finaliza_produccion: Date | null;
    fecha_suspension: Date | null;
    motivo_suspension_id: number | null;
    fecha_actualiza: Generated<Date>;
  };
  produccion_etapa_evento: {
    id: Generated<number>;
    produccion_venta_etapa_id: number;
    evento: EventoEtapa;
    estado_anterior: EstadoEtapa;
    estado_nuevo: EstadoEtapa;
    operario_id: number | null;
    maquina_id: number | null;
    motivo_suspension_id: number | null;
    user_id: number | null;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ProduccionTablas {}
}
