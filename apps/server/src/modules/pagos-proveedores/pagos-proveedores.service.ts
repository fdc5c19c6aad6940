// Supplier payments (spec 002 §2.11, §2.12, §3 Supplier payment, §5, §7, §9;
// docs/decisions-pagos-proveedores.md). A payment belongs to the store it was recorded in (the selected one); its
// figures are calcularCifrasPagoProveedor's (packages/domain), computed here again and stored; its methods carry their
// voucher code and picture, the picture kept in the attachment store (lib/almacen-archivos.ts) under a key the server
// makes. An edit keeps what the payment was in a history row; a delete is soft.
import {
  sumarDias,
  diasDelMes,
  calcularCifrasPagoProveedor,
  faltaComprobante,
  formaPermitida,
  MENSAJES_PAGO_PROVEEDOR,
  type AdjuntoPagoProveedor,
  type ExtensionAdjunto,
  type FormaPagoProveedor,
  type Pagina,
  type PagoProveedor,
  type PagoProveedorGuardar,
  type PagosProveedoresConsulta,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { leerImagenAdjunta } from '../../lib/adjuntos';
import { claveDeUrlArchivo, esClaveArchivo, nuevaClaveArchivo, urlArchivo, type AlmacenArchivos } from '../../lib/almacen-archivos';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as periodosService from '../periodos';
import * as tiendasService from '../tiendas';
import * as repositorio from './pagos-proveedores.repository';

/** What the payments' use cases need besides the database: the attachment store and the secret that signs its links. */
export interface ContextoPagosProveedores {
  almacen: AlmacenArchivos;
  secreto: string;
}


/** The date a payment is filed under, for the period lock and the list: its payment date, or its invoice date while unpaid. */
function fechaDelPago(pago: { fecha_pago: string | null; fecha_factura: string }): string {
  return pago.fecha_pago ?? pago.fecha_factura;
}

// ---------------------------------------------------------------- reads

function aFormaPago(linea: repositorio.FilaFormaPagoProveedor, secreto: string, ahora: Date): FormaPagoProveedor {
  const clave = linea.adjunto_comprobante_pago;
  return {
    id: linea.id,
    forma_pago_id: linea.forma_pago_id,
    nombre_forma_pago: linea.nombre_forma_pago,
    valor_pagado: Number(linea.valor_pagado),
    codigo_comprobante_pago: linea.codigo_comprobante_pago,
    adjunto_comprobante_pago: clave,
    nombre_adjunto_comprobante: linea.nombre_adjunto,
    url_adjunto_comprobante: clave && esClaveArchivo(clave) ? urlArchivo(secreto, clave, ahora) : null,
  };
}

function aPago(fila: repositorio.FilaPagoProveedor, lineas: repositorio.FilaFormaPagoProveedor[], secreto: string, ahora: Date): PagoProveedor {
  return {
    id: fila.id,
    codigo_tienda: fila.codigo_tienda,
    tipo_concepto_id: fila.tipo_concepto_id,
    nombre_tipo_concepto: fila.nombre_tipo_concepto,
    proveedor_id: fila.proveedor_id,
    nombre_proveedor: fila.nombre_proveedor,
    codigo_factura: fila.codigo_factura,
    fecha_factura: fila.fecha_factura,
    fecha_pago: fila.fecha_pago,
    valor_total: Number(fila.valor_total),
    pj_iva: Number(fila.pj_iva),
    valor_antes_iva: Number(fila.valor_antes_iva),
    valor_iva: Number(fila.valor_iva),
    pj_retefuente: Number(fila.pj_retefuente),
    valor_rte: Number(fila.valor_rte),
    valor_total_pagar: Number(fila.valor_total_pagar),
    observaciones: fila.observaciones,
    gestion_factura: fila.gestion_factura,
    pago_realizado: fila.pago_realizado,
    usuario_responsable: fila.usuario_responsable,
    nombre_usuario: fila.nombre_usuario,
    fecha_inserta: fila.fecha_inserta.toISOString(),
    fecha_actualiza: fila.fecha_actualiza.toISOString(),
    formas_pago: lineas.map((linea) => aFormaPago(linea, secreto, ahora)),
  };
}

/** The first day of a month and of the next one, 'YYYY-MM-DD'. */
function rangoDelMes(anio: number, mes: number): { desde: string; hasta: string } {
  const { desde, hasta } = diasDelMes(anio, mes);
  return { desde, hasta: sumarDias(hasta, 1) };
}

/**
 * POST pagos-proveedores?page=n (spec 002 §2.11): a page of the selected store's live payments of the month (by payment
 * date; an unpaid invoice in gestion mode by its invoice date), newest first, filtered by the free text, each row with
 * its methods merged in and a signed link to each voucher picture.
 */
export async function listarPagos(
  db: Db,
  secreto: string,
  codigoTienda: string,
  consulta: PagosProveedoresConsulta,
  pagina: { page: number; perPage: number },
): Promise<Pagina<PagoProveedor>> {
  const { desde, hasta } = rangoDelMes(consulta.periodo_consulta.year, consulta.periodo_consulta.month);
  const { filas, total } = await repositorio.listPagos(db, { codigoTienda, desde, hasta, busqueda: consulta.query_search, ...pagina });
  const lineas = await repositorio.findFormasDePagos(
    db,
    filas.map((fila) => fila.id),
  );
  const ahora = new Date();
  const pagos = filas.map((fila) =>
    aPago(
      fila,
      lineas.filter((linea) => linea.pago_proveedor_id === fila.id),
      secreto,
      ahora,
    ),
  );
  return paginar(pagos, total, pagina.page, pagina.perPage);
}

/** GET pagos-proveedores/{id}: 404 when it does not exist or was deleted, 403 when of a store the user does not belong to. */
export async function leerPago(db: Db, secreto: string, id: number, actor: Actor): Promise<PagoProveedor> {
  const fila = await repositorio.findPago(db, id);
  if (!fila) throw new AppError('PAGO_PROVEEDOR_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(db, actor, fila.codigo_tienda);
  return aPago(fila, await repositorio.findFormasDePagos(db, [id]), secreto, new Date());
}

// ---------------------------------------------------------------- writes

/** A picture to write once every check has passed. */
interface ArchivoPendiente {
  clave: string;
  contenido: Buffer;
  tipo: string;
}

/** The picture a line keeps on edit (an existing line's key, type and name). */
type AdjuntoActual = Pick<repositorio.LineaPago, 'adjunto_comprobante_pago' | 'tipo_adjunto' | 'nombre_adjunto'>;

/**
 * The methods as they will be stored, and the pictures to write: each method must exist, be active and move money
 * (not Crédito nor Anticipo), have its voucher code when it requires one, and come once; a new picture must be a JPEG, PNG or
 * WebP by its bytes (leerImagenAdjunta); a kept one (its `url`) must be one of this payment's current pictures.
 */
async function prepararLineas(
  db: Db,
  datos: PagoProveedorGuardar,
  actuales: readonly AdjuntoActual[],
): Promise<{ lineas: repositorio.LineaPago[]; archivos: ArchivoPendiente[] }> {
  const formas = new Map((await repositorio.findFormasPago(db, datos.lista_formas_pagadas_form.map((l) => l.id_forma_pago))).map((f) => [f.id, f]));
  const lineas: repositorio.LineaPago[] = [];
  const archivos: ArchivoPendiente[] = [];
  const conservadas = new Set<string>();
  for (const [i, linea] of datos.lista_formas_pagadas_form.entries()) {
    const campo = (nombre: string) => `lista_formas_pagadas_form.${i}.${nombre}`;
    const forma = formas.get(linea.id_forma_pago);
    // The domain's payment rows rule (formas-pago/filas-pago.ts): a supplier is paid with money, not with the
    // customers' credit or advance; a method that requires a voucher code carries it; each method goes once.
    if (!formaPermitida('pagoProveedor', forma)) throw campoInvalido(campo('id_forma_pago'), MENSAJES_PAGO_PROVEEDOR.formaNoPermitida);
    if (faltaComprobante('pagoProveedor', { forma, comprobante: linea.comprobante_id })) throw campoInvalido(campo('comprobante_id'), MENSAJES_PAGO_PROVEEDOR.valoresVacios);
    if (lineas.some((anterior) => anterior.forma_pago_id === forma.id)) throw campoInvalido(campo('id_forma_pago'), MENSAJES_PAGO_PROVEEDOR.formaRepetida);
    const adjunto = leerAdjunto(linea.adjunto_comprobante, campo('adjunto_comprobante'), actuales, conservadas);
    if (adjunto?.archivo) archivos.push(adjunto.archivo);
    lineas.push({
      forma_pago_id: forma.id,
      valor_pagado: linea.valor_pagado,
      codigo_comprobante_pago: linea.comprobante_id,
      adjunto_comprobante_pago: adjunto?.clave ?? null,
      tipo_adjunto: adjunto?.tipo ?? null,
      nombre_adjunto: adjunto?.nombre ?? null,
    });
  }
  return { lineas, archivos };
}

/** A line's picture: a new one (checked by its bytes, given a new key) or one of the payment's current ones, kept. */
function leerAdjunto(
  adjunto: AdjuntoPagoProveedor | null,
  campo: string,
  actuales: readonly AdjuntoActual[],
  conservadas: Set<string>,
): { clave: string; tipo: string; nombre: string | null; archivo?: ArchivoPendiente } | null {
  if (!adjunto) return null;
  if (adjunto.adjunto !== null && adjunto.extension_archivo !== null) {
    const imagen = leerImagenAdjunta({ nombre_temp: adjunto.nombre_temp, extension_archivo: adjunto.extension_archivo, adjunto: adjunto.adjunto }, 'comprobante', campo);
    const extension = imagen.nombre.slice(imagen.nombre.lastIndexOf('.') + 1) as ExtensionAdjunto;
    const clave = nuevaClaveArchivo('pagos-proveedores', extension);
    return { clave, tipo: imagen.tipo, nombre: adjunto.nombre_temp, archivo: { clave, contenido: imagen.contenido, tipo: imagen.tipo } };
  }
  const clave = adjunto.url ? claveDeUrlArchivo(adjunto.url) : null;
  const actual = clave ? actuales.find((a) => a.adjunto_comprobante_pago === clave) : undefined;
  if (!clave || !actual || conservadas.has(clave)) throw campoInvalido(campo, MENSAJES_PAGO_PROVEEDOR.adjuntoConservado);
  conservadas.add(clave);
  return { clave, tipo: actual.tipo_adjunto!, nombre: actual.nombre_adjunto };
}

/** The concept and the supplier must exist (422 on their field otherwise). */
async function exigirMaestros(db: Db, datos: PagoProveedorGuardar): Promise<void> {
  if (!(await repositorio.existeTipoConcepto(db, datos.tipo_concepto_id))) throw campoInvalido('tipo_concepto_id', MENSAJES_PAGO_PROVEEDOR.tipoConcepto);
  if (!(await repositorio.existeProveedor(db, datos.proveedor_id))) throw campoInvalido('proveedor_id', MENSAJES_PAGO_PROVEEDOR.proveedor);
}

/** The header as stored: the figures recomputed from the total and the percentages (0 when absent, gestion mode). */
function cabeceraDe(datos: PagoProveedorGuardar): repositorio.CabeceraPago {
  const pj_iva = datos.pj_iva ?? 0;
  const pj_retefuente = datos.pj_retefuente ?? 0;
  const cifras = calcularCifrasPagoProveedor(datos.valor_total, pj_iva, pj_retefuente);
  // The schema refused it already; kept here so no caller can store a payment of nothing.
  if (cifras.valor_total_pagar <= 0) throw campoInvalido('valor_total', MENSAJES_PAGO_PROVEEDOR.totalCero);
  return {
    tipo_concepto_id: datos.tipo_concepto_id,
    proveedor_id: datos.proveedor_id,
    codigo_factura: datos.codigo_factura,
    fecha_factura: datos.fecha_factura,
    fecha_pago: datos.fecha_pago,
    valor_total: datos.valor_total,
    pj_iva,
    pj_retefuente,
    ...cifras,
    observaciones: datos.observaciones,
    gestion_factura: datos.gestion_factura,
    pago_realizado: !datos.gestion_factura,
  };
}

/**
 * Writes the pictures, last, once every row is in: a failure (503 ARCHIVOS_NO_DISPONIBLE) rolls the transaction back,
 * so a row never names a missing file; a transaction that fails after this leaves at most an unnamed file behind.
 */
async function escribirArchivos(almacen: AlmacenArchivos, archivos: readonly ArchivoPendiente[]): Promise<void> {
  for (const archivo of archivos) await almacen.guardar(archivo.clave, archivo.contenido, archivo.tipo);
}

/** POST pagos-proveedores/guardar: a payment of the selected store by the acting user. Answers it as GET does. */
export async function registrarPago(trx: Trx, contexto: ContextoPagosProveedores, datos: PagoProveedorGuardar, actor: Actor): Promise<PagoProveedor> {
  const codigoTienda = tiendaDelActor(actor);
  const usuario = usuarioDelActor(actor);
  // Lock order step 0, before any row lock: the period of the payment's date.
  await periodosService.exigirPeriodosAbiertos(trx, codigoTienda, [fechaDelPago(datos)]);
  await exigirMaestros(trx, datos);
  const { lineas, archivos } = await prepararLineas(trx, datos, []);
  const id = await repositorio.insertPago(trx, { ...cabeceraDe(datos), codigo_tienda: codigoTienda, usuario_responsable: usuario });
  await repositorio.insertLineas(trx, id, lineas);
  await escribirArchivos(contexto.almacen, archivos);
  return leerPago(trx, contexto.secreto, id, actor);
}

/**
 * PUT pagos-proveedores/{id}/actualizar: the payment as it was (header and methods) into the history, the new header,
 * the methods replaced. The old and new dates must be in open periods of the payment's store (it never changes
 * store). A payment made cannot go back to gestion de factura. 404 / 403 as leerPago.
 */
export async function actualizarPago(
  trx: Trx,
  contexto: ContextoPagosProveedores,
  id: number,
  datos: PagoProveedorGuardar,
  actor: Actor,
): Promise<PagoProveedor> {
  const usuario = usuarioDelActor(actor);
  const actual = await repositorio.findPago(trx, id);
  if (!actual) throw new AppError('PAGO_PROVEEDOR_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(trx, actor, actual.codigo_tienda);
  // Step 0 before the row lock; checked again below if a concurrent edit moved the date meanwhile.
  await periodosService.exigirPeriodosAbiertos(trx, actual.codigo_tienda, [fechaDelPago(actual), fechaDelPago(datos)]);
  const previo = await repositorio.lockPago(trx, id);
  if (!previo) throw new AppError('PAGO_PROVEEDOR_NO_ENCONTRADO');
  if (fechaDelPago(previo) !== fechaDelPago(actual)) await periodosService.exigirPeriodosAbiertos(trx, previo.codigo_tienda, [fechaDelPago(previo)]);
  if (datos.gestion_factura && previo.pago_realizado) throw campoInvalido('gestion_factura', MENSAJES_PAGO_PROVEEDOR.gestionPagoRealizado);
  await exigirMaestros(trx, datos);
  const lineasPrevias = await repositorio.findLineas(trx, id);
  const { lineas, archivos } = await prepararLineas(trx, datos, lineasPrevias);
  await repositorio.insertHistorial(trx, {
    pago_proveedor_id: id,
    accion: 'edicion',
    datos_anteriores: { ...previo, formas_pago: lineasPrevias },
    user_id: usuario,
  });
  await repositorio.updatePago(trx, id, { ...cabeceraDe(datos), usuario_actualiza: usuario });
  await repositorio.deleteLineas(trx, id);
  await repositorio.insertLineas(trx, id, lineas);
  await escribirArchivos(contexto.almacen, archivos);
  return leerPago(trx, contexto.secreto, id, actor);
}

/**
 * DELETE pagos-proveedores/{id}/eliminar: soft delete (marked with who and when, the payment as it was in the
 * history), in an open period of its date. Its pictures stay (the history names them). 404 / 403 as leerPago.
 */
export async function eliminarPago(trx: Trx, id: number, actor: Actor): Promise<void> {
  const usuario = usuarioDelActor(actor);
  const actual = await repositorio.findPago(trx, id);
  if (!actual) throw new AppError('PAGO_PROVEEDOR_NO_ENCONTRADO');
  await tiendasService.exigirTiendaDelUsuario(trx, actor, actual.codigo_tienda);
  await periodosService.exigirPeriodosAbiertos(trx, actual.codigo_tienda, [fechaDelPago(actual)]);
  const previo = await repositorio.lockPago(trx, id);
  if (!previo) throw new AppError('PAGO_PROVEEDOR_NO_ENCONTRADO');
  if (fechaDelPago(previo) !== fechaDelPago(actual)) await periodosService.exigirPeriodosAbiertos(trx, previo.codigo_tienda, [fechaDelPago(previo)]);
  await repositorio.insertHistorial(trx, {
    pago_proveedor_id: id,
    accion: 'eliminacion',
    datos_anteriores: { ...previo, formas_pago: await repositorio.findLineas(trx, id) },
    user_id: usuario,
  });
  await repositorio.marcarEliminado(trx, id, usuario);
}

/**
 * GET /api/assets: the file a key names, with its type; 404 ARCHIVO_NO_ENCONTRADO for a key that is not one of the
 * store's ('../../etc/passwd', an absolute path, anything encoded) or a file that is not there.
 */
export async function leerArchivo(almacen: AlmacenArchivos, clave: string): Promise<Buffer> {
  if (!esClaveArchivo(clave)) throw new AppError('ARCHIVO_NO_ENCONTRADO');
  const contenido = await almacen.leer(clave);
  if (!contenido) throw new AppError('ARCHIVO_NO_ENCONTRADO');
  return contenido;
}
