import { sql, type Kysely } from 'kysely';

/**
 * The documento equivalente electrónico tiquete POS (Res. 000165 de 2023; docs/decisions-factura-electronica.md,
 * "Documento equivalente POS"), a third kind of document for counter sales, and its nota de ajuste:
 * - rango_numeracion and venta: the kind 'POS', numbered in its own range and prefix under its own DIAN resolution
 *   (like an invoice range, a POS range carries the resolution number, date and validity).
 * - documento_fe: 'POS' is the DIAN document of a sale billed as POS (Invoice, InvoiceTypeCode 20, CUDE);
 *   'NOTA_AJUSTE' corrects it (CreditNote, CreditNoteTypeCode 94), with a concept and a reason like a credit note, for
 *   an annulment (no return) or a partial return. A sale has at most one invoice or POS document, one annulment note of
 *   either kind, and one note per return.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rango_numeracion drop constraint rango_numeracion_tipo_documento_check`.execute(db);
  await sql`alter table rango_numeracion add constraint rango_numeracion_tipo_documento_check check (tipo_documento in ('FACTURA', 'REMISION', 'POS'))`.execute(db);
  await sql`alter table rango_numeracion drop constraint rango_numeracion_resolucion`.execute(db);
  await sql`
    alter table rango_numeracion add constraint rango_numeracion_resolucion check (
      tipo_documento = 'REMISION'
      or (resolucion_numero is not null and resolucion_fecha is not null and fecha_desde is not null and fecha_hasta is not null)
    )
  `.execute(db);
  await sql`alter table venta drop constraint venta_tipo_documento_check`.execute(db);
  await sql`alter table venta add constraint venta_tipo_documento_check check (tipo_documento in ('FACTURA', 'REMISION', 'POS'))`.execute(db);

  await sql`alter table documento_fe drop constraint documento_fe_tipo_check`.execute(db);
  await sql`alter table documento_fe add constraint documento_fe_tipo_check check (tipo in ('FACTURA', 'NOTA_CREDITO', 'POS', 'NOTA_AJUSTE'))`.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_concepto_nota`.execute(db);
  await sql`
    alter table documento_fe add constraint documento_fe_concepto_nota check (
      case when tipo in ('NOTA_CREDITO', 'NOTA_AJUSTE') then concepto_nota in ('1', '2', '3', '4', '5') and motivo is not null and btrim(motivo) <> ''
           else concepto_nota is null and motivo is null end
    )
  `.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_devolucion_nota`.execute(db);
  await sql`alter table documento_fe add constraint documento_fe_devolucion_nota check (devolucion_venta_id is null or tipo in ('NOTA_CREDITO', 'NOTA_AJUSTE'))`.execute(db);
  await sql`drop index documento_fe_factura_unica`.execute(db);
  await sql`create unique index documento_fe_factura_unica on documento_fe (venta_id) where tipo in ('FACTURA', 'POS')`.execute(db);
  await sql`drop index documento_fe_nota_anulacion_unica`.execute(db);
  await sql`
    create unique index documento_fe_nota_anulacion_unica on documento_fe (venta_id)
    where tipo in ('NOTA_CREDITO', 'NOTA_AJUSTE') and devolucion_venta_id is null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documento_fe_nota_anulacion_unica`.execute(db);
  await sql`create unique index documento_fe_nota_anulacion_unica on documento_fe (venta_id) where tipo = 'NOTA_CREDITO' and devolucion_venta_id is null`.execute(db);
  await sql`drop index documento_fe_factura_unica`.execute(db);
  await sql`create unique index documento_fe_factura_unica on documento_fe (venta_id) where tipo = 'FACTURA'`.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_devolucion_nota`.execute(db);
  await sql`alter table documento_fe add constraint documento_fe_devolucion_nota check (devolucion_venta_id is null or tipo = 'NOTA_CREDITO')`.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_concepto_nota`.execute(db);
  await sql`
    alter table documento_fe add constraint documento_fe_concepto_nota check (
      case when tipo = 'NOTA_CREDITO' then concepto_nota in ('1', '2', '3', '4', '5') and motivo is not null and btrim(motivo) <> ''
           else concepto_nota is null and motivo is null end
    )
  `.execute(db);
  await sql`alter table documento_fe drop constraint documento_fe_tipo_check`.execute(db);
  await sql`alter table documento_fe add constraint documento_fe_tipo_check check (tipo in ('FACTURA', 'NOTA_CREDITO'))`.execute(db);
  await sql`alter table venta drop constraint venta_tipo_documento_check`.execute(db);
  await sql`alter table venta add constraint venta_tipo_documento_check check (tipo_documento in ('FACTURA', 'REMISION'))`.execute(db);
  await sql`alter table rango_numeracion drop constraint rango_numeracion_resolucion`.execute(db);
  await sql`
    alter table rango_numeracion add constraint rango_numeracion_resolucion check (
      tipo_documento <> 'FACTURA' or (resolucion_numero is not null and resolucion_fecha is not null and fecha_desde is not null and fecha_hasta is not null)
    )
  `.execute(db);
  await sql`alter table rango_numeracion drop constraint rango_numeracion_tipo_documento_check`.execute(db);
  await sql`alter table rango_numeracion add constraint rango_numeracion_tipo_documento_check check (tipo_documento in ('FACTURA', 'REMISION'))`.execute(db);
}
