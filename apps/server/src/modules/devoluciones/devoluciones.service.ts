/**
 * Money moves on the day it moves (docs/decisions-reportes-dinero.md "Devoluciones"): an annulment of a sale, a credit
 * payment or an advance gives back, in the same transaction, the money that really came in with it, as dated rows of
 * the day it happens (one per method, with the store and the user). The daily cash of that day shows them as money
 * out; the day the document was billed or received keeps counting it, so no earlier day changes.
 *
 * Each origin module decides which of its methods go back (ventas, cuentas-credito, abonos) and calls this door after
 * its own locks, as its last write before the commit: the rows are new, nobody waits on them (lock order, §3).
 */
import { aCentavos, dePesos, mensajeDevolucion, totalDevolucion, type DevolucionForma, type DevolucionPrevia, type OrigenDevolucion } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import * as cajasService from '../cajas';
import * as repositorio from './devoluciones.repository';

/** The methods of a refund added up per method (a method paid twice goes back once, in one row), those with money only. */
export function agruparFormas(filas: readonly { forma_pago_id: number; nombre_forma_pago: string; valor: string | number }[]): DevolucionForma[] {
  const porForma = new Map<number, { nombre: string; centavos: number }>();
  for (const f of filas) {
    const actual = porForma.get(f.forma_pago_id) ?? { nombre: f.nombre_forma_pago, centavos: 0 };
    actual.centavos += aCentavos(f.valor);
    porForma.set(f.forma_pago_id, actual);
  }
  return [...porForma.entries()]
    .filter(([, f]) => f.centavos > 0)
    .sort(([a], [b]) => a - b)
    .map(([forma_pago_id, f]) => ({ forma_pago_id, nombre_forma_pago: f.nombre, valor: dePesos(f.centavos) }));
}

/** What an annul dialog shows before confirming: the methods, their total and the sentence. */
export function previa(origen: OrigenDevolucion, origenId: number, formas: DevolucionForma[]): DevolucionPrevia {
  return { origen, origen_id: origenId, formas, total: totalDevolucion(formas), mensaje: mensajeDevolucion(formas) };
}

/**
 * Inside the annulment's transaction: writes the refund of `origen` in the actor's store (the drawer the money leaves),
 * today, by the actor. Answers what it wrote, as the dialog words it.
 */
export async function registrarDevolucion(
  trx: Trx,
  actor: Actor,
  origen: OrigenDevolucion,
  origenId: number,
  formas: DevolucionForma[],
  /** A sale's partial return (docs/decisions-factura-electronica.md, "Devolución parcial"): its rows name it. */
  devolucionVentaId?: number,
): Promise<DevolucionPrevia> {
  await cajasService.exigirTurnoAbierto(trx, actor, formas.map((f) => f.forma_pago_id));
  await repositorio.insertDevoluciones(trx, { codigoTienda: tiendaDelActor(actor), origen, origenId, usuarioId: actor.userId, formas, ...(devolucionVentaId ? { devolucionVentaId } : {}) });
  return previa(origen, origenId, formas);
}

/**
 * Centavos already given back for `origen` per method (docs/decisions-factura-electronica.md, "Devolución parcial"): a
 * sale's partial returns write rows of origin 'venta', so its annulment gives back only the rest of each method.
 */
export async function devueltoPorForma(db: Db, origen: OrigenDevolucion, origenId: number): Promise<Map<number, number>> {
  return new Map((await repositorio.sumDevueltoPorForma(db, origen, origenId)).map((f) => [f.forma_pago_id, aCentavos(f.valor)]));
}
