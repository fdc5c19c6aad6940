import { construirDocumentoPos, construirFactura, construirNotaAjuste, construirNotaCredito, fechaHoraColombia, firmarDocumento, type DocumentoConstruido } from '@tablero/dian';
import {
  CONCEPTO_DEVOLUCION_PARCIAL,
  DOCUMENTOS_DE_VENTA_FE,
  esNotaFe,
  ESTADOS_VENTA,
  MENSAJES_FE,
  NOTA_DE_DOCUMENTO,
  TIPOS_NOTA_FE,
  type DocumentoDeVentaFE,
  type NotaFE,
  type DocumentoFe,
  type FacturaElectronicaVenta,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import type { ConfiguracionFE } from './configuracion.service';
import { faltantesConfiguracionFE, leerConfiguracionFE } from './configuracion.service';
import * as mapeo from './emision.mapeo';
import * as repositorio from './emision.repository';
import { ErrorTransitorioProveedor, type DocumentoParaEnviar, type ProveedorDocumentos, type ResultadoProveedor } from './proveedores/proveedor';
import { retencionesFactura } from './retenciones-fe';

/**
 * A billed sale becomes an electronic invoice (docs/decisions-factura-electronica.md). The request only queues the work
 * (the document row in state ENVIANDO and a job, in one transaction); the job builds the UBL document from the sale,
 * signs it, stores it and sends it through the configured provider, recording every call. Nothing is sent twice: once a
 * send was tried, the job first asks the provider whether it already has the document. 'Enviado a la DIAN'
 * (venta.fecha_factura_dian) is written only from an acceptance.
 */

/** The queue operations the use cases need (plugins/trabajos.ts gives them). */
export interface ColaTrabajos {
  encolar(trx: Trx, nombre: string, datos: object, opciones?: { singletonKey?: string; startAfterSegundos?: number }): Promise<string | null>;
}

export const TRABAJO_ENVIAR_FE = 'fe-enviar';
export const TRABAJO_CORREO_FE = 'fe-correo';
/** How long to wait before asking again about a document the provider received but has not decided. */
export const ESPERA_PENDIENTE_SEGUNDOS = 30;
/** How long a credit note waits before looking again at its invoice on its way to DIAN (FE_ESPERA_FACTURA_S). */
export const ESPERA_FACTURA_SEGUNDOS = 60;

export interface DatosTrabajoEnvio {
  documentoId: number;
  userId: number | null;
}
export interface DatosTrabajoCorreo {
  correoId: number;
}

async function encolarEnvio(trx: Trx, cola: ColaTrabajos, documentoId: number, userId: number | null, esperaSegundos?: number): Promise<void> {
  const datos: DatosTrabajoEnvio = { documentoId, userId };
  await cola.encolar(trx, TRABAJO_ENVIAR_FE, datos, {
    ...(esperaSegundos === undefined ? { singletonKey: `fe-${documentoId}` } : { startAfterSegundos: esperaSegundos }),
  });
}

/**
 * POST facturas/{venta_id}/timbrar-dian (spec 000 §4.1): a billed sale (2 or 6) of the actor's store, an electronic
 * invoice (permite_fe) without a DIAN date. The sale row is locked first, so two clicks queue one send. An annulled
 * sale (3) whose invoice DIAN has not accepted is sent too: its credit note waits for that acceptance, and is queued
 * again with it (docs/decisions-factura-electronica.md, "Anulación con nota crédito"). Lock order: the sale, its
 * invoice, its note.
 */
export async function solicitarEnvioFactura(
  trx: Trx,
  actor: Actor,
  ventaId: number,
  cola: ColaTrabajos,
): Promise<{ documentoId: number; tipo: DocumentoDeVentaFE }> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.lockVentaParaEnvio(trx, ventaId);
  if (!venta || venta.codigo_tienda !== codigoTienda) throw new AppError('VENTA_NO_ENCONTRADA');
  const anulada = venta.estado_venta_id === ESTADOS_VENTA.anulado;
  const enviable =
    (venta.estado_venta_id === ESTADOS_VENTA.facturado || venta.estado_venta_id === ESTADOS_VENTA.facturadoSinEnvio || anulada) &&
    venta.permite_fe &&
    venta.fecha_factura_dian === null;
  if (!enviable) throw new AppError('FE_NO_ENVIABLE');
  const documento = await repositorio.lockDocumentoDeVenta(trx, ventaId, DOCUMENTOS_DE_VENTA_FE);
  const nota = anulada ? await repositorio.lockDocumentoDeVenta(trx, ventaId, TIPOS_NOTA_FE) : undefined;
  // An annulled sale is sent only when its annulment issued a credit note that needs the invoice accepted.
  if (anulada && (!documento || !nota)) throw new AppError('FE_NO_ENVIABLE');
  let documentoId: number;
  if (!documento) {
    documentoId = await repositorio.insertDocumento(trx, {
      venta_id: ventaId,
      tipo: mapeo.documentoDeVentaFe(venta),
      numero: mapeo.numeroFactura(venta),
      documento_referencia_id: null,
      user_id: actor.userId,
    });
  } else {
    if (documento.estado === 'ENVIANDO') throw new AppError('FE_EN_ENVIO');
    if (documento.estado === 'ACEPTADA') throw new AppError('FE_NO_ENVIABLE');
    documentoId = documento.id;
    await reencolar(trx, documento, actor.userId);
  }
  await encolarEnvio(trx, cola, documentoId, actor.userId);
  // The notes that stopped waiting (the invoice was pending or rejected) wait again, now for this send's answer: the
  // annulment's and the partial returns' (docs/decisions-factura-electronica.md, "Devolución parcial").
  const parciales = await repositorio.lockNotasDevolucion(trx, ventaId);
  for (const espera of [...parciales, ...(nota ? [nota] : [])]) {
    if (espera.estado !== 'PENDIENTE_ENVIO' && espera.estado !== 'RECHAZADA') continue;
    await reencolar(trx, espera, actor.userId);
    await encolarEnvio(trx, cola, espera.id, actor.userId);
  }
  return { documentoId, tipo: mapeo.documentoDeVentaFe(venta) };
}

