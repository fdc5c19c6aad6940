import { sql, type Kysely } from 'kysely';

/**
 * An annulment of a sale with an electronic invoice names DIAN's concept and a reason (docs/decisions-factura-
 * electronica.md, "Anulación con nota crédito"):
 * - documento_fe.concepto_nota: the code of DIAN's ConceptoNotaCredito list the note carries in
 *   DiscrepancyResponse/ResponseCode; documento_fe.motivo: the reason written in DiscrepancyResponse/Description. A
 *   credit note carries both, an invoice neither. Notes queued before this migration were annulments (concept 2); their
 *   reason is the annulment's description of the time.
 * - venta_estado_historial.motivo: the reason of a change of state, kept with who and when (the annulment's).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documento_fe add column concepto_nota varchar(2), add column motivo varchar(250)`.execute(db);
  await sql`
    update documento_fe set concepto_nota = '2', motivo = 'Anulación de la venta No. ' || venta_id
    where tipo = 'NOTA_CREDITO'
  `.execute(db);
  await sql`
    alter table documento_fe add constraint documento_fe_concepto_nota check (
      case when tipo = 'NOTA_CREDITO' then concepto_nota in ('1', '2', '3', '4', '5') and motivo is not null and btrim(motivo) <> ''
           else concepto_nota is null and motivo is null end
    )
  `.execute(db);
  await sql`alter table venta_estado_historial add column motivo varchar(250)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table venta_estado_historial drop column motivo`.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_concepto_nota, drop column motivo, drop column concepto_nota`.execute(db);
}
