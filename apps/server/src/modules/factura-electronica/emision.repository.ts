import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lineasDeDevoluciones, lineasDeVenta, VALORES_LINEA_VENTA, ventaConCliente } from '../../db/lectura-venta';
import type { Trx } from '../../db/transaccion';
import type { EstadoCorreoFE, EstadoDocumentoFE, FacturaElectronicaTablas } from './factura-electronica.tablas';

type DocumentoFila = FacturaElectronicaTablas['documento_fe'];

/** The sale header an e-invoice is built from: state, document, customer with DIAN codes and DIVIPOLA names, range. */
export function findVentaParaEmitir(db: Db | Trx, ventaId: number) {
  return ventaConCliente(db)
    .leftJoin('rango_numeracion as r', 'r.id', 'v.rango_numeracion_id')
    .leftJoin('impuesto as ia', 'ia.id', 'v.impuesto_adicional_id')
    // The till and the cashier a POS document names (docs/decisions-factura-electronica.md, "Documento equivalente POS").
    .innerJoin('tienda as ti', 'ti.codigo_tienda', 'v.codigo_tienda')
    .leftJoin('usuario as fa', 'fa.id', 'v.facturador_id')
    .select([
      'ti.nombre_tienda',
      'fa.name as nombre_facturador',
      'v.id',
      'v.codigo_tienda',
      'v.estado_venta_id',
      'v.permite_fe',
      'v.tipo_documento',
      'v.prefijo_factura_dian',
      'v.nro_factura_dian',
      'v.fecha_factura',
      'v.fecha_factura_dian',
      'v.tipo_pago_id',
      'v.fecha_vencimiento',
      'v.observacion_venta',
      'v.total_venta',
      'v.porcentaje_impuesto_adicional',
      'ia.nombre_impuesto as nombre_impuesto_adicional',
      'ia.codigo_impuesto_dian as codigo_impuesto_adicional',
      'c.id as cliente_id',
      'td.codigo_dian as tipo_identificacion',
      'c.numero_documento',
      'c.nombres',
      'c.apellidos',
      'c.tipo_persona',
      'c.responsabilidad_fiscal',
      'c.direccion_residencia',
      'c.correo_electronico',
      'c.numero_celular',
      'c.state_code',
      'c.city_code',
      'ci.city_name',
      'de.state_name',
      'r.resolucion_numero',
      'r.fecha_desde',
      'r.fecha_hasta',
      'r.prefijo',
      'r.numero_desde',
      'r.numero_hasta',
      'r.clave_tecnica',
    ])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}
export type VentaParaEmitir = NonNullable<Awaited<ReturnType<typeof findVentaParaEmitir>>>;

