import { sql, type Kysely } from 'kysely';

// Electronic invoicing (docs/decisions-factura-electronica.md; spec 000 §2.6, §2.10, §4.1, §7 timbrar-dian and
// enviar-email-fe):
// - configuracion_fe (one row): the issuer, the DIAN software, the signing certificate, the provider and SMTP.
//   Secrets (software PIN, certificate and its password, provider key, SMTP password) are stored encrypted
//   (AES-256-GCM with a key derived from the server's secret), never answered to the browser.
// - rango_numeracion.clave_tecnica: the DIAN technical key of an invoice range (it enters the CUFE).
// - documento_fe: the electronic document of a sale (its invoice, and its credit note when an accepted invoice is
//   annulled): number, CUFE or CUDE, issue date and time as written in the XML, the signed XML and its state.
// - intento_envio_fe: every call to a provider (send, status query) with request, response, result, time and user.
// - correo_fe: every e-mail of a document, with its addresses and what became of it (sent, outbox, error).
// - siigo_sesion (one row, module siigo): the accounting system's token, shared by every server instance.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('configuracion_fe')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('nit', 'varchar(15)', (c) => c.check(sql`nit ~ '^[0-9]{5,15}$'`))
    .addColumn('dv', 'varchar(1)', (c) => c.check(sql`dv ~ '^[0-9]$'`))
    .addColumn('razon_social', 'varchar(200)')
    .addColumn('nombre_comercial', 'varchar(200)')
    // DIAN's TipoOrganizacion: 1 persona jurídica, 2 persona natural.
    .addColumn('tipo_persona', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`tipo_persona in (1, 2)`))
    // DIAN's responsabilidades fiscales separated by ';' (O-13;O-15;O-23;O-47;R-99-PN).
    .addColumn('responsabilidades_fiscales', 'varchar(100)', (c) => c.notNull().defaultTo('R-99-PN'))
    .addColumn('direccion', 'varchar(200)')
    .addColumn('departamento_codigo', 'varchar(2)')
    .addColumn('municipio_codigo', 'varchar(5)')
    .addColumn('telefono', 'varchar(30)')
    .addColumn('correo_electronico', 'varchar(150)')
    // 1 producción, 2 pruebas (habilitación): DIAN's ProfileExecutionID / TipoAmbiente.
    .addColumn('ambiente', 'smallint', (c) => c.notNull().defaultTo(2).check(sql`ambiente in (1, 2)`))
    .addColumn('software_id', 'varchar(60)')
    .addColumn('software_pin_cifrado', 'text')
    .addColumn('test_set_id', 'varchar(60)')
    .addColumn('certificado_p12_cifrado', 'text')
    .addColumn('certificado_clave_cifrada', 'text')
    .addColumn('certificado_sujeto', 'varchar(300)')
    .addColumn('certificado_vence', 'timestamptz')
    .addColumn('proveedor', 'varchar(10)', (c) => c.notNull().defaultTo('NINGUNO').check(sql`proveedor in ('NINGUNO', 'DIAN', 'SIIGO')`))
    // Where the provider answers; null is its public address (tests and habilitación point it elsewhere).
    .addColumn('proveedor_url', 'varchar(300)')
    .addColumn('siigo_usuario', 'varchar(150)')
    .addColumn('siigo_access_key_cifrada', 'text')
    .addColumn('siigo_partner_id', 'varchar(100)')
    // Stores whose invoices are sent to DIAN right after billing (the others wait for Timbrar).
    .addColumn('tiendas_envio_automatico', sql`varchar(10)[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('smtp_host', 'varchar(200)')
    .addColumn('smtp_puerto', 'integer', (c) => c.check(sql`smtp_puerto between 1 and 65535`))
    .addColumn('smtp_seguro', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('smtp_usuario', 'varchar(150)')
    .addColumn('smtp_clave_cifrada', 'text')
    .addColumn('smtp_remitente', 'varchar(150)')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into configuracion_fe (id) values (1)`.execute(db);

  await db.schema.alterTable('rango_numeracion').addColumn('clave_tecnica', 'varchar(100)').execute();

  // DIAN's MediosPago code of each payment method (PaymentMeansCode); a new method starts as '1' (instrumento no
  // definido) until someone names it.
  await db.schema.alterTable('forma_pago').addColumn('codigo_medio_pago_dian', 'varchar(3)', (c) => c.notNull().defaultTo('1')).execute();
  for (const [id, codigo] of [
    [1, '10'], // Efectivo
    [2, '49'], // Tarjeta débito
    [3, '48'], // Tarjeta crédito
    [4, '47'], // Transferencia débito bancaria
    [5, '42'], // Consignación bancaria
    [7, '47'], // Nequi / Daviplata: a bank transfer
  ] as const) {
    await sql`update forma_pago set codigo_medio_pago_dian = ${codigo} where id = ${id}`.execute(db);
  }

  await db.schema
    .createTable('documento_fe')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('venta_id', 'integer', (c) => c.notNull().references('venta.id'))
    .addColumn('tipo', 'varchar(12)', (c) => c.notNull().check(sql`tipo in ('FACTURA', 'NOTA_CREDITO')`))
    // prefix + number as written in cbc:ID (the sale's invoice number, or NC + the note's sequence).
    .addColumn('numero', 'varchar(30)', (c) => c.notNull())
    // The invoice this credit note corrects.
    .addColumn('documento_referencia_id', 'integer', (c) => c.references('documento_fe.id'))
    // Null until the sending job builds the document (the request only queues it); then frozen: the CUFE/CUDE
    // depends on the date and time. A rejected document is built again (same number) when it is sent again.
    .addColumn('fecha_emision', 'date')
    .addColumn('hora_emision', 'varchar(14)')
    .addColumn('cufe', 'varchar(96)')
    .addColumn('ambiente', 'smallint')
    .addColumn('proveedor', 'varchar(10)')
    .addColumn('xml_firmado', 'text')
    .addColumn('firmado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('qr', 'text')
    // When the current XML was built: only sends after it can have reached the provider with this CUFE.
    .addColumn('construido_at', 'timestamptz')
    // ENVIANDO (queued: a job builds and sends it), PENDIENTE_ENVIO (built, not sent: no provider configured, or the
    // provider could not be reached after every retry), ACEPTADA (DIAN accepted it), RECHAZADA (DIAN's reasons in
    // mensajes; it can be corrected and sent again).
    .addColumn('estado', 'varchar(16)', (c) =>
      c.notNull().defaultTo('PENDIENTE_ENVIO').check(sql`estado in ('PENDIENTE_ENVIO', 'ENVIANDO', 'ACEPTADA', 'RECHAZADA')`),
    )
    // DIAN's rule messages of the last answer (rejections and notifications).
    .addColumn('mensajes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('respuesta_dian', 'text')
    .addColumn('fecha_aceptacion', 'timestamptz')
    // The provider's own id (Siigo's invoice uuid, DIAN's ZipKey in habilitación).
    .addColumn('proveedor_id', 'varchar(100)')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One invoice and at most one credit note per sale.
  await db.schema.createIndex('documento_fe_venta_tipo_unico').on('documento_fe').columns(['venta_id', 'tipo']).unique().execute();
  await sql`create sequence documento_fe_nota_credito_seq`.execute(db);
  // DIAN's per-company file counter (the 8 hex digits of the file names), one value per send.
  await sql`create sequence documento_fe_archivo_seq`.execute(db);

  await db.schema
    .createTable('intento_envio_fe')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('documento_fe_id', 'integer', (c) => c.notNull().references('documento_fe.id'))
    .addColumn('operacion', 'varchar(16)', (c) => c.notNull().check(sql`operacion in ('ENVIO', 'CONSULTA')`))
    .addColumn('proveedor', 'varchar(10)', (c) => c.notNull())
    // ACEPTADA, RECHAZADA, NO_ENCONTRADA (status query: the provider never received it), ERROR (network, timeout,
    // 5xx, rate limit: retried), PENDIENTE (received, not decided yet).
    .addColumn('resultado', 'varchar(16)', (c) => c.notNull())
    .addColumn('mensaje', 'text')
    .addColumn('solicitud', 'text')
    .addColumn('respuesta', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('inicio', 'timestamptz', (c) => c.notNull())
    .addColumn('fin', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('intento_envio_fe_documento').on('intento_envio_fe').columns(['documento_fe_id', 'id']).execute();

  await db.schema
    .createTable('correo_fe')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('documento_fe_id', 'integer', (c) => c.notNull().references('documento_fe.id'))
    .addColumn('destinatarios', 'text', (c) => c.notNull())
    // PENDIENTE (queued), ENVIADO (the SMTP server took it), BANDEJA_SALIDA (no SMTP: written to the outbox folder),
    // ERROR (gave up after the retries; mensaje says why).
    .addColumn('estado', 'varchar(16)', (c) => c.notNull().defaultTo('PENDIENTE').check(sql`estado in ('PENDIENTE', 'ENVIADO', 'BANDEJA_SALIDA', 'ERROR')`))
    .addColumn('archivo', 'varchar(300)')
    .addColumn('mensaje', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('usuario.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('enviado_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('siigo_sesion')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('vence', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('siigo_sesion').execute();
  await db.schema.dropTable('correo_fe').execute();
  await db.schema.dropTable('intento_envio_fe').execute();
  await sql`drop sequence documento_fe_archivo_seq`.execute(db);
  await sql`drop sequence documento_fe_nota_credito_seq`.execute(db);
  await db.schema.dropTable('documento_fe').execute();
  await db.schema.alterTable('forma_pago').dropColumn('codigo_medio_pago_dian').execute();
  await db.schema.alterTable('rango_numeracion').dropColumn('clave_tecnica').execute();
  await db.schema.dropTable('configuracion_fe').execute();
}
