import type { ColumnType, Generated } from 'kysely';

/** numeric columns: pg answers strings (exact), and accepts numbers or strings. */
type Numeric = ColumnType<string, number | string, number | string>;
type NumericConDefecto = ColumnType<string, number | string | undefined, number | string>;

/** Tables of the productos area: products, their catalogs and lookups, per-store inventory and its ledger. */
export interface ProductosTables {
  funcion_producto: { id: number; nombre_funcion_producto: string; activo: Generated<boolean> };
  grupo: { id: number; nombre_grupo: string; activo: Generated<boolean> };
  linea: { id: number; grupo_id: number; nombre_linea: string; activo: Generated<boolean> };
  siigo_clasificacion_inventario: { id: number; nombre: string; activo: Generated<boolean> };
  siigo_impuesto: { id: number; nombre: string; porcentaje_impuesto: NumericConDefecto; activo: Generated<boolean> };
  impuesto: {
    id: Generated<number>;
    nombre_impuesto: string;
    porcentaje_impuesto: NumericConDefecto;
    siigo_impuesto_id: number | null;
    activo: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  categoria_producto: {
    id: Generated<number>;
    nombre_categoria_producto: string;
    categoria_producto_padre_id: number | null;
    siigo_clasificacion_inventario_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  tipo_medida: {
    id: Generated<number>;
    nombre_corto_tipo_medida: string;
    nombre_tipo_medida: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  producto: {
    id: Generated<number>;
    referencia: string;
    prefijo: string | null;
    nombre_producto: string;
    descripcion_producto: string | null;
    precio_unitario: NumericConDefecto;
    impuesto_id: number;
    funcion_producto_id: number | null;
    proveedor_id: number;
    grupo_id: number;
    linea_id: number;
    medida_largo: number | null;
    medida_ancho: number | null;
    grupo_servicio_id: number | null;
    categoria_producto_id: number | null;
    tipo_medida_id: number | null;
    fecha_registro: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** The catalog's change counter (one row), moved by a trigger; the search index is rebuilt when it moves. */
  producto_version: {
    id: Generated<boolean>;
    version: ColumnType<string, never, never>;
  };
  inventario: {
    codigo_tienda: string;
    producto_id: number;
    cantidad: Generated<number>;
    precio_unitario: NumericConDefecto;
    costo_inventario_unitario: NumericConDefecto;
    updated_at: Generated<Date>;
  };
  inventario_movimiento: {
    id: Generated<string>;
    codigo_tienda: string;
    producto_id: number;
    tipo_movimiento: 'INICIAL' | 'ENTRADA' | 'AJUSTE' | 'CARGA_MASIVA' | 'VENTA' | 'ANULACION';
    cantidad: number;
    saldo: number;
    costo_unitario: Numeric;
    user_id: number | null;
    fecha: Generated<Date>;
    motivo: string;
    documento: string | null;
  };
}
