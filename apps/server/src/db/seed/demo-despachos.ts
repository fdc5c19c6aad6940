import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as despachosService from '../../modules/despachos';
import * as usuariosService from '../../modules/usuarios';
import { clientePorDocumento } from './demo-ventas';

const TIENDA = '001';
/** Camilo Rendón, the demo messenger (demo-terceros). */
const DOCUMENTO_MENSAJERO = '1001234567';

/**
 * Demo data of despachos (docs/decisions-despachos.md), after billing and production: the billed demo sales of store
 * 001 that are ready already have their turns (billing and the finished OP enqueued them through the despachos door).
 * Here, through the service, Valentina Vendedora dispatches the oldest waiting turn with the demo messenger and calls
 * the next one, so the Despachos screen and the public board show a turn in each state.
 */
export async function cargarDespachosDemo(db: Trx): Promise<void> {
  const vendedorId = await usuariosService.idPorEmail(db, 'vendedor@tablero.test');
  if (vendedorId === undefined) throw new Error('Faltan los usuarios de demostración');
  const despachador: Actor = { ...actorSistema(TIENDA), userId: vendedorId, role: 'Vendedor' };
  const mensajero = (await clientePorDocumento(db, DOCUMENTO_MENSAJERO)).id;
  const enCola = await db
    .selectFrom('despacho_turno')
    .select('venta_id')
    .where('codigo_tienda', '=', TIENDA)
    .where('estado', '=', 'en_cola')
    .orderBy('fecha_turno')
    .orderBy('numero_turno')
    .limit(2)
    .execute();
  if (enCola.length < 2) throw new Error('Faltan turnos de despacho de demostración');
  const [despachada, llamada] = enCola.map((t) => t.venta_id) as [number, number];
  await despachosService.llamarTurno(db, despachada, vendedorId, despachador);
  await despachosService.guardarDespacho(
    db,
    { venta_id: despachada, usuario_id: vendedorId, mensajero_id: mensajero, observacion_despacho: 'Entregado al cliente en mostrador' },
    despachador,
  );
  await despachosService.llamarTurno(db, llamada, vendedorId, despachador);
}
