import { actorSistema, type Trx } from '../transaccion';
import * as cajasService from '../../modules/cajas';

/** One register per demo store (docs/decisions-cajas.md), so a cashier can open a shift on a fresh install. */
export async function cargarCajasDemo(db: Trx): Promise<void> {
  for (const codigoTienda of ['001', '002']) {
    await cajasService.crearCaja(db, actorSistema(codigoTienda), { nombre_caja: 'Caja 1', activa: true });
  }
}