/**
 * Rejected: DIAN takes the same number again with the corrected document. Never sent (no provider, or no send since its
 * build): built again with today's settings. Sent without an answer: kept, so the job's status query finds this same
 * CUFE.
 */
async function reencolar(trx: Trx, documento: Documento, userId: number | null): Promise<void> {
  const reconstruir =
    documento.estado === 'RECHAZADA' || documento.construido_at === null || !(await repositorio.huboEnvio(trx, documento.id, documento.construido_at));
  await repositorio.updateDocumentoEnCola(trx, documento.id, userId, reconstruir);
}

/**
 * POST facturas/{venta_id}/notas-fe/{documento_id}/reenviar (SuperAdministrador, as Timbrar): one note of the actor's
 * store's sale, of any kind (a credit note, a POS document's nota de ajuste), sent again by its id
 * (docs/decisions-factura-electronica.md, "Reenvío de una nota"). Rejected: rebuilt from today's data under its number
 * with a fresh attempt; pending of sending: queued again (reencolar). Its job still waits for the acceptance of the
 * document it corrects (notaEsperaFactura). Lock order: the sale, the document it corrects, the note.
 */
export async function solicitarReenvioNota(trx: Trx, actor: Actor, ventaId: number, documentoId: number, cola: ColaTrabajos): Promise<{ numero: string }> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.lockVentaParaEnvio(trx, ventaId);
  if (!venta || venta.codigo_tienda !== codigoTienda) throw new AppError('VENTA_NO_ENCONTRADA');
  const leida = await repositorio.findDocumento(trx, documentoId);
  if (!leida || leida.venta_id !== ventaId || !esNotaFe(leida.tipo)) throw new AppError('FE_NOTA_NO_ENCONTRADA');
  if (leida.documento_referencia_id !== null) await repositorio.lockDocumento(trx, leida.documento_referencia_id);
  const nota = (await repositorio.lockDocumento(trx, documentoId))!;
  if (nota.estado === 'ENVIANDO') throw new AppError('FE_NOTA_EN_ENVIO');
  if (nota.estado === 'ACEPTADA') throw new AppError('FE_NOTA_NO_REENVIABLE');
  await reencolar(trx, nota, actor.userId);
  await encolarEnvio(trx, cola, nota.id, actor.userId);
  return { numero: nota.numero };
}

/** After billing, inside its transaction: queue the send when the store is set to send automatically. */
export async function programarEnvioAutomatico(trx: Trx, actor: Actor, ventaId: number, cola: ColaTrabajos): Promise<boolean> {
  const codigoTienda = tiendaDelActor(actor);
  const fila = await repositorio.findEnvioAutomatico(trx);
  if (!fila || fila.proveedor === 'NINGUNO' || !fila.tiendas_envio_automatico.includes(codigoTienda)) return false;
  await solicitarEnvioFactura(trx, actor, ventaId, cola);
  return true;
}

