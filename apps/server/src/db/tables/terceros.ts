import type { ColumnType, Generated } from 'kysely';
import type { ResponsabilidadFiscal, TipoPersona, TipoTercero } from '@tablero/domain';

/** numeric(18,2): pg answers a string; we write numbers or strings. */
type Dinero = ColumnType<string, number | string, number | string>;
type DineroPorDefecto = ColumnType<string, number | string | undefined, number | string>;

/** Tables of the terceros area: third parties, lookups, prepaid balance and credit accounts. */
export interface TercerosTables {
  tipo_documento: {
    id: number;
    nombre_tipo_documento: string;
    codigo_dian: string;
    activo: Generated<boolean>;
  };
  pais: { country_code: string; codigo_numerico: string; country_name: string };
  departamento: { country_code: string; state_code: string; state_name: string };
  ciudad: { country_code: string; state_code: string; city_code: string; city_name: string };
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
    saldo_abono: DineroPorDefecto;
    codigo_tienda: string | null;
    fecha_registro: Generated<Date>;
    updated_at: Generated<Date>;
  };
  tipo_movimiento_abono: { id: number; nombre_tipo_movimiento_abono: string };
  abono_tercero: {
    id: Generated<number>;
    tercero_id: number;
    tipo_movimiento_abono_id: number;
    fecha_abono: ColumnType<string, string | undefined, never>;
    descripcion_abono: string;
    valor_abono: Dinero;
    saldo_abono: Dinero;
    venta_id: number | null;
    movimiento_origen_id: number | null;
    forma_pago_id: number | null;
    codigo_tienda: string | null;
    user_id: number | null;
    fecha_inserta: Generated<Date>;
  };
  cuenta_credito: {
    id: Generated<number>;
    tercero_id: number;
    total_cupo_permitido: Dinero;
    total_credito: DineroPorDefecto;
    user_id: number | null;
    fecha_creacion: Generated<Date>;
    updated_at: Generated<Date>;
  };
  tipo_movimiento_credito: { id: number; nombre_tipo_movimiento_credito: string };
  cuenta_credito_movimiento: {
    id: Generated<number>;
    cuenta_credito_id: number;
    tipo_movimiento_credito_id: number;
    venta_id: number | null;
    descripcion_movimiento: string;
    valor_movimiento: Dinero;
    saldo_credito: Dinero;
    movimiento_origen_id: number | null;
    fecha_movimiento: ColumnType<string, string | undefined, never>;
    observacion: string | null;
    codigo_tienda: string | null;
    user_id: number | null;
    fecha_inserta: Generated<Date>;
  };
}
