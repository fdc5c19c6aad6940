import { ESTADOS_VENTA, formatearNumeroDocumento, MENSAJES_ENVIO, NOMBRES_TIPO_DOCUMENTO, type DocumentoEnvio, type EnlaceDocumentoRespuesta, type EnviosVenta } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import type { PoolDocumentos } from '../../documents/documentos.pool';
import { AppError, campoInvalido } from '../../lib/app-error';
import { enviarCorreo, ErrorTransitorioCorreo } from '../../lib/correo';
import * as cuentasCreditoService from '../cuentas-credito';
import * as facturaElectronicaService from '../factura-electronica';
import { cotizacionPdfDeVenta } from './cotizaciones.service';
import { facturaPdfDeVenta } from './documento-venta.service';
import { ENLACE_COTIZACION, ENLACE_FACTURA } from './enlaces-factura';
import * as repositorio from './envio-documento.repository';

/**
 * Sending a sale's documents from its detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): by e-mail
 * through a pg-boss job (the PDFs in the documents pool, the message through lib/correo.ts: SMTP or the outbox), or
 * as the document's signed public link, shared by the user (WhatsApp). Every send is a row of envio_documento.
 */

/** What the sends need from the app. */
export interface ContextoEnvio {
  db: Db;
  secreto: string;
  documentos: PoolDocumentos;
  carpetaSalida: string;
}

type VentaEnvio = NonNullable<Awaited<ReturnType<typeof repositorio.findVentaParaEnvio>>>;

/**
 * A kind of document a sale sends. THE REGISTRY: a new kind (the quotation) is one more entry here and one in the
 * domain's DOCUMENTOS_ENVIO; the routes, the job and the dialog read this list.
 */
interface TipoDocumentoEnvio {
  /** How the messages name it ('Factura electrónica de venta FE12'). */
  nombre: (venta: VentaEnvio) => string;
  /** Why it does not apply to this sale, or null. */
  motivoNoDisponible: (db: Db, venta: VentaEnvio) => Promise<string | null>;
  /** Its signed public link (a path of this server), and how many days it lasts. */
  enlace: (contexto: Pick<ContextoEnvio, 'db' | 'secreto'>, venta: VentaEnvio) => Promise<{ ruta: string; vigenciaDias: number }>;
  /** Its PDF, rendered in the documents pool. */
  pdf: (contexto: ContextoEnvio, venta: VentaEnvio) => Promise<{ pdf: Buffer; archivo: string }>;
}

const esCotizacion = (venta: VentaEnvio) => venta.estado_venta_id === ESTADOS_VENTA.cotizacion;

async function cuentaDeVenta(db: Db, venta: VentaEnvio) {
  return cuentasCreditoService.cuentaDeTercero(db, venta.cliente_id);
}