/**
 * A note queued: its number, its document's number and whether DIAN already accepted that document. `tipo`: a credit
 * note of an invoice, or a nota de ajuste of a POS document.
 */
export interface NotaCreditoEnCola {
  tipo: NotaFE;
  numero: string;
  factura: string;
  facturaAceptada: boolean;
}

/**
 * Inside the annulment's transaction (ventas.anularVenta), for a sale with an invoice document in any state: the credit
 * note that annuls it (CUDE, the concept and reason given) is queued; the annulment completes now and the note's job
 * sends it once DIAN has accepted the invoice (docs/decisions-factura-electronica.md, "Anulación con nota crédito").
 * After partial returns it carries only what they left (lineasDeNota). Null when the sale has no invoice document (a
 * remission, or an invoice never queued): no DIAN document is due.
 */
export async function registrarNotaCreditoAnulacion(
  trx: Trx,
  actor: Actor,
  ventaId: number,
  anulacion: { concepto_nota: string; motivo: string },
  cola: ColaTrabajos,
): Promise<NotaCreditoEnCola | null> {
  return registrarNota(trx, actor, ventaId, { ...anulacion, devolucion_venta_id: null }, cola);
}

/**
 * Inside a partial return's transaction (ventas, "Devolución parcial"): its credit note, concept 1, with only the
 * return's lines, queued to wait for the invoice's acceptance exactly as the annulment's note does (notaEsperaFactura).
 * Null when the sale has no invoice document.
 */
export async function registrarNotaCreditoDevolucion(
  trx: Trx,
  actor: Actor,
  ventaId: number,
  devolucion: { devolucionId: number; motivo: string },
  cola: ColaTrabajos,
): Promise<NotaCreditoEnCola | null> {
  return registrarNota(trx, actor, ventaId, { concepto_nota: CONCEPTO_DEVOLUCION_PARCIAL, motivo: devolucion.motivo, devolucion_venta_id: devolucion.devolucionId }, cola);
}

async function registrarNota(
  trx: Trx,
  actor: Actor,
  ventaId: number,
  nota: { concepto_nota: string; motivo: string; devolucion_venta_id: number | null },
  cola: ColaTrabajos,
): Promise<NotaCreditoEnCola | null> {
  const factura = (await repositorio.lockDocumentoDeVenta(trx, ventaId, DOCUMENTOS_DE_VENTA_FE)) ?? (await registrarDocumentoSinEnviar(trx, actor, ventaId));
  if (!factura) return null;
  // An invoice is corrected by a credit note, a POS document by a nota de ajuste (docs/decisions-factura-electronica.md).
  const tipo = NOTA_DE_DOCUMENTO[factura.tipo as DocumentoDeVentaFE];
  const resultado = (numero: string) => ({ tipo, numero, factura: factura.numero, facturaAceptada: factura.estado === 'ACEPTADA' });
  if (nota.devolucion_venta_id === null) {
    const existente = await repositorio.findDocumentoDeVenta(trx, ventaId, TIPOS_NOTA_FE);
    if (existente) return resultado(existente.numero);
  }
  // Notes carry no resolution: one sequence numbers both kinds, each with its own prefix.
  const numero = `${tipo === 'NOTA_AJUSTE' ? 'NA' : 'NC'}${await repositorio.siguienteNumeroNotaCredito(trx)}`;
  const documentoId = await repositorio.insertDocumento(trx, {
    venta_id: ventaId,
    tipo,
    numero,
    documento_referencia_id: factura.id,
    user_id: actor.userId,
    ...nota,
  });
  await encolarEnvio(trx, cola, documentoId, actor.userId);
  return resultado(numero);
}

/**
 * A sale billed as an electronic invoice or POS document (permite_fe) that was never sent has no document row yet; a
 * note that corrects it needs one: registered now under the sale's number, pending of sending with the reason, so the
 * note waits for it and "Enviar a la DIAN" sends both (docs/decisions-factura-electronica.md, "Anulación con nota
 * crédito"). Undefined for a remission: no DIAN document is due.
 */
async function registrarDocumentoSinEnviar(trx: Trx, actor: Actor, ventaId: number): Promise<Documento | undefined> {
  const venta = await repositorio.lockVentaParaEnvio(trx, ventaId);
  if (!venta?.permite_fe || venta.nro_factura_dian === null) return undefined;
  const tipo = mapeo.documentoDeVentaFe(venta);
  const id = await repositorio.insertDocumento(trx, {
    venta_id: ventaId,
    tipo,
    numero: mapeo.numeroFactura(venta),
    documento_referencia_id: null,
    user_id: actor.userId,
    estado: 'PENDIENTE_ENVIO',
    mensajes: [MENSAJES_FE.documentoSinEnviarConNota(tipo)],
  });
  return repositorio.lockDocumento(trx, id);
}

