import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ResultadoCorte } from '@tablero/cutting';
import type { CantoPlan, Optimizar } from '@tablero/domain';

/** Tables of the cutting area (issue 3): stored optimizer results. */
export interface CorteTables {
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
    /** numeric(6,2): read as a string. */
    ptje_aprov: ColumnType<string, number, number>;
    entrada: JSONColumnType<Optimizar>;
    resultado: JSONColumnType<ResultadoCorte>;
    /** The edge products the plan was optimized with (empty for plans stored before edges were product ids). */
    cantos: ColumnType<CantoPlan[], string | undefined, string>;
    fecha: Generated<Date>;
  };
}
