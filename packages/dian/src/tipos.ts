/**
 * The data a DIAN document is built from. Amounts are integer centavos (the package writes them with two decimals,
 * and the CUFE is computed from those same strings); quantities are decimal strings as stored ('3', '2.50').
 */

import type { CodigoTributoParte } from './codigos';

/** DIAN's TipoAmbiente / ProfileExecutionID. */
export type Ambiente = 1 | 2;

/**
 * A place by DIVIPOLA code (department 2 digits, municipality 5 digits). The document writes DIAN's names of both
 * codes (codigos.ts DEPARTAMENTOS, municipios.ts), not the names the shop keeps.
 */
export interface Ubicacion {
  departamentoCodigo: string;
  municipioCodigo: string;
  /** Postal code when known. */
  codigoPostal?: string;
}

export interface Emisor {
  /** NIT digits without DV, dots or dashes. */
  nit: string;
  dv: string;
  razonSocial: string;
  nombreComercial: string;
  /** DIAN TipoOrganizacion: 1 persona jurídica, 2 persona natural. */
  tipoPersona: 1 | 2;
  /** DIAN responsabilidades fiscales: 'O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'. */
  responsabilidades: string[];
  direccion: string;
  ubicacion: Ubicacion;
  telefono?: string;
  correo?: string;
  /** DIAN tributo of the party (PartyTaxScheme/TaxScheme, codigos.ts TRIBUTOS_PARTE): '01' IVA (default for the issuer), '04' INC, 'ZA' IVA e INC, 'ZZ' no aplica. */
  tributo?: CodigoTributoParte;
}

export interface Adquiriente {
  /** DIAN identification type: '13' cédula, '31' NIT, '22' cédula de extranjería, '41' pasaporte, '12', '11', '21', '42', '47', '48', '50', '91'. */
  tipoIdentificacion: string;
  /** The number as written in the XML: digits for NIT/cédula; '222222222222' for consumidor final. */
  numero: string;
  /** Only for tipoIdentificacion '31'. */
  dv?: string;
  nombre: string;
  tipoPersona: 1 | 2;
  responsabilidades: string[];
  direccion?: string;
  ubicacion?: Ubicacion;
  correo?: string;
  telefono?: string;
  /** Default: '01' IVA for a NIT (type 31), 'ZZ' no aplica for everyone else (consumidor final included). */
  tributo?: CodigoTributoParte;
}

/**
 * A tax on a line: DIAN TipoImpuesto ('01' IVA, '04' INC, '03' ICA; codigos.ts IMPUESTOS), its percentage and amounts
 * in centavos. The document writes DIAN's name of the code, whatever the shop calls the tax.
 */
export interface ImpuestoLinea {
  codigo: string;
  /** Percentage as a decimal string with two decimals: '19.00'. */
  porcentaje: string;
  baseCentavos: number;
  valorCentavos: number;
}

export interface LineaDocumento {
  /** Our product reference (SellersItemIdentification and StandardItemIdentification schemeID 999). */
  codigo: string;
  descripcion: string;
  /** Decimal string, as many decimals as stored (up to 6). */
  cantidad: string;
  /** DIAN unit code; '94' (unidad) by default, 'MTR' for metres. */
  unidad: string;
  precioUnitarioCentavos: number;
  /** Gross before discount (cantidad × precio, rounded as the sale stored it). */
  brutoCentavos: number;
  /** Line discount (AllowanceCharge ChargeIndicator false); 0 when none. */
  descuentoCentavos: number;
  /** Percentage of the discount, decimal string with two decimals; '0.00' when none. */
  porcentajeDescuento: string;
  impuestos: ImpuestoLinea[];
}

/** DIAN payment means: ID 1 contado / 2 crédito; code from MediosPago ('10' efectivo, '48' tarjeta crédito…). */
export interface MedioPago {
  formaPago: 1 | 2;
  codigoMedio: string;
  /** 'YYYY-MM-DD', required when formaPago is 2. */
  vencimiento?: string;
}