/**
 * Whether the sale's bill is a DIAN document (an electronic invoice or POS document, sent or not): its annulment then
 * needs DIAN's concept and a reason, and its corrections issue notes. Only such a sale ever gets a document row
 * (solicitarEnvioFactura, registrarDocumentoSinEnviar), so the sale's own columns answer.
 */
export function tieneFacturaElectronica(trx: Db | Trx, ventaId: number): Promise<boolean> {
  return repositorio.esVentaConDocumentoDian(trx, ventaId);
}

/** POST facturas/{venta_id}/enviar-email-fe: queue the accepted invoice's e-mail to the given addresses. */
export async function solicitarCorreo(trx: Trx, actor: Actor, ventaId: number, correos: string[], cola: ColaTrabajos): Promise<void> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.findVentaYCorreoCliente(trx, ventaId);
  if (!venta || venta.codigo_tienda !== codigoTienda) throw new AppError('VENTA_NO_ENCONTRADA');
  const factura = await repositorio.findDocumentoDeVenta(trx, ventaId, DOCUMENTOS_DE_VENTA_FE);
  if (!factura || factura.estado !== 'ACEPTADA') throw new AppError('FE_NO_ACEPTADA');
  await encolarCorreo(trx, cola, factura.id, correos.join('; '), actor.userId);
}

async function encolarCorreo(trx: Trx, cola: ColaTrabajos, documentoId: number, destinatarios: string, userId: number | null): Promise<void> {
  const correoId = await repositorio.insertCorreo(trx, { documento_fe_id: documentoId, destinatarios, user_id: userId });
  const datos: DatosTrabajoCorreo = { correoId };
  await cola.encolar(trx, TRABAJO_CORREO_FE, datos, { singletonKey: `correo-${correoId}` });
}

/** GET facturas/{venta_id}/factura-electronica: the sale's documents with their attempts and e-mails. */
export async function facturaElectronicaDeVenta(db: Db, actor: Actor, ventaId: number): Promise<FacturaElectronicaVenta> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.findVentaYCorreoCliente(db, ventaId);
  if (!venta || venta.codigo_tienda !== codigoTienda) throw new AppError('VENTA_NO_ENCONTRADA');
  const documentos = await repositorio.listDocumentosDeVenta(db, ventaId);
  const ids = documentos.map((d) => d.id);
  const [intentos, correos] = await Promise.all([repositorio.listIntentos(db, ids), repositorio.listCorreos(db, ids)]);
  return {
    venta_id: ventaId,
    correo_cliente: venta.correo_electronico || null,
    documentos: documentos.map(
      (d): DocumentoFe => ({
        id: d.id,
        tipo: d.tipo,
        numero: d.numero,
        estado: d.estado,
        cufe: d.cufe,
        fecha_emision: d.fecha_emision,
        hora_emision: d.hora_emision,
        ambiente: d.ambiente,
        proveedor: d.proveedor,
        firmado: d.firmado,
        mensajes: d.mensajes,
        fecha_aceptacion: d.fecha_aceptacion?.toISOString() ?? null,
        concepto_nota: d.concepto_nota,
        motivo: d.motivo,
        intentos: intentos
          .filter((i) => i.documento_fe_id === d.id)
          .map((i) => ({
            id: i.id,
            operacion: i.operacion,
            proveedor: i.proveedor,
            resultado: i.resultado,
            mensaje: i.mensaje,
            nombre_usuario: i.nombre_usuario,
            inicio: i.inicio.toISOString(),
            fin: i.fin.toISOString(),
          })),
        correos: correos
          .filter((c) => c.documento_fe_id === d.id)
          .map((c) => ({
            id: c.id,
            destinatarios: c.destinatarios,
            estado: c.estado,
            mensaje: c.mensaje,
            created_at: c.created_at.toISOString(),
            enviado_at: c.enviado_at?.toISOString() ?? null,
          })),
      }),
    ),
  };
}

// ——— The sending job ———

export interface DependenciasEnvio {
  db: Db;
  secreto: string;
  cola: ColaTrabajos;
  /** The provider for the current settings (proveedores/index.ts; tests pass one pointing at a local fake). */
  proveedorPara: (configuracion: ConfiguracionFE, db: Db) => ProveedorDocumentos;
  ahora?: () => Date;
  /** A credit note's wait before looking again at its invoice on its way (ESPERA_FACTURA_SEGUNDOS unless told). */
  esperaFacturaSegundos?: number;
}

