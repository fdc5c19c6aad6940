import type { ColumnType, Generated } from 'kysely';
import type { TipoProducto } from '@tablero/domain';
import type { NumericConDefecto } from '../../db/columnas';

/** Tables of the productos module: products, their lookups (function, group, line) and the change counter. */
export interface ProductosTablas {
  funcion_producto: { id: number; nombre_funcion_producto: string; activo: Generated<boolean> };
  grupo: { id: number; nombre_grupo: string; activo: Generated<boolean> };
  linea: { id: number; grupo_id: number; nombre_linea: string; activo: Generated<boolean> };
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
    tipo_producto: Generated<TipoProducto>;
    fecha_registro: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** The catalog's change counter (one row), moved by a trigger; the search index is rebuilt when it moves. */
  producto_version: {
    id: Generated<boolean>;
    version: ColumnType<string, never, never>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ProductosTablas {}
}
