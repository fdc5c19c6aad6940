import { sql, type Kysely } from 'kysely';

// Payment methods (spec 000 §3 Payment method, 002 §3; docs/decisions.md, Formas de pago): a lookup the billing rules
// name by id. 1 is cash (spec 000 §9: the bill dialog's change, the credit-mode row); 6 is credit (forma_credito: the
// invoice is charged to the customer's credit account); 8 is the advance (forma_abono: paid from the customer's prepaid
// balance; the parameter FORMA_PAGO_ANTICIPO names it). 6 and 8 are the two spec 002 §5 hides from credit payments.
// requiere_codigo_comprobante: the cashier types the voucher or deposit code.

const FORMAS_PAGO_INICIALES = [
  { id: 1, nombre_forma_pago: 'Efectivo', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: false },
  { id: 2, nombre_forma_pago: 'Tarjeta débito', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 3, nombre_forma_pago: 'Tarjeta crédito', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 4, nombre_forma_pago: 'Transferencia bancaria', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 5, nombre_forma_pago: 'Consignación', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 6, nombre_forma_pago: 'Crédito', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: true },
  { id: 7, nombre_forma_pago: 'Nequi / Daviplata', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 8, nombre_forma_pago: 'Anticipo', requiere_codigo_comprobante: false, forma_abono: true, forma_credito: false },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('forma_pago')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('nombre_forma_pago', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('requiere_codigo_comprobante', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('forma_abono', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('forma_credito', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    // A method is at most one of the two special kinds.
    .addCheckConstraint('forma_pago_un_tipo', sql`not (forma_abono and forma_credito)`)
    .execute();
  await db.insertInto('forma_pago').values(FORMAS_PAGO_INICIALES).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('forma_pago').execute();
}