export function emisorConfigurado(configuracion: ConfiguracionFE): mapeo.EmisorConfigurado {
  const faltan: string[] = [];
  if (!configuracion.nit || !configuracion.dv) faltan.push('NIT y DV');
  if (!configuracion.razon_social) faltan.push('razón social');
  if (!configuracion.direccion || !configuracion.departamento_nombre || !configuracion.municipio_nombre) faltan.push('dirección y municipio');
  if (!configuracion.software_id || !configuracion.software_pin) faltan.push('software y PIN de la DIAN');
  if (faltan.length > 0) throw new ErrorConfiguracionFE(`Falta configurar en Maestros > Factura electrónica: ${faltan.join(', ')}`);
  return {
    ambiente: configuracion.ambiente,
    emisor: {
      nit: configuracion.nit!,
      dv: configuracion.dv!,
      razonSocial: configuracion.razon_social!,
      nombreComercial: configuracion.nombre_comercial || configuracion.razon_social!,
      tipoPersona: configuracion.tipo_persona === 2 ? 2 : 1,
      responsabilidades: configuracion.responsabilidades_fiscales,
      direccion: configuracion.direccion!,
      ubicacion: {
        departamentoCodigo: configuracion.departamento_codigo!,
        municipioCodigo: configuracion.municipio_codigo!,
      },
      ...(configuracion.telefono ? { telefono: configuracion.telefono } : {}),
      ...(configuracion.correo_electronico ? { correo: configuracion.correo_electronico } : {}),
    },
    software: { id: configuracion.software_id!, pin: configuracion.software_pin!, nitProveedor: configuracion.nit!, dvProveedor: configuracion.dv! },
  };
}

/** Settings or sale data that keep a document from being built: no retry helps; a person must fix them. */
export class ErrorConfiguracionFE extends Error {}

type Documento = NonNullable<Awaited<ReturnType<typeof repositorio.findDocumento>>>;

/** Builds (and signs, when a certificate is configured) the document from the sale, and stores it. */
async function construirDocumento(dep: DependenciasEnvio, documento: Documento, configuracion: ConfiguracionFE): Promise<Documento> {
  const [venta, lineas, pagos] = await Promise.all([
    repositorio.findVentaParaEmitir(dep.db, documento.venta_id),
    lineasDelDocumento(dep.db, documento),
    repositorio.listPagosParaEmitir(dep.db, documento.venta_id),
  ]);
  if (!venta) throw new ErrorConfiguracionFE('No se encontró la venta del documento');
  const configurado = emisorConfigurado(configuracion);
  const ahora = dep.ahora?.() ?? new Date();
  const emision = fechaHoraColombia(ahora);
  let construido: DocumentoConstruido;
  try {
    if (documento.tipo === 'FACTURA') {
      construido = construirFactura({ ...mapeo.datosFactura(venta, lineas, pagos, configurado, emision), retenciones: await retencionesFactura(dep.db, documento.venta_id) });
    } else if (documento.tipo === 'POS') {
      construido = construirDocumentoPos(mapeo.datosDocumentoPos(venta, lineas, pagos, configurado, emision));
    } else {
      const factura = documento.documento_referencia_id !== null ? await repositorio.findDocumento(dep.db, documento.documento_referencia_id) : undefined;
      if (!factura?.cufe || !factura.fecha_emision) throw new Error('La nota no encuentra el documento que corrige');
      const nota = mapeo.datosNota(venta, lineas, pagos, configurado, emision, notaDeAnulacion(documento));
      const corregido = { numero: factura.numero, fechaEmision: factura.fecha_emision };
      // A POS document is corrected by its nota de ajuste (docs/decisions-factura-electronica.md, "Documento equivalente POS").
      construido =
        documento.tipo === 'NOTA_AJUSTE'
          ? construirNotaAjuste({ ...nota, documento: { ...corregido, cude: factura.cufe } })
          : construirNotaCredito({ ...nota, factura: { ...corregido, cufe: factura.cufe } });
    }
  } catch (error) {
    if (error instanceof ErrorConfiguracionFE) throw error;
    throw new ErrorConfiguracionFE(error instanceof Error ? error.message : String(error));
  }
  const firmado = configuracion.certificado !== null;
  const xml = firmado ? await firmarDocumento(construido.xml, configuracion.certificado!, ahora) : construido.xml;
  const datos = {
    fecha_emision: emision.fecha,
    hora_emision: emision.hora,
    cufe: construido.cufe,
    ambiente: configurado.ambiente,
    proveedor: configuracion.proveedor,
    xml_firmado: xml,
    qr: construido.qr,
    firmado,
  };
  const construidoAt = await repositorio.updateDocumentoConstruido(dep.db, documento.id, datos);
  return { ...documento, ...datos, construido_at: construidoAt, proveedor_id: null };
}

