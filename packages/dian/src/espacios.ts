/** XML namespaces of DIAN's UBL 2.1 documents and of their XAdES signature. */
export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  attachedDocument: 'urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ccts: 'urn:un:unece:uncefact:data:specification:CoreComponentTypeSchemaModule:2',
  /** DianExtensions of invoices (DIAN_UBL_Structures.xsd). */
  stsFactura: 'dian:gov:co:facturaelectronica:Structures-2-1',
  /** DianExtensions of notes: DIAN's own note samples and accepted implementations keep the v1 URI. */
  stsNota: 'http://www.dian.gov.co/contratos/facturaelectronica/v1/Structures',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  xades141: 'http://uri.etsi.org/01903/v1.4.1#',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** DIAN's NIT, the AuthorizationProvider of every document. */
export const NIT_DIAN = '800197268';
export const DV_DIAN = '4';
export const AGENCIA_DIAN = 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)';
