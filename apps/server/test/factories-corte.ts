import type { Kysely } from 'kysely';
import { GRUPO_TAPACANTOS, type OptimizarEntrada } from '@tablero/domain';
import type { Database } from '../src/db/database';
import { crearProveedor } from './factories-maestros';
import { crearImpuesto, crearProducto, type ProductoPrueba } from './factories-productos';

/**
 * Edge band products of the corte tests (spec 000 §3 "Edge": the cutting dialog sends their ids). The reference
 * picks the banding service: '…3R' SERVIENC33R, '…R' SERVIENC02, anything else SERVIENC05. Six edges, the most a
 * cut list may use, plus a product that is no edge band (hardware), to be refused as one.
 */
export interface CantosPrueba {
  grueso: ProductoPrueba;
  delgado: ProductoPrueba;
  flexible: ProductoPrueba;
  otros: ProductoPrueba[];
  noEsCanto: ProductoPrueba;
}

/** Creates the edge products once per test database (references are unique per database). */
export async function crearCantosPrueba(db: Kysely<Database>): Promise<CantosPrueba> {
  const { id: impuesto_id } = await crearImpuesto(db);
  const { id: proveedor_id } = await crearProveedor(db);
  const canto = (referencia: string, nombre_producto: string, linea_id = 4) =>
    crearProducto(db, { referencia, nombre_producto, impuesto_id, proveedor_id, grupo_id: GRUPO_TAPACANTOS, linea_id });
  return {
    grueso: await canto('CANTO-3R', 'Tapacanto rígido blanco 22 x 3 mm'),
    delgado: await canto('CANTO-R', 'Tapacanto rígido blanco 22 x 0,45 mm'),
    flexible: await canto('CANTO-FLX', 'Tapacanto flexible blanco 22 mm', 5),
    otros: [await canto('CANTO-4', 'Tapacanto 4'), await canto('CANTO-5', 'Tapacanto 5'), await canto('CANTO-6', 'Tapacanto 6')],
    noEsCanto: await crearProducto(db, { referencia: 'BISAGRA-35', nombre_producto: 'Bisagra cazoleta 35 mm', impuesto_id, proveedor_id, grupo_id: 4, linea_id: 8 }),
  };
}

/** Cutting jobs for the corte API tests: a small kitchen module on a 2440 × 2150 board, its edges by product id. */
export function cuerpoOptimizar(cantos: CantosPrueba, cambios: Partial<OptimizarEntrada> = {}): OptimizarEntrada {
  return {
    nombres: 'María José',
    apellidos: 'Peñaloza',
    numero_documento: '1020304050',
    referencia: 'MEL-BLANCO-15',
    despiece_retales: false,
    canto: true,
    modo_etiquetas: 2,
    parametros: { desp_sierra: 5, desp_tapacantos: 60, base: 2440, altura: 2150, refilado_x: 20, refilado_y: 20 },
    piezas: [
      { cantidad: 2, base: 720, altura: 560, rotacion: false, descripcion: 'Costado', canto_base_top: cantos.grueso.id, canto_altura_left: cantos.delgado.id },
      {
        cantidad: 3,
        base: 396,
        altura: 716,
        rotacion: true,
        descripcion: 'Puerta',
        canto_base_top: cantos.grueso.id,
        canto_base_bottom: cantos.grueso.id,
        canto_altura_left: cantos.grueso.id,
        canto_altura_right: cantos.grueso.id,
        lista_servicios_especiales: [{ referencia: 'SERVBISAGRA', modo: 'P', modo_text: 'Pieza', cantidad: 2 }],
      },
      { cantidad: 4, base: 380, altura: 540, rotacion: true, descripcion: 'Entrepaño' },
    ],
    retales: [],
    ...cambios,
  };
}

/**
 * A large cut list (about `filas` × 2 pieces, dozens of distinct board patterns): its plans PDF takes hundreds of
 * milliseconds to render, the kind of plan that held the event loop before the documents pool.
 */
export function piezasGrandes(cantos: CantosPrueba, filas: number): OptimizarEntrada['piezas'] {
  return Array.from({ length: filas }, (_, i) => ({
    cantidad: 1 + (i % 3),
    base: 150 + ((i * 137) % 900),
    altura: 120 + ((i * 251) % 700),
    rotacion: i % 3 !== 0,
    descripcion: `Pieza ${i + 1}`,
    canto_base_top: i % 2 === 0 ? cantos.grueso.id : null,
    canto_altura_left: cantos.flexible.id,
  }));
}