/** An invoice's lines are the sale's; a credit note's, those of its return or what the returns left (lineasDeNota). */
async function lineasDelDocumento(db: Db, documento: Documento) {
  const lineas = await repositorio.listLineasParaEmitir(db, documento.venta_id);
  if (documento.tipo === 'FACTURA' || documento.tipo === 'POS') return lineas;
  return mapeo.lineasDeNota(lineas, await repositorio.listLineasDevueltas(db, documento.venta_id), documento.devolucion_venta_id);
}

async function paraEnviar(dep: DependenciasEnvio, documento: Documento): Promise<DocumentoParaEnviar> {
  const [venta, lineas, pagos] = await Promise.all([
    repositorio.findVentaParaEmitir(dep.db, documento.venta_id),
    lineasDelDocumento(dep.db, documento),
    repositorio.listPagosParaEmitir(dep.db, documento.venta_id),
  ]);
  const factura = documento.documento_referencia_id !== null ? await repositorio.findDocumento(dep.db, documento.documento_referencia_id) : undefined;
  return {
    documentoId: documento.id,
    tipo: documento.tipo,
    numero: documento.numero,
    cufe: documento.cufe!,
    fechaEmision: documento.fecha_emision!,
    xmlFirmado: documento.xml_firmado!,
    venta: mapeo.ventaParaProveedor(venta!, lineas, pagos, documento.fecha_emision!),
    ...(factura
      ? { factura: { numero: factura.numero, cufe: factura.cufe ?? '', fechaEmision: factura.fecha_emision ?? '', proveedorId: factura.proveedor_id } }
      : {}),
    ...(documento.concepto_nota !== null ? { nota: { concepto: documento.concepto_nota, motivo: documento.motivo ?? '' } } : {}),
    proveedorId: documento.proveedor_id,
  };
}

/** A refusal of the request itself (DIAN's SOAP fault for an expired certificate…): recorded, never retried. */
class RechazoDeSolicitud extends Error {
  constructor(
    message: string,
    readonly intercambio: { solicitud: string; respuesta: string },
  ) {
    super(message);
  }
}

type Respuesta = ResultadoProveedor | ErrorTransitorioProveedor | RechazoDeSolicitud;

async function registrarIntento(
  dep: DependenciasEnvio,
  documento: Documento,
  proveedor: ProveedorDocumentos,
  operacion: 'ENVIO' | 'CONSULTA',
  inicio: Date,
  userId: number | null,
  resultado: Respuesta,
): Promise<void> {
  const fallo = resultado instanceof Error;
  await repositorio.insertIntento(dep.db, {
    documento_fe_id: documento.id,
    operacion,
    proveedor: proveedor.nombre,
    resultado: fallo ? 'ERROR' : resultado.resultado,
    mensaje: fallo ? resultado.message : 'mensajes' in resultado ? resultado.mensajes.join('\n') || null : null,
    solicitud: fallo ? resultado.intercambio.solicitud : 'solicitud' in resultado ? resultado.solicitud : null,
    respuesta: fallo ? resultado.intercambio.respuesta : 'respuesta' in resultado ? resultado.respuesta : null,
    user_id: userId,
    inicio,
  });
}

/** Applies a decided answer: acceptance writes the DIAN date and queues the customer's e-mail. */
async function aplicarResultado(dep: DependenciasEnvio, documento: Documento, resultado: ResultadoProveedor, userId: number | null): Promise<'listo' | 'pendiente' | 'no-encontrada'> {
  switch (resultado.resultado) {
    case 'ACEPTADA':
      await dep.db.transaction().execute(async (trx) => {
        await repositorio.updateDocumentoEstado(trx, documento.id, {
          estado: 'ACEPTADA',
          mensajes: resultado.mensajes,
          respuesta_dian: resultado.respuestaDian ?? null,
          ...(resultado.proveedorId ? { proveedor_id: resultado.proveedorId } : {}),
          cufe: resultado.cufe || documento.cufe!,
          aceptada: true,
        });
        if (documento.tipo === 'FACTURA' || documento.tipo === 'POS') {
          await repositorio.updateVentaAceptadaDian(trx, documento.venta_id, resultado.codigoContable ?? null);
          const venta = await repositorio.findVentaParaEmitir(trx, documento.venta_id);
          if (venta?.correo_electronico) await encolarCorreo(trx, dep.cola, documento.id, venta.correo_electronico, userId);
        }
      });
      return 'listo';
    case 'RECHAZADA':
      await repositorio.updateDocumentoEstado(dep.db, documento.id, {
        estado: 'RECHAZADA',
        mensajes: resultado.mensajes,
        respuesta_dian: resultado.respuestaDian ?? null,
        ...(resultado.proveedorId ? { proveedor_id: resultado.proveedorId } : {}),
      });
      return 'listo';
    case 'PENDIENTE':
      if (resultado.proveedorId) await repositorio.updateDocumentoEstado(dep.db, documento.id, { estado: 'ENVIANDO', proveedor_id: resultado.proveedorId });
      return 'pendiente';
    case 'NO_ENCONTRADA':
      return 'no-encontrada';
  }
}

