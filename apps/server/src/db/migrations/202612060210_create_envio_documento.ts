import { sql, type Kysely } from 'kysely';

/**
 * The sends of a sale's documents (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): one row per document
 * and channel (an e-mail with the invoice and the statement is two rows with the same addresses), with who and when;
 * an e-mail's row moves from PENDIENTE to its result when its job runs. Audited like every table a user changes
 * (202612010000_create_auditoria), module ventas, key id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table envio_documento (
      id serial primary key,
      venta_id integer not null references venta (id),
      codigo_tienda varchar(10) not null references tienda (codigo_tienda),
      documento varchar(20) not null check (documento in ('VENTA', 'COTIZACION', 'ESTADO_CUENTA')),
      canal varchar(10) not null check (canal in ('CORREO', 'ENLACE')),
      destino varchar(2000),
      estado varchar(20) not null default 'PENDIENTE' check (estado in ('PENDIENTE', 'ENVIADO', 'BANDEJA_SALIDA', 'ERROR')),
      mensaje text,
      archivo text,
      user_id integer references usuario (id),
      fecha timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((canal = 'CORREO') = (destino is not null))
    )
  `.execute(db);
  await sql`create index envio_documento_venta on envio_documento (venta_id, id)`.execute(db);
  await sql`
    create trigger auditoria_envio_documento after insert or update or delete on envio_documento
    for each row execute function auditar_cambio('ventas', '{id}', '{updated_at}', '{}')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists envio_documento`.execute(db);
}
