import type { Generated } from 'kysely';
import type { NumericConDefecto } from '../../db/columnas';

/**
 * Tables of the siigo module: the accounting system's inventory classifications and taxes (refreshed by
 * sincronizar), its API token and request budget, and which of our products are in Siigo.
 */
export interface SiigoTablas {
  siigo_clasificacion_inventario: { id: number; nombre: string; activo: Generated<boolean> };
  /**
   * One row (id 1): the accounting system's API token, shared by every server instance, renewed before it expires.
   * `url` and `usuario` name the Siigo company it was issued for (null in rows from before they existed).
   */
  siigo_sesion: { id: number; access_token: string; vence: Date; url: string | null; usuario: string | null };
  siigo_impuesto: { id: number; nombre: string; porcentaje_impuesto: NumericConDefecto; activo: Generated<boolean> };
  /** One row (id 1): requests sent to Siigo in the current one-minute window, by every server instance. */
  siigo_limite_solicitudes: { id: number; ventana_inicio: Generated<Date>; solicitudes: number };
  /** A product of ours known to Siigo: its Siigo id and when it was last pushed there. */
  siigo_producto: { producto_id: number; siigo_id: string; sincronizado_at: Date };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends SiigoTablas {}
}
