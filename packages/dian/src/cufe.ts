import { createHash } from 'node:crypto';
import type { Ambiente } from './tipos';
import { FORMATO_VALOR } from './valores';

/**
 * The 14 terms shared by the CUFE (invoice) and the CUDE (notes), as written in the XML: the amounts are the very
 * strings of LegalMonetaryTotal and the TaxTotal of each tax ('0.00' when the tax is absent).
 */
export interface CamposCodigoUnico {
  /** cbc:ID. */
  numero: string;
  /** cbc:IssueDate, 'YYYY-MM-DD'. */
  fecha: string;
  /** cbc:IssueTime, 'HH:MM:SS-05:00'. */
  hora: string;
  /** LegalMonetaryTotal/LineExtensionAmount. */
  valorBruto: string;
  /** TaxTotal of tax 01 (IVA). */
  valorIva: string;
  /** TaxTotal of tax 04 (INC). */
  valorInc: string;
  /** TaxTotal of tax 03 (ICA). */
  valorIca: string;
  /** LegalMonetaryTotal/PayableAmount. */
  valorTotal: string;
  /** Issuer NIT without DV. */
  nitEmisor: string;
  /** Customer PartyTaxScheme/CompanyID as written ('222222222222' for consumidor final). */
  documentoAdquiriente: string;
  ambiente: Ambiente;
}

function sha384(texto: string): string {
  return createHash('sha384').update(texto, 'utf8').digest('hex');
}

function concatenacion(campos: CamposCodigoUnico, clave: string): string {
  for (const [nombre, valor] of Object.entries({
    valorBruto: campos.valorBruto,
    valorIva: campos.valorIva,
    valorInc: campos.valorInc,
    valorIca: campos.valorIca,
    valorTotal: campos.valorTotal,
  })) {
    // A '1500000' or '1500000.5' would hash to a code DIAN never reproduces: refuse it here.
    if (!FORMATO_VALOR.test(valor)) throw new Error(`El valor ${nombre} debe tener dos decimales: '${valor}'`);
  }
  return [
    campos.numero,
    campos.fecha,
    campos.hora,
    campos.valorBruto,
    '01',
    campos.valorIva,
    '04',
    campos.valorInc,
    '03',
    campos.valorIca,
    campos.valorTotal,
    campos.nitEmisor,
    campos.documentoAdquiriente,
    clave,
    String(campos.ambiente),
  ].join('');
}

/** CUFE: SHA-384 (lowercase hex) of the 15 terms, the 14th being the technical key of the numbering resolution. */
export function calcularCufe(campos: CamposCodigoUnico & { claveTecnica: string }): string {
  return sha384(concatenacion(campos, campos.claveTecnica));
}

/** CUDE of a credit/debit note: the same 15 terms with the software PIN in place of the technical key. */
export function calcularCude(campos: CamposCodigoUnico & { pinSoftware: string }): string {
  return sha384(concatenacion(campos, campos.pinSoftware));
}

/** sts:SoftwareSecurityCode: SHA-384 of SoftwareID + PIN + document number; the PIN never appears in the XML. */
export function codigoSeguridadSoftware(softwareId: string, pin: string, numero: string): string {
  return sha384(`${softwareId}${pin}${numero}`);
}