/** The DIAN numbering resolution of an invoice range (InvoiceControl) and its technical key (CUFE term 14). */
export interface Resolucion {
  numero: string;
  fechaDesde: string;
  fechaHasta: string;
  prefijo: string;
  desde: number;
  hasta: number;
  claveTecnica: string;
}

export interface Software {
  id: string;
  pin: string;
  /** NIT of the software's owner (ours: the issuer's NIT) and its DV. */
  nitProveedor: string;
  dvProveedor: string;
}

/** What every document shares: everything but its numbering authority or the document it corrects. */
export interface DatosComunes {
  ambiente: Ambiente;
  /** cbc:ID: prefix + number. */
  numero: string;
  /** 'YYYY-MM-DD' and 'HH:MM:SS-05:00', Colombian time, frozen at emission. */
  fechaEmision: string;
  horaEmision: string;
  emisor: Emisor;
  adquiriente: Adquiriente;
  software: Software;
  lineas: LineaDocumento[];
  mediosPago: MedioPago[];
  notas?: string[];
}

/**
 * A withholding the buyer practises on the invoice (cac:WithholdingTaxTotal; docs/decisions-retenciones.md): DIAN's
 * TipoImpuesto code ('06' ReteFuente, '05' ReteIVA, '07' ReteICA; codigos.ts RETENCIONES), the rate as a percentage
 * ('2.50', '15.00', '1.104') and the amounts in centavos. Informative: it changes neither PayableAmount nor the CUFE.
 */
export interface RetencionDocumento {
  codigo: string;
  porcentaje: string;
  baseCentavos: number;
  valorCentavos: number;
}

export interface DatosFactura extends DatosComunes {
  resolucion: Resolucion;
  /** The withholdings known at billing; none when absent. */
  retenciones?: RetencionDocumento[];
}

export interface DatosNotaCredito extends DatosComunes {
  /** The invoice it corrects. */
  factura: { numero: string; cufe: string; fechaEmision: string };
  /** DIAN concept: '2' anulación de factura electrónica. */
  concepto: string;
  descripcionConcepto: string;
}

/**
 * The cash register of a POS equivalent document (Anexo técnico documento equivalente electrónico v1.0, §8.2.1.2,
 * InformacionCajaVenta): its plate, where it stands, the cashier, its kind and the sale's code. The subtotal is the
 * document's own, written by the builder.
 */
export interface PuntoVentaPos {
  placaCaja: string;
  ubicacionCaja: string;
  cajero: string;
  tipoCaja: string;
  codigoVenta: string;
}

/** Who made the software that issues a POS document (InformacionDelFabricanteDelSoftware). */
export interface FabricanteSoftware {
  nombreApellido: string;
  razonSocial: string;
  nombreSoftware: string;
}

/** The buyer's loyalty data (§8.2.1.1, InformacionBeneficiosComprador): required by DIAN even when there is no programme. */
export interface BeneficiosComprador {
  codigo: string;
  nombresApellidos: string;
  puntos: string;
}

/**
 * The documento equivalente electrónico tiquete POS (Res. 000165 de 2023): numbered within its own DIAN resolution,
 * identified by a CUDE computed with the software PIN (so its resolution needs no technical key).
 */
export interface DatosDocumentoPos extends DatosComunes {
  resolucion: Omit<Resolucion, 'claveTecnica'>;
  puntoVenta: PuntoVentaPos;
  fabricante: FabricanteSoftware;
  beneficios: BeneficiosComprador;
}

/** The nota de ajuste (crédito) that corrects a POS equivalent document, by difference, like a credit note. */
export interface DatosNotaAjuste extends DatosComunes {
  /** The POS document it corrects. */
  documento: { numero: string; cude: string; fechaEmision: string };
  /** DIAN concept (same codes as ConceptoNotaCredito): '1' devolución parcial, '2' anulación. */
  concepto: string;
  descripcionConcepto: string;
}

/** What a build returns: the unsigned XML (with the empty signature extension), its CUFE/CUDE and QR text. */
export interface DocumentoConstruido {
  xml: string;
  /** The CUFE of an invoice, the CUDE of every other document. */
  cufe: string;
  codigoSeguridad: string;
  qr: string;
}
