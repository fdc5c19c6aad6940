/**
 * DIAN's codes Tablero writes and DIAN's name for each, copied from DIAN's code lists of the Anexo técnico 1.9
 * (genericode files, `listas/*.gc`; the file of each table is named on it, and codigos.test.ts checks every entry
 * against it). A document writes the name from here, never the shop's display name (docs/decisions-factura-electronica.md,
 * "Los nombres de la DIAN"); a code missing here is refused before anything is built. Names are the list's `name`
 * without the trailing spaces some rows carry.
 */

/** TipoImpuesto-2.1.gc: the taxes a line can carry (cac:TaxScheme of TaxTotal). */
export const IMPUESTOS = {
  '01': 'IVA',
  '03': 'ICA',
  '04': 'INC',
} as const;
export type CodigoImpuesto = keyof typeof IMPUESTOS;

/** TipoImpuesto-2.1.gc: the withholdings a buyer practises (cac:WithholdingTaxTotal's TaxScheme). */
export const RETENCIONES = {
  '05': 'ReteIVA',
  '06': 'ReteFuente',
  '07': 'ReteICA',
} as const;

/**
 * The tributo of a party (PartyTaxScheme/TaxScheme). Anexo técnico 1.9 table 13.2.6.2; DIAN's genericode mirror has
 * no list of its own for it: 01 and 04 are the TipoImpuesto rows, ZA and ZZ exist only in the Anexo's table (the
 * TipoImpuesto row ZZ is the placeholder 'Nombre de la figura tributaria').
 */
export const TRIBUTOS_PARTE = {
  '01': 'IVA',
  '04': 'INC',
  ZA: 'IVA e INC',
  ZZ: 'No aplica',
} as const;
export type CodigoTributoParte = keyof typeof TRIBUTOS_PARTE;

/** FormasPago-2.1.gc: PaymentMeans/ID. */
export const FORMAS_PAGO = {
  '1': 'Contado',
  '2': 'Crédito',
} as const;

/** MediosPago-2.1.gc: PaymentMeans/PaymentMeansCode, the methods a shop's payment forms map to. */
export const MEDIOS_PAGO = {
  '1': 'Instrumento no definido',
  '10': 'Efectivo',
  '20': 'Cheque',
  '42': 'Consiganción bancaria',
  '47': 'Transferencia Débito Bancaria',
  '48': 'Tarjeta Crédito',
  '49': 'Tarjeta Débito',
} as const;

/**
 * TipoIdFiscal-2.1.gc: the identification types (CompanyID/@schemeName). 47 (PEP) and 48 (PPT) come from the Anexo
 * técnico 1.9 table 13.2.1, newer than the genericode mirror.
 */
export const TIPOS_IDENTIFICACION = {
  '11': 'Registro civil',
  '12': 'Tarjeta de identidad',
  '13': 'Cédula de ciudadanía',
  '21': 'Tarjeta de extranjería',
  '22': 'Cédula de extranjería',
  '31': 'NIT',
  '41': 'Pasaporte',
  '42': 'Documento de identificación extranjero',
  '47': 'PEP',
  '48': 'PPT',
  '50': 'NIT de otro país',
  '91': 'NUIP *',
} as const;

/** TipoOrganizacion-2.1.gc: AdditionalAccountID. */
export const TIPOS_ORGANIZACION = {
  '1': 'Persona Jurídica',
  '2': 'Persona Natural',
} as const;

/**
 * TipoResponsabilidad-2.1.gc: TaxLevelCode. R-99-PN ('No aplica – Otros') comes from the Anexo técnico 1.9 table
 * 13.2.6.1, newer than the genericode mirror.
 */
export const RESPONSABILIDADES = {
  'O-13': 'Gran contribuyente',
  'O-15': 'Autorretenedor',
  'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación',
  'R-99-PN': 'No aplica – Otros',
} as const;

/**
 * ConceptoNotaCredito-2.1.gc: DiscrepancyResponse/ResponseCode. One list with the domain's, which the screens and the
 * annulment's and return's requests read; codigos.test.ts still checks it against DIAN's genericode.
 */
export { CONCEPTOS_NOTA_CREDITO } from '@tablero/domain';

/** UnidadesMedida-2.1.gc: the units of quantity Tablero sells in (@unitCode). */
export const UNIDADES = {
  '94': 'unidad',
  MTR: 'metro',
} as const;

/** Paises-2.1.gc: Country/IdentificationCode and Country/Name. */
export const PAISES = {
  CO: 'Colombia',
} as const;

/** Departamentos-2.1.gc: cac:Address/cbc:CountrySubentityCode and its name (CountrySubentity). Municipalities: municipios.ts. */
export const DEPARTAMENTOS = {
  '05': 'Antioquia',
  '08': 'Atlántico',
  '11': 'Bogotá',
  '13': 'Bolívar',
  '15': 'Boyacá',
  '17': 'Caldas',
  '18': 'Caquetá',
  '19': 'Cauca',
  '20': 'Cesar',
  '23': 'Córdoba',
  '25': 'Cundinamarca',
  '27': 'Chocó',
  '41': 'Huila',
  '44': 'La Guajira',
  '47': 'Magdalena',
  '50': 'Meta',
  '52': 'Nariño',
  '54': 'Norte de Santander',
  '63': 'Quindío',
  '66': 'Risaralda',
  '68': 'Santander',
  '70': 'Sucre',
  '73': 'Tolima',
  '76': 'Valle del Cauca',
  '81': 'Arauca',
  '85': 'Casanare',
  '86': 'Putumayo',
  '88': 'San Andrés y Providencia',
  '91': 'Amazonas',
  '94': 'Guainía',
  '95': 'Guaviare',
  '97': 'Vaupés',
  '99': 'Vichada',
} as const;

/** The codes of the tables whose entries come only from the Anexo, not from a genericode file (checked apart). */
export const SOLO_EN_EL_ANEXO = {
  TRIBUTOS_PARTE: ['ZA', 'ZZ'],
  TIPOS_IDENTIFICACION: ['47', '48'],
  RESPONSABILIDADES: ['R-99-PN'],
} as const;

/** DIAN's name of a code of one of these tables; throws naming the list when the code is not in it. */
export function nombreDian<T extends Record<string, string>>(tabla: T, lista: string, codigo: string): T[keyof T] {
  if (!Object.hasOwn(tabla, codigo)) throw new Error(`El código '${codigo}' no está en la lista ${lista} de la DIAN`);
  return tabla[codigo as keyof T];
}
