import { comprimirZip, documentoAdjunto, firmarDocumentoAdjunto } from '@tablero/dian';
import type { Db } from '../../db/database';
import { enviarCorreo, ErrorTransitorioCorreo } from '../../lib/correo';
import { leerConfiguracionFE } from './configuracion.service';
import * as mapeo from './emision.mapeo';
import * as repositorio from './emision.repository';
import { emisorConfigurado } from './emision.service';

/**
 * The invoice e-mail job (docs/decisions-factura-electronica.md, Correo): the accepted invoice's PDF (with its CUFE and
 * QR) and DIAN's AttachedDocument (the signed invoice with DIAN's answer, zipped as DIAN's delivery asks), to the
 * addresses the correo_fe row names; by SMTP when configured, otherwise written to the outbox folder (the row says
 * which).
 */
export interface DependenciasCorreo {
  db: Db;
  secreto: string;
  carpetaSalida: string;
  /** The invoice's PDF as the public link prints it (ventas renders it in the documents pool). */
  pdfFactura: (ventaId: number) => Promise<{ pdf: Buffer; archivo: string }>;
}

export async function procesarCorreo(dep: DependenciasCorreo, correoId: number, ultimoIntento: boolean): Promise<void> {
  const correo = await repositorio.findCorreo(dep.db, correoId);
  if (!correo || correo.estado !== 'PENDIENTE') return;
  const documento = await repositorio.findDocumento(dep.db, correo.documento_fe_id);
  if (!documento?.xml_firmado || !documento.cufe) {
    await repositorio.updateCorreo(dep.db, correoId, { estado: 'ERROR', mensaje: 'El documento electrónico no está construido' });
    return;
  }
  try {
    const configuracion = await leerConfiguracionFE(dep.db, dep.secreto);
    const venta = await repositorio.findVentaParaEmitir(dep.db, documento.venta_id);
    const { pdf, archivo } = await dep.pdfFactura(documento.venta_id);
    if (!venta) throw new Error('No se encontró la venta del documento');
    const adquiriente = mapeo.adquirienteDeVenta(venta);
    const contenedor = documentoAdjunto({
      facturaXmlFirmado: documento.xml_firmado,
      ...(documento.respuesta_dian ? { respuestaDian: documento.respuesta_dian } : {}),
      emisor: emisorConfigurado(configuracion).emisor,
      adquiriente,
      numero: documento.numero,
      cufe: documento.cufe,
      fechaEmision: documento.fecha_emision ?? '',
      horaEmision: documento.hora_emision ?? '',
    });
    // The container the customer receives is signed by the issuer as its document was (docs/decisions-factura-electronica.md
    // "Correo"); without a certificate (the fake DIAN's tests) neither is.
    const adjunto = configuracion.certificado ? await firmarDocumentoAdjunto(contenedor, configuracion.certificado, new Date()) : contenedor;
    const nombreXml = `ad-${documento.numero}.xml`;
    const zip = Buffer.from(comprimirZip([{ nombre: nombreXml, contenido: adjunto }]));
    const emisor = configuracion.razon_social ?? 'Tablero';
    const pos = documento.tipo === 'POS';
    const resultado = await enviarCorreo(
      configuracion.smtp,
      {
        ...(configuracion.smtp?.remitente ? { de: configuracion.smtp.remitente } : {}),
        para: correo.destinatarios.split(';').map((c) => c.trim()).filter(Boolean),
        // DIAN's subject for the delivery: NIT;issuer;number;document type (01 invoice, 20 POS document);issuer name.
        asunto: `${configuracion.nit ?? ''};${emisor};${documento.numero};${pos ? '20' : '01'};${emisor}`,
        texto: [
          `Señor(a) ${adquiriente.nombre}:`,
          '',
          `Adjuntamos ${pos ? 'el documento equivalente electrónico POS' : 'la factura electrónica de venta'} ${documento.numero} de ${emisor}.`,
          `${pos ? 'CUDE' : 'CUFE'}: ${documento.cufe}`,
          '',
          'El archivo ZIP contiene el documento electrónico (AttachedDocument) validado por la DIAN.',
        ].join('\n'),
        adjuntos: [
          { nombre: archivo, contenido: pdf, tipo: 'application/pdf' },
          { nombre: `${documento.numero}.zip`, contenido: zip, tipo: 'application/zip' },
        ],
      },
      dep.carpetaSalida,
    );
    if (resultado.modo === 'SMTP') await repositorio.updateCorreo(dep.db, correoId, { estado: 'ENVIADO', mensaje: null });
    else await repositorio.updateCorreo(dep.db, correoId, { estado: 'BANDEJA_SALIDA', archivo: resultado.archivo, mensaje: 'Sin servidor SMTP configurado: el mensaje quedó en la bandeja de salida' });
  } catch (error) {
    if (error instanceof ErrorTransitorioCorreo && !ultimoIntento) throw error;
    await repositorio.updateCorreo(dep.db, correoId, { estado: 'ERROR', mensaje: error instanceof Error ? error.message : String(error) });
  }
}
