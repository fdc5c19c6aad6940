// The money a sale's annulment gives back (docs/decisions-reportes-dinero.md "Devoluciones"): its payment rows that
// brought money. Crédito is a credit charge (reversed in the credit ledger) and Anticipo a spend of the prepaid balance
// (given back to that balance): neither is money in the drawer.
import type { Db } from '../../db/database';

export function listFormasDevolucionVenta(db: Db, ventaId: number) {
  return db
    .selectFrom('venta_forma_pago as p')
    .innerJoin('forma_pago as f', 'f.id', 'p.forma_pago_id')
    .select(['p.forma_pago_id', 'f.nombre_forma_pago', 'p.valor_pagado as valor'])
    .where('p.venta_id', '=', ventaId)
    .where('f.forma_credito', '=', false)
    .where('f.forma_abono', '=', false)
    .orderBy('p.id')
    .execute();
}