/**
 * The job: build if needed, then ask before sending again, then send. A transient fault is recorded and thrown, so
 * pg-boss retries with backoff (plugins/trabajos.ts: 8 retries from 10 s, doubling); the last one leaves the document
 * 'Pendiente de envío' with the reason, for a person to send again. Settings
 * or data that keep the document from being built leave it 'Pendiente de envío' with the reason at once.
 */
export async function procesarEnvio(dep: DependenciasEnvio, datos: DatosTrabajoEnvio, ultimoIntento: boolean): Promise<void> {
  let documento = await repositorio.findDocumento(dep.db, datos.documentoId);
  if (!documento || documento.estado !== 'ENVIANDO') return;
  if (esNotaFe(documento.tipo) && (await notaEsperaFactura(dep, documento, datos.userId))) return;
  try {
    const configuracion = await leerConfiguracionFE(dep.db, dep.secreto);
    if (documento.xml_firmado === null) documento = await construirDocumento(dep, documento, configuracion);
    if (configuracion.proveedor === 'NINGUNO') {
      await repositorio.updateDocumentoEstado(dep.db, documento.id, { estado: 'PENDIENTE_ENVIO', mensajes: [MENSAJES_FE.construidoSinProveedor(documento.tipo)] });
      return;
    }
    // A provider without its credentials (or with an expired certificate) is a setting to fix, not a fault to retry.
    const faltan = faltantesConfiguracionFE(configuracion);
    if (faltan.length > 0) throw new ErrorConfiguracionFE(faltan.join('; '));
    const proveedor = dep.proveedorPara(configuracion, dep.db);
    const enviable = await paraEnviar(dep, documento);
    if (documento.proveedor_id !== null || (await repositorio.huboEnvio(dep.db, documento.id, documento.construido_at!))) {
      const inicio = new Date();
      const consulta = await llamar(() => proveedor.consultar(enviable));
      await registrarIntento(dep, documento, proveedor, 'CONSULTA', inicio, datos.userId, consulta);
      if (consulta instanceof Error) throw consulta;
      const aplicado = await aplicarResultado(dep, documento, consulta, datos.userId);
      if (aplicado === 'pendiente') return await reprogramar(dep, documento.id, datos.userId);
      if (aplicado === 'listo') return;
    }
    const inicio = new Date();
    const respuesta = await llamar(() => proveedor.enviar(enviable));
    await registrarIntento(dep, documento, proveedor, 'ENVIO', inicio, datos.userId, respuesta);
    if (respuesta instanceof Error) throw respuesta;
    const aplicado = await aplicarResultado(dep, documento, respuesta, datos.userId);
    if (aplicado === 'pendiente') await reprogramar(dep, documento.id, datos.userId);
  } catch (error) {
    if (error instanceof ErrorTransitorioProveedor && !ultimoIntento) throw error;
    const motivo =
      error instanceof ErrorTransitorioProveedor
        ? `No se pudo comunicar con el proveedor después de varios intentos: ${error.message}`
        : error instanceof ErrorConfiguracionFE || error instanceof AppError || error instanceof RechazoDeSolicitud
          ? error.message
          : `Error al enviar la factura electrónica: ${error instanceof Error ? error.message : String(error)}`;
    await repositorio.updateDocumentoEstado(dep.db, datos.documentoId, { estado: 'PENDIENTE_ENVIO', mensajes: [motivo] });
    const conocido = error instanceof ErrorTransitorioProveedor || error instanceof ErrorConfiguracionFE || error instanceof AppError || error instanceof RechazoDeSolicitud;
    if (!conocido) throw error;
  }
}

