import type { Element } from '@xmldom/xmldom';
import { calcularCude, calcularCufe, type CamposCodigoUnico } from '../cufe';
import { NS } from '../espacios';
import { ErrorXmlDian, hijo, hijos, leerXml } from './xml';

/**
 * What DIAN reads from a received document to check its cbc:UUID (rule FAD06 for invoices): every term of the
 * CUFE/CUDE is taken from the XML itself, so an XML and a code computed from different figures never agree.
 */
export interface DocumentoRecibido {
  tipo: 'Invoice' | 'CreditNote';
  /** An Invoice's InvoiceTypeCode ('01' invoice, '20' POS equivalent document: identified by a CUDE); '' on a note. */
  tipoFactura: string;
  /** cbc:ID and cbc:UUID as written. */
  numero: string;
  uuid: string;
  campos: CamposCodigoUnico;
}

function cbc(padre: Element | undefined, nombre: string): string {
  return (padre && hijo(padre, nombre, NS.cbc)?.textContent?.trim()) ?? '';
}

function cac(padre: Element | undefined, ...ruta: string[]): Element | undefined {
  return ruta.reduce<Element | undefined>((actual, nombre) => (actual ? hijo(actual, nombre, NS.cac) : undefined), padre);
}

/** The document-level TaxTotal of a tax scheme ('01' IVA, '04' INC, '03' ICA); '0.00' when the document has none. */
function totalTributo(raiz: Element, codigo: string): string {
  const total = hijos(raiz, 'TaxTotal', NS.cac).find((candidato) =>
    hijos(candidato, 'TaxSubtotal', NS.cac).some((subtotal) => cbc(cac(subtotal, 'TaxCategory', 'TaxScheme'), 'ID') === codigo),
  );
  return total ? cbc(total, 'TaxAmount') : '0.00';
}

export function leerDocumentoRecibido(xml: string): DocumentoRecibido {
  const raiz = leerXml(xml).documentElement;
  const tipo = raiz?.localName;
  if (!raiz || (tipo !== 'Invoice' && tipo !== 'CreditNote') || raiz.namespaceURI !== (tipo === 'Invoice' ? NS.invoice : NS.creditNote)) {
    throw new ErrorXmlDian('El documento no es una factura ni una nota crédito UBL 2.1');
  }
  const totales = cac(raiz, 'LegalMonetaryTotal');
  const ambiente = cbc(raiz, 'ProfileExecutionID');
  if (ambiente !== '1' && ambiente !== '2') throw new ErrorXmlDian(`ProfileExecutionID inválido: '${ambiente}'`);
  const uuid = cbc(raiz, 'UUID');
  if (!uuid) throw new ErrorXmlDian('El documento no tiene cbc:UUID');
  return {
    tipo,
    tipoFactura: tipo === 'Invoice' ? cbc(raiz, 'InvoiceTypeCode') : '',
    numero: cbc(raiz, 'ID'),
    uuid,
    campos: {
      numero: cbc(raiz, 'ID'),
      fecha: cbc(raiz, 'IssueDate'),
      hora: cbc(raiz, 'IssueTime'),
      valorBruto: cbc(totales, 'LineExtensionAmount'),
      valorIva: totalTributo(raiz, '01'),
      valorInc: totalTributo(raiz, '04'),
      valorIca: totalTributo(raiz, '03'),
      valorTotal: cbc(totales, 'PayableAmount'),
      nitEmisor: cbc(cac(raiz, 'AccountingSupplierParty', 'Party', 'PartyTaxScheme'), 'CompanyID'),
      documentoAdquiriente: cbc(cac(raiz, 'AccountingCustomerParty', 'Party', 'PartyTaxScheme'), 'CompanyID'),
      ambiente: Number(ambiente) as 1 | 2,
    },
  };
}

/**
 * True when the document's cbc:UUID is the CUFE (invoice, with the resolution's technical key) or the CUDE (credit
 * note, POS document and its nota de ajuste, with the software PIN) of the figures the XML itself holds.
 */
export function codigoUnicoCorresponde(documento: DocumentoRecibido, claves: { claveTecnica: string; pinSoftware: string }): boolean {
  try {
    const esperado =
      // A POS equivalent document (InvoiceTypeCode 20) is an Invoice identified by a CUDE (Anexo POS §14.1.3).
      documento.tipo === 'Invoice' && documento.tipoFactura !== '20'
        ? calcularCufe({ ...documento.campos, claveTecnica: claves.claveTecnica })
        : calcularCude({ ...documento.campos, pinSoftware: claves.pinSoftware });
    return esperado === documento.uuid;
  } catch {
    // A figure without its two decimals cannot give DIAN's code.
    return false;
  }
}

