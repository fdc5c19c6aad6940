import { sql, type Kysely } from 'kysely';

/**
 * The bill decides a sale's payment type (docs/decisions.md, Facturación, Tipo de pago). Billing wrote the mode
 * (`modo_factura`) and charged the credit account but left the order's `tipo_pago_id` as the seller saved it, so an
 * order saved Contado and billed on credit said Contado in its header and in Cierre de mes (and the reverse).
 *
 * Each billed sale (a mode written) takes its type from what its bill did, read from the ledgers: a credit charge
 * (movement type 1 of `cuenta_credito_movimiento`) or a payment row of a credit method (`forma_pago.forma_credito`)
 * make it a credit sale (mode 'CR', type 2); otherwise it is a cash sale ('C', 1). An annulled sale keeps what its
 * bill was. Then a CHECK keeps the two in step for every later write: a billed sale's type is its mode's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update venta v
       set tipo_pago_id = case when l.credito then 2 else 1 end,
           modo_factura = case when l.credito then 'CR' else 'C' end
      from (
        select b.id,
               exists (select 1 from cuenta_credito_movimiento m where m.venta_id = b.id and m.tipo_movimiento_credito_id = 1)
               or exists (select 1 from venta_forma_pago p join forma_pago f on f.id = p.forma_pago_id where p.venta_id = b.id and f.forma_credito)
                 as credito
          from venta b
         where b.modo_factura is not null
      ) l
     where l.id = v.id
       and (v.tipo_pago_id <> case when l.credito then 2 else 1 end or v.modo_factura <> case when l.credito then 'CR' else 'C' end)
  `.execute(db);
  await sql`
    alter table venta add constraint venta_tipo_pago_sigue_factura
      check (modo_factura is null or tipo_pago_id = case modo_factura when 'CR' then 2 else 1 end)
  `.execute(db);
}

/** Only the CHECK goes: the corrected rows keep what their bills did. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table venta drop constraint venta_tipo_pago_sigue_factura`.execute(db);
}