export const TIPOS_DOCUMENTO_ENVIO: Readonly<Record<DocumentoEnvio, TipoDocumentoEnvio>> = {
  // The sale's own document as its public link prints it: invoice, POS document, remission, or the order before billing.
  VENTA: {
    nombre: (venta) => (venta.tipo_documento ? `${NOMBRES_TIPO_DOCUMENTO[venta.tipo_documento]} ${formatearNumeroDocumento(venta) ?? ''}`.trim() : `Pedido No. ${venta.id}`),
    motivoNoDisponible: (_db, venta) => Promise.resolve(esCotizacion(venta) ? MENSAJES_ENVIO.esCotizacion : null),
    enlace: ({ secreto }, venta) => Promise.resolve({ ruta: ENLACE_FACTURA.url(secreto, venta.id), vigenciaDias: ENLACE_FACTURA.vigenciaDias }),
    pdf: (contexto, venta) => facturaPdfDeVenta(contexto, venta.id),
  },
  // A quotation (docs/decisions-cotizaciones.md): its PDF with the cut plans, and its 30-day public link.
  COTIZACION: {
    nombre: (venta) => `Cotización No. ${venta.id}`,
    motivoNoDisponible: (_db, venta) => Promise.resolve(esCotizacion(venta) ? null : MENSAJES_ENVIO.noEsCotizacion),
    enlace: ({ secreto }, venta) => Promise.resolve({ ruta: ENLACE_COTIZACION.url(secreto, venta.id), vigenciaDias: ENLACE_COTIZACION.vigenciaDias }),
    pdf: async (contexto, venta) => {
      const pdf = await cotizacionPdfDeVenta(contexto, venta.id);
      if (!pdf) throw new Error(MENSAJES_ENVIO.noEsCotizacion);
      return pdf;
    },
  },
  // The customer's credit account statement (cuentas-credito's document), when the customer has an account.
  ESTADO_CUENTA: {
    nombre: () => 'Estado de cuenta',
    motivoNoDisponible: async (db, venta) => ((await cuentaDeVenta(db, venta)) ? null : MENSAJES_ENVIO.sinCuentaCredito),
    enlace: async ({ db, secreto }, venta) => {
      const cuenta = await cuentaDeVenta(db, venta);
      if (!cuenta) throw campoInvalido('documento', MENSAJES_ENVIO.sinCuentaCredito);
      return { ruta: cuentasCreditoService.ENLACE_ESTADO_CUENTA.url(secreto, cuenta.id), vigenciaDias: cuentasCreditoService.ENLACE_ESTADO_CUENTA.vigenciaDias };
    },
    pdf: async (contexto, venta) => {
      const cuenta = await cuentaDeVenta(contexto.db, venta);
      const datos = cuenta ? await cuentasCreditoService.datosEstadoCuenta(contexto.db, cuenta.id) : undefined;
      if (!datos) throw new Error(MENSAJES_ENVIO.sinCuentaCredito);
      return { pdf: await contexto.documentos.renderizar('credito-estado-cuenta', datos), archivo: `Estado de cuenta ${venta.nombres} ${venta.apellidos}.pdf`.replace(/\s+/g, ' ') };
    },
  },
};

const ORDEN_DOCUMENTOS = Object.keys(TIPOS_DOCUMENTO_ENVIO) as DocumentoEnvio[];

/** The pg-boss queue of the e-mails. */
export const TRABAJO_CORREO_DOCUMENTOS = 'venta-correo-documentos';
export interface DatosTrabajoCorreoDocumentos {
  envioIds: number[];
}

async function ventaDelActor(db: Db | Trx, actor: Actor, ventaId: number): Promise<VentaEnvio> {
  const venta = await repositorio.findVentaParaEnvio(db, ventaId, tiendaDelActor(actor));
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  return venta;
}

/** GET facturas/{venta_id}/envios: the kinds that apply, the customer's e-mail and the sends, newest first. */
export async function enviosDeVenta(db: Db, actor: Actor, ventaId: number): Promise<EnviosVenta> {
  const venta = await ventaDelActor(db, actor, ventaId);
  const [documentos, envios] = await Promise.all([
    Promise.all(
      ORDEN_DOCUMENTOS.map(async (documento) => {
        const motivo = await TIPOS_DOCUMENTO_ENVIO[documento].motivoNoDisponible(db, venta);
        return { documento, nombre: TIPOS_DOCUMENTO_ENVIO[documento].nombre(venta), disponible: motivo === null, motivo };
      }),
    ),
    repositorio.listEnvios(db, ventaId),
  ]);
  return {
    correo_cliente: venta.correo_electronico?.trim() || null,
    documentos,
    envios: envios.map((envio) => ({ ...envio, fecha: envio.fecha.toISOString() })),
  };
}

/**
 * POST facturas/{venta_id}/envios/correo: records one row per document (PENDIENTE) and enqueues the e-mail's job in the
 * same transaction, so the mail leaves only if the rows committed. A document that does not apply is a 422.
 */
export async function solicitarCorreo(
  trx: Trx,
  actor: Actor,
  ventaId: number,
  datos: { correo: string[]; documentos: DocumentoEnvio[] },
  cola: facturaElectronicaService.ColaTrabajos,
): Promise<void> {
  const venta = await ventaDelActor(trx, actor, ventaId);
  for (const documento of datos.documentos) {
    const motivo = await TIPOS_DOCUMENTO_ENVIO[documento].motivoNoDisponible(trx, venta);
    if (motivo) throw campoInvalido('documentos', motivo);
  }
  const destino = datos.correo.join('; ');
  const envioIds = await repositorio.insertEnvios(
    trx,
    datos.documentos.map((documento) => ({ venta_id: ventaId, codigo_tienda: venta.codigo_tienda, documento, canal: 'CORREO', destino, estado: 'PENDIENTE', user_id: actor.userId })),
  );
  await cola.encolar(trx, TRABAJO_CORREO_DOCUMENTOS, { envioIds } satisfies DatosTrabajoCorreoDocumentos, { singletonKey: `envio-${envioIds[0]}` });
}