/** The sale a Timbrar names, locked (lock order: the sale, then its document), with what the send rule reads. */
export function lockVentaParaEnvio(trx: Trx, ventaId: number) {
  return trx
    .selectFrom('venta')
    .select(['id', 'codigo_tienda', 'estado_venta_id', 'permite_fe', 'tipo_documento', 'fecha_factura_dian', 'prefijo_factura_dian', 'nro_factura_dian'])
    .where('id', '=', ventaId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether a billed sale is a DIAN document (electronic invoice or POS: permite_fe with a number). */
export async function esVentaConDocumentoDian(db: Db | Trx, ventaId: number): Promise<boolean> {
  const venta = await db.selectFrom('venta').select(['permite_fe', 'nro_factura_dian']).where('id', '=', ventaId).executeTakeFirst();
  return venta?.permite_fe === true && venta.nro_factura_dian !== null;
}

/** A sale's store and its customer's e-mail (the resend dialog proposes it). */
export function findVentaYCorreoCliente(db: Db | Trx, ventaId: number) {
  return db
    .selectFrom('venta as v')
    .innerJoin('tercero as c', 'c.id', 'v.cliente_id')
    .select(['v.codigo_tienda', 'c.correo_electronico'])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}

/** The provider chosen and the stores that send right after billing (without opening any secret). */
export function findEnvioAutomatico(db: Db | Trx) {
  return db.selectFrom('configuracion_fe').select(['tiendas_envio_automatico', 'proveedor']).where('id', '=', 1).executeTakeFirst();
}

/** The sale's lines with their product, tax and the accounting system's tax id, in item order. */
export function listLineasParaEmitir(db: Db | Trx, ventaId: number) {
  return lineasDeVenta(db, ventaId)
    .innerJoin('impuesto as i', 'i.id', 'p.impuesto_id')
    .leftJoin('tipo_medida as tm', 'tm.id', 'p.tipo_medida_id')
    .select([
      'd.item',
      'p.referencia',
      'p.nombre_producto',
      'tm.nombre_corto_tipo_medida',
      ...VALORES_LINEA_VENTA,
      'i.nombre_impuesto',
      'i.siigo_impuesto_id',
      'i.clase_tributaria',
      'i.codigo_impuesto_dian',
    ])
    .execute();
}

/** The sale's payments with their method's DIAN code and kind. */
export function listPagosParaEmitir(db: Db | Trx, ventaId: number) {
  return db
    .selectFrom('venta_forma_pago as p')
    .innerJoin('forma_pago as f', 'f.id', 'p.forma_pago_id')
    .select(['f.id as forma_pago_id', 'f.nombre_forma_pago', 'f.codigo_medio_pago_dian', 'f.forma_credito', 'p.valor_pagado'])
    .where('p.venta_id', '=', ventaId)
    .orderBy('p.id')
    .execute();
}

export function findDocumento(db: Db | Trx, id: number) {
  return db.selectFrom('documento_fe').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The sale's invoice or POS document, or its annulment's note, of the kinds given (a partial return's notes name their
 * return: listNotasDevolucion). The unique indexes keep one of each per sale (migration 202612040100).
 */
export function findDocumentoDeVenta(db: Db | Trx, ventaId: number, tipos: readonly DocumentoFila['tipo'][]) {
  return db
    .selectFrom('documento_fe')
    .selectAll()
    .where('venta_id', '=', ventaId)
    .where('tipo', 'in', tipos)
    .where('devolucion_venta_id', 'is', null)
    .executeTakeFirst();
}

/** The document row locked for a state change (a second Timbrar, or the job, waits here). */
export function lockDocumento(trx: Trx, id: number) {
  return trx.selectFrom('documento_fe').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockDocumentoDeVenta(trx: Trx, ventaId: number, tipos: readonly DocumentoFila['tipo'][]) {
  return trx
    .selectFrom('documento_fe')
    .selectAll()
    .where('venta_id', '=', ventaId)
    .where('tipo', 'in', tipos)
    .where('devolucion_venta_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The partial returns' notes of a sale, locked in id order (after the invoice: lock order sale, invoice, notes). */
export function lockNotasDevolucion(trx: Trx, ventaId: number) {
  return trx
    .selectFrom('documento_fe')
    .selectAll()
    .where('venta_id', '=', ventaId)
    .where('devolucion_venta_id', 'is not', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * What the sale's partial returns gave back, line by line (ventas' devolucion_venta_detalle, read only): a partial
 * note carries its return's lines, the annulment's note the rest of each line.
 */
export function listLineasDevueltas(db: Db | Trx, ventaId: number) {
  return lineasDeDevoluciones(db, ventaId)
    .select([
      'dd.devolucion_venta_id',
      'd.item',
      'dd.cantidad',
      'dd.valor_bruto',
      'dd.valor_descuento',
      'dd.valor_subtotal',
      'dd.valor_impuesto',
      'dd.valor_otros_impuestos',
    ])
    .execute();
}

export async function insertDocumento(
  trx: Trx,
  fila: {
    venta_id: number;
    tipo: DocumentoFila['tipo'];
    numero: string;
    documento_referencia_id: number | null;
    user_id: number | null;
    concepto_nota?: string;
    motivo?: string;
    devolucion_venta_id?: number | null;
    /** 'ENVIANDO' (queued) unless said; a document registered without a send is 'PENDIENTE_ENVIO' with its reason. */
    estado?: 'ENVIANDO' | 'PENDIENTE_ENVIO';
    mensajes?: string[];
  },
): Promise<number> {
  const { mensajes, ...resto } = fila;
  const { id } = await trx
    .insertInto('documento_fe')
    .values({ estado: 'ENVIANDO', ...resto, ...(mensajes ? { mensajes: JSON.stringify(mensajes) as unknown as string[] } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The credit note's number: NC + a sequence (DIAN asks notes for no resolution; a rolled-back number is skipped). */
export async function siguienteNumeroNotaCredito(trx: Trx): Promise<number> {
  const { rows } = await sql<{ numero: string }>`select nextval('documento_fe_nota_credito_seq') as numero`.execute(trx);
  return Number(rows[0]!.numero);
}

/** DIAN's file counter: a new value for every send (a sequence: shared by every server instance). */
export async function siguienteConsecutivoArchivo(db: Db): Promise<number> {
  const { rows } = await sql<{ numero: string }>`select nextval('documento_fe_archivo_seq') as numero`.execute(db);
  return Number(rows[0]!.numero);
}

/**
 * Queue the document again (Timbrar after a rejection or after the retries gave up). `reconstruir` drops the built XML
 * and the provider's id, so the job builds it again from the corrected sale and settings (same number, new CUFE).
 */
export async function updateDocumentoEnCola(trx: Trx, id: number, userId: number | null, reconstruir: boolean): Promise<void> {
  await trx
    .updateTable('documento_fe')
    .set({
      estado: 'ENVIANDO',
      user_id: userId,
      ...(reconstruir ? { xml_firmado: null, construido_at: null, proveedor_id: null } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The built document: frozen date and time, CUFE/CUDE, XML, QR; a rebuild after a rejection replaces them. */
export async function updateDocumentoConstruido(
  db: Db | Trx,
  id: number,
  datos: Pick<DocumentoFila, 'fecha_emision' | 'hora_emision' | 'cufe' | 'ambiente' | 'proveedor' | 'xml_firmado' | 'qr'> & { firmado: boolean },
): Promise<Date> {
  const { construido_at } = await db
    .updateTable('documento_fe')
    .set({ ...datos, construido_at: sql<Date>`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('construido_at')
    .executeTakeFirstOrThrow();
  return construido_at!;
}

export async function updateDocumentoEstado(
  db: Db | Trx,
  id: number,
  datos: {
    estado: EstadoDocumentoFE;
    mensajes?: string[];
    respuesta_dian?: string | null;
    proveedor_id?: string | null;
    cufe?: string;
    aceptada?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('documento_fe')
    .set({
      estado: datos.estado,
      ...(datos.mensajes !== undefined ? { mensajes: JSON.stringify(datos.mensajes) as unknown as string[] } : {}),
      ...(datos.respuesta_dian !== undefined ? { respuesta_dian: datos.respuesta_dian } : {}),
      ...(datos.proveedor_id !== undefined ? { proveedor_id: datos.proveedor_id } : {}),
      ...(datos.cufe !== undefined ? { cufe: datos.cufe } : {}),
      ...(datos.aceptada ? { fecha_aceptacion: sql<Date>`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The DIAN acceptance on the sale (spec 000 §2.6 'Enviado a la DIAN' reads it) and the accounting system's code. */
export async function updateVentaAceptadaDian(db: Db | Trx, ventaId: number, codigoContable: string | null): Promise<void> {
  await db
    .updateTable('venta')
    .set({ fecha_factura_dian: sql<Date>`now()`, ...(codigoContable ? { factura_code_siigo: codigoContable } : {}) })
    .where('id', '=', ventaId)
    .where('fecha_factura_dian', 'is', null)
    .execute();
}

export async function insertIntento(
  db: Db | Trx,
  fila: Omit<FacturaElectronicaTablas['intento_envio_fe'], 'id' | 'fin'>,
): Promise<void> {
  await db.insertInto('intento_envio_fe').values(fila).execute();
}

/** Whether the provider may already hold this build of the document: a send since it was built, answered or not. */
export async function huboEnvio(db: Db | Trx, documentoId: number, construidoAt: Date): Promise<boolean> {
  const fila = await db
    .selectFrom('intento_envio_fe')
    .select('id')
    .where('documento_fe_id', '=', documentoId)
    .where('operacion', '=', 'ENVIO')
    // Both times come from PostgreSQL's clock (fin defaults to now()), so the app's clock cannot skew the answer.
    .where('fin', '>=', construidoAt)
    .limit(1)
    .executeTakeFirst();
  return fila !== undefined;
}

export function listDocumentosDeVenta(db: Db, ventaId: number) {
  return db.selectFrom('documento_fe').selectAll().where('venta_id', '=', ventaId).orderBy('id').execute();
}

export function listIntentos(db: Db, documentoIds: number[]) {
  if (documentoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('intento_envio_fe as i')
    .leftJoin('usuario as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.documento_fe_id', 'i.operacion', 'i.proveedor', 'i.resultado', 'i.mensaje', 'i.inicio', 'i.fin', 'u.name as nombre_usuario'])
    .where('i.documento_fe_id', 'in', documentoIds)
    .orderBy('i.id')
    .execute();
}

export function listCorreos(db: Db, documentoIds: number[]) {
  if (documentoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('correo_fe')
    .select(['id', 'documento_fe_id', 'destinatarios', 'estado', 'mensaje', 'created_at', 'enviado_at'])
    .where('documento_fe_id', 'in', documentoIds)
    .orderBy('id')
    .execute();
}

export async function insertCorreo(trx: Trx, fila: { documento_fe_id: number; destinatarios: string; user_id: number | null }): Promise<number> {
  const { id } = await trx.insertInto('correo_fe').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findCorreo(db: Db, id: number) {
  return db.selectFrom('correo_fe').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCorreo(db: Db, id: number, datos: { estado: EstadoCorreoFE; archivo?: string | null; mensaje?: string | null }): Promise<void> {
  await db
    .updateTable('correo_fe')
    .set({ ...datos, ...(datos.estado === 'ENVIADO' || datos.estado === 'BANDEJA_SALIDA' ? { enviado_at: sql<Date>`now()` } : {}) })
    .where('id', '=', id)
    .execute();
}