/**
 * A credit note is built and sent only after DIAN accepted the invoice it annuls: it references the invoice's final CUFE
 * (a rejected invoice is rebuilt with a new one) and DIAN refuses a note of an invoice it does not hold. While the
 * invoice is on its way the note stays 'Enviando' and its job looks again later (startAfter, as a pending answer is
 * asked again); an invoice pending of sending or rejected needs a person, so the note is left 'Pendiente de envío'
 * saying so, and sending the invoice again queues the note again (solicitarEnvioFactura). The invoice's row is locked
 * first (the order Timbrar takes), so a Timbrar and this decision never cross. True when the note waits.
 */
async function notaEsperaFactura(dep: DependenciasEnvio, nota: Documento, userId: number | null): Promise<boolean> {
  if (nota.documento_referencia_id === null) return false;
  const facturaId = nota.documento_referencia_id;
  return dep.db.transaction().execute(async (trx) => {
    const factura = await repositorio.lockDocumento(trx, facturaId);
    if (!factura || factura.estado === 'ACEPTADA') return false;
    const actual = await repositorio.lockDocumento(trx, nota.id);
    if (actual?.estado !== 'ENVIANDO') return true;
    const clase = factura.tipo === 'POS' ? 'POS' : 'FACTURA';
    if (factura.estado === 'ENVIANDO') {
      await repositorio.updateDocumentoEstado(trx, nota.id, { estado: 'ENVIANDO', mensajes: [MENSAJES_FE.notaEsperaEnvio(factura.numero, clase)] });
      await encolarEnvio(trx, dep.cola, nota.id, userId, dep.esperaFacturaSegundos ?? ESPERA_FACTURA_SEGUNDOS);
      return true;
    }
    const mensaje = factura.estado === 'RECHAZADA' ? MENSAJES_FE.notaEsperaRechazo(factura.numero, clase) : MENSAJES_FE.notaEsperaPendiente(factura.numero, clase);
    await repositorio.updateDocumentoEstado(trx, nota.id, { estado: 'PENDIENTE_ENVIO', mensajes: [mensaje] });
    return true;
  });
}

/** The note's number, DIAN concept and reason (a note row always carries both: migration 202612030300). */
function notaDeAnulacion(documento: Documento): { numero: string; concepto: string; motivo: string } {
  if (!documento.concepto_nota || !documento.motivo) throw new ErrorConfiguracionFE('La nota crédito no tiene concepto DIAN y motivo');
  return { numero: documento.numero, concepto: documento.concepto_nota, motivo: documento.motivo };
}

/** Calls the provider; a fault comes back as a value, so it is recorded before it is thrown. */
async function llamar(llamada: () => Promise<ResultadoProveedor>): Promise<Respuesta> {
  try {
    return await llamada();
  } catch (error) {
    if (error instanceof ErrorTransitorioProveedor) return error;
    if (error instanceof Error && 'intercambio' in error) {
      return new RechazoDeSolicitud(error.message, (error as Error & { intercambio: RechazoDeSolicitud['intercambio'] }).intercambio);
    }
    throw error;
  }
}

async function reprogramar(dep: DependenciasEnvio, documentoId: number, userId: number | null): Promise<void> {
  await dep.db.transaction().execute((trx) => encolarEnvio(trx, dep.cola, documentoId, userId, ESPERA_PENDIENTE_SEGUNDOS));
}

/** What the invoice PDF prints of the electronic document: CUFE, QR text and whether DIAN accepted it; null before it is built. */
export async function representacionGrafica(db: Db, ventaId: number): Promise<{ cufe: string; qr: string; aceptada: boolean } | null> {
  const documento = await repositorio.findDocumentoDeVenta(db, ventaId, DOCUMENTOS_DE_VENTA_FE);
  if (!documento?.cufe || !documento.qr) return null;
  return { cufe: documento.cufe, qr: documento.qr, aceptada: documento.estado === 'ACEPTADA' };
}

/** The state of the sale's invoice document, or null when it was never queued. */
export async function estadoFactura(trx: Trx, ventaId: number): Promise<DocumentoFe['estado'] | null> {
  const factura = await repositorio.lockDocumentoDeVenta(trx, ventaId, DOCUMENTOS_DE_VENTA_FE);
  return factura?.estado ?? null;
}

/** The provider the settings name (the Timbrar answer says 'pendiente de envío' when there is none; billing asks whether it sends POS). */
export async function proveedorConfigurado(trx: Db): Promise<ProveedorDocumentos['nombre']> {
  return (await repositorio.findEnvioAutomatico(trx))?.proveedor ?? 'NINGUNO';
}
