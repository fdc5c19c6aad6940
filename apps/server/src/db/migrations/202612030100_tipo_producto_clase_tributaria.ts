import { sql, type Kysely } from 'kysely';

/**
 * The tax kind, the DIAN tax code and the product type (spec 000 §3, 001 §3; docs/decisions-factura-electronica.md,
 * "Clase tributaria"). The codes are the accounting system's (Siigo's tax_classification and product type).
 *
 * Existing rows: a tax at 0 % was the shop's way to write an excluded good, so it becomes Excluded (Exempt when its name
 * says exento), of IVA; a tax above 0 % is Taxed, of the DIAN code its name gave the e-invoice until now (INC or consumo
 * 04, ICA 03, the rest IVA 01). A product is a Service when it has a production service group or the function
 * 'Servicio' (3); every other is a Product, the offcut product of group 5 included (an offcut is a good).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('impuesto')
    .addColumn('clase_tributaria', 'text', (c) => c.notNull().defaultTo('Taxed').check(sql`clase_tributaria in ('Taxed', 'Exempt', 'Excluded')`))
    .addColumn('codigo_impuesto_dian', 'text', (c) => c.notNull().defaultTo('01').check(sql`codigo_impuesto_dian in ('01', '02', '03', '04')`))
    .execute();
  await sql`
    update impuesto
       set clase_tributaria = case when porcentaje_impuesto > 0 then 'Taxed' when nombre_impuesto ~* 'exent' then 'Exempt' else 'Excluded' end,
           codigo_impuesto_dian = case
             when porcentaje_impuesto = 0 then '01'
             when nombre_impuesto ~* '(\\mINC\\M|consumo)' then '04'
             when nombre_impuesto ~* '\\mICA\\M' then '03'
             else '01'
           end
  `.execute(db);
  // The one rule the database can hold on its own: an exempt or excluded tax has no rate, a taxed one has one.
  await sql`alter table impuesto add constraint impuesto_clase_tributaria_tarifa check ((clase_tributaria = 'Taxed') = (porcentaje_impuesto > 0))`.execute(db);

  await db.schema
    .alterTable('producto')
    .addColumn('tipo_producto', 'text', (c) => c.notNull().defaultTo('Product').check(sql`tipo_producto in ('Product', 'Service')`))
    .execute();
  await sql`
    update producto
       set tipo_producto = 'Service'
     where grupo_servicio_id is not null or funcion_producto_id = 3
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('producto').dropColumn('tipo_producto').execute();
  await sql`alter table impuesto drop constraint impuesto_clase_tributaria_tarifa`.execute(db);
  await db.schema.alterTable('impuesto').dropColumn('codigo_impuesto_dian').dropColumn('clase_tributaria').execute();
}