/** POST facturas/{venta_id}/envios/enlace: the document's signed public link, recorded as a send (ENVIADO). */
export async function crearEnlace(trx: Trx, actor: Actor, secreto: string, ventaId: number, documento: DocumentoEnvio): Promise<EnlaceDocumentoRespuesta> {
  const venta = await ventaDelActor(trx, actor, ventaId);
  const tipo = TIPOS_DOCUMENTO_ENVIO[documento];
  const motivo = await tipo.motivoNoDisponible(trx, venta);
  if (motivo) throw campoInvalido('documento', motivo);
  const { ruta, vigenciaDias } = await tipo.enlace({ db: trx, secreto }, venta);
  await repositorio.insertEnvios(trx, [{ venta_id: ventaId, codigo_tienda: venta.codigo_tienda, documento, canal: 'ENLACE', destino: null, estado: 'ENVIADO', user_id: actor.userId }]);
  return { ruta, nombre: tipo.nombre(venta), vigencia_dias: vigenciaDias };
}

/**
 * The e-mail job: renders the documents of its rows (documents pool), sends one message with them attached (SMTP of the
 * e-invoicing settings, or the outbox folder) and writes the result on the rows. A transient SMTP failure throws (the
 * job retries) until the last attempt; anything else is recorded as ERROR. Rows already sent are skipped.
 */
export async function procesarCorreoDocumentos(contexto: ContextoEnvio, envioIds: readonly number[], ultimoIntento: boolean): Promise<void> {
  const filas = await repositorio.listEnviosPendientes(contexto.db, envioIds);
  if (filas.length === 0) return;
  const ids = filas.map((fila) => fila.id);
  try {
    const primera = filas[0]!;
    const venta = await repositorio.findVentaParaEnvio(contexto.db, primera.venta_id, null);
    if (!venta) throw new Error('No se encontró la venta del envío');
    const adjuntos = [];
    for (const fila of filas) {
      const { pdf, archivo } = await TIPOS_DOCUMENTO_ENVIO[fila.documento].pdf(contexto, venta);
      adjuntos.push({ nombre: archivo, contenido: pdf, tipo: 'application/pdf' });
    }
    const configuracion = await facturaElectronicaService.leerConfiguracionFE(contexto.db, contexto.secreto);
    const emisor = configuracion.razon_social ?? 'Tablero';
    const nombres = filas.map((fila) => TIPOS_DOCUMENTO_ENVIO[fila.documento].nombre(venta));
    const resultado = await enviarCorreo(
      configuracion.smtp,
      {
        ...(configuracion.smtp?.remitente ? { de: configuracion.smtp.remitente } : {}),
        para: (primera.destino ?? '').split(';').map((c) => c.trim()).filter(Boolean),
        asunto: `${nombres.join(' y ')} - ${emisor}`,
        texto: [
          `Señor(a) ${`${venta.nombres} ${venta.apellidos}`.trim()}:`,
          '',
          `Adjuntamos ${nombres.join(' y ')} de ${emisor} (venta No. ${venta.id}).`,
          '',
          'Gracias por su compra.',
        ].join('\n'),
        adjuntos,
      },
      contexto.carpetaSalida,
    );
    if (resultado.modo === 'SMTP') await repositorio.updateEnvios(contexto.db, ids, { estado: 'ENVIADO', mensaje: null });
    else await repositorio.updateEnvios(contexto.db, ids, { estado: 'BANDEJA_SALIDA', archivo: resultado.archivo, mensaje: 'Sin servidor SMTP configurado: el mensaje quedó en la bandeja de salida' });
  } catch (error) {
    if (error instanceof ErrorTransitorioCorreo && !ultimoIntento) throw error;
    await repositorio.updateEnvios(contexto.db, ids, { estado: 'ERROR', mensaje: error instanceof Error ? error.message : String(error) });
  }
}
