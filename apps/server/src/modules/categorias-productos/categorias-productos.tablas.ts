import type { Generated } from 'kysely';

/** Tables of the categorias-productos module. */
export interface CategoriasProductosTablas {
  categoria_producto: {
    id: Generated<number>;
    nombre_categoria_producto: string;
    categoria_producto_padre_id: number | null;
    siigo_clasificacion_inventario_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends CategoriasProductosTablas {}
}
