import { actorSistema, type Trx } from '../transaccion';
import * as productosService from '../../modules/productos';
import * as retalesService from '../../modules/retales';

/**
 * A few kept offcuts per demo store (docs/decisions-retales.md), of the demo boards, so Retales, the cutting dialog's
 * offcuts and their labels have something to show on a fresh install.
 */
const RETALES_DEMO: { referencia: string; base: number; altura: number; ubicacion: string; tiendas: string[] }[] = [
  { referencia: 'MEL-BL-15', base: 1200, altura: 800, ubicacion: 'Estante 1', tiendas: ['001', '002'] },
  { referencia: 'MEL-BL-15', base: 2400, altura: 450, ubicacion: 'Estante 1', tiendas: ['001'] },
  { referencia: 'MEL-BL-18', base: 900, altura: 600, ubicacion: 'Estante 2', tiendas: ['001'] },
  { referencia: 'MEL-RS-18', base: 1500, altura: 320, ubicacion: 'Estante 2', tiendas: ['001', '002'] },
  { referencia: 'MDF-CR-15', base: 700, altura: 700, ubicacion: 'Estante 3', tiendas: ['001'] },
];

export async function cargarRetalesDemo(db: Trx): Promise<void> {
  for (const retal of RETALES_DEMO) {
    const productoId = await productosService.idPorReferencia(db, retal.referencia);
    if (productoId === undefined) continue;
    for (const tienda of retal.tiendas) {
      await retalesService.crearRetal(db, actorSistema(tienda), { producto_id: productoId, base: retal.base, altura: retal.altura, ubicacion: retal.ubicacion, observacion: null });
    }
  }
}
