import QRCode from 'qrcode';
import type { Ambiente } from './tipos';

/** The values printed in the QR, as written in the XML. */
export interface CamposQr {
  ambiente: Ambiente;
  numero: string;
  fecha: string;
  hora: string;
  nitEmisor: string;
  documentoAdquiriente: string;
  valorBruto: string;
  valorIva: string;
  valorOtrosImpuestos: string;
  valorTotal: string;
  /** CUFE of an invoice or CUDE of a note. */
  codigoUnico: string;
  /** The label of the code line: 'CUFE' for invoices, 'CUDE' for notes. */
  etiquetaCodigo: 'CUFE' | 'CUDE';
}

/** DIAN's document search; habilitación documents live in the -hab catalogue. */
export function urlConsultaDian(ambiente: Ambiente, codigoUnico: string): string {
  const dominio = ambiente === 1 ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${dominio}/document/searchqr?documentkey=${codigoUnico}`;
}

/** The text of sts:QRCode and of the printed QR: one 'Label: value' per line, ending with DIAN's search URL. */
export function textoQr(campos: CamposQr): string {
  return [
    `NumFac: ${campos.numero}`,
    `FecFac: ${campos.fecha}`,
    `HorFac: ${campos.hora}`,
    `NitFac: ${campos.nitEmisor}`,
    `DocAdq: ${campos.documentoAdquiriente}`,
    `ValFac: ${campos.valorBruto}`,
    `ValIva: ${campos.valorIva}`,
    `ValOtroIm: ${campos.valorOtrosImpuestos}`,
    `ValTolFac: ${campos.valorTotal}`,
    `${campos.etiquetaCodigo}: ${campos.codigoUnico}`,
    urlConsultaDian(campos.ambiente, campos.codigoUnico),
  ].join('\n');
}

/** PNG of the QR for the printed invoice (the "representación gráfica"). */
export function imagenQr(texto: string): Promise<Buffer> {
  // Level M and a 4-module quiet zone keep the ~400-character text readable once printed at 2–3 cm.
  return QRCode.toBuffer(texto, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 360 });
}
