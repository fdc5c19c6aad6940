import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { AGENCIA_DIAN } from './espacios';
import { DEPARTAMENTOS, nombreDian, PAISES, RESPONSABILIDADES, TIPOS_IDENTIFICACION, TIPOS_ORGANIZACION, TRIBUTOS_PARTE, type CodigoTributoParte } from './codigos';
import { MUNICIPIOS } from './municipios';
import type { Adquiriente, Emisor, Ubicacion } from './tipos';

/** The issuer or the customer, in the one shape the UBL party blocks are written from. */
export interface Parte {
  tipoPersona: 1 | 2;
  tipoIdentificacion: string;
  numero: string;
  dv: string | undefined;
  nombreComercial: string;
  razonSocial: string;
  responsabilidades: string[];
  tributo: CodigoTributoParte;
  direccion: string | undefined;
  ubicacion: Ubicacion | undefined;
  telefono: string | undefined;
  correo: string | undefined;
  /** Only the issuer of an invoice: the numbering prefix (CorporateRegistrationScheme). */
  prefijo?: string;
  /** Only the customer carries cac:PartyIdentification. */
  identificacion: boolean;
}

/** Every code of a party must be in DIAN's lists before anything is written (codigos.ts). */
function comprobada(parte: Parte): Parte {
  nombreDian(TIPOS_ORGANIZACION, 'TipoOrganizacion', String(parte.tipoPersona));
  nombreDian(TIPOS_IDENTIFICACION, 'TipoIdFiscal', parte.tipoIdentificacion);
  nombreDian(TRIBUTOS_PARTE, 'Tributos (Anexo técnico 13.2.6.2)', parte.tributo);
  for (const responsabilidad of parte.responsabilidades) nombreDian(RESPONSABILIDADES, 'TipoResponsabilidad', responsabilidad);
  if (parte.ubicacion) {
    const { departamentoCodigo, municipioCodigo } = parte.ubicacion;
    nombreDian(DEPARTAMENTOS, 'Departamentos', departamentoCodigo);
    nombreDian(MUNICIPIOS, 'Municipio', municipioCodigo);
    if (!municipioCodigo.startsWith(departamentoCodigo)) {
      throw new Error(`El municipio ${municipioCodigo} no pertenece al departamento ${departamentoCodigo}`);
    }
  }
  return parte;
}

export function parteEmisor(emisor: Emisor, prefijo: string | undefined): Parte {
  return comprobada({
    tipoPersona: emisor.tipoPersona,
    tipoIdentificacion: '31',
    numero: emisor.nit,
    dv: emisor.dv,
    nombreComercial: emisor.nombreComercial,
    razonSocial: emisor.razonSocial,
    responsabilidades: emisor.responsabilidades,
    tributo: emisor.tributo ?? '01',
    direccion: emisor.direccion,
    ubicacion: emisor.ubicacion,
    telefono: emisor.telefono,
    correo: emisor.correo,
    ...(prefijo ? { prefijo } : {}),
    identificacion: false,
  });
}

export function parteAdquiriente(adquiriente: Adquiriente): Parte {
  return comprobada({
    tipoPersona: adquiriente.tipoPersona,
    tipoIdentificacion: adquiriente.tipoIdentificacion,
    numero: adquiriente.numero,
    dv: adquiriente.dv,
    nombreComercial: adquiriente.nombre,
    razonSocial: adquiriente.nombre,
    responsabilidades: adquiriente.responsabilidades,
    tributo: adquiriente.tributo ?? (adquiriente.tipoIdentificacion === '31' ? '01' : 'ZZ'),
    direccion: adquiriente.direccion,
    ubicacion: adquiriente.ubicacion,
    telefono: adquiriente.telefono,
    correo: adquiriente.correo,
    identificacion: true,
  });
}

/** CompanyID attributes: DIAN as agency, the DV only for a NIT, the identification type as schemeName. */
function atributosIdentificacion(parte: Parte): Record<string, string> {
  return {
    schemeAgencyID: '195',
    schemeAgencyName: AGENCIA_DIAN,
    ...(parte.tipoIdentificacion === '31' && parte.dv ? { schemeID: parte.dv } : {}),
    schemeName: parte.tipoIdentificacion,
  };
}

function direccion(padre: XMLBuilder, ubicacion: Ubicacion, linea: string | undefined): void {
  padre.ele('cbc:ID').txt(ubicacion.municipioCodigo);
  padre.ele('cbc:CityName').txt(MUNICIPIOS[ubicacion.municipioCodigo]!);
  if (ubicacion.codigoPostal) padre.ele('cbc:PostalZone').txt(ubicacion.codigoPostal);
  padre.ele('cbc:CountrySubentity').txt(DEPARTAMENTOS[ubicacion.departamentoCodigo as keyof typeof DEPARTAMENTOS]);
  padre.ele('cbc:CountrySubentityCode').txt(ubicacion.departamentoCodigo);
  if (linea) padre.ele('cac:AddressLine').ele('cbc:Line').txt(linea);
  const pais = padre.ele('cac:Country');
  pais.ele('cbc:IdentificationCode').txt('CO');
  pais.ele('cbc:Name', { languageID: 'es' }).txt(PAISES.CO);
}

/** cac:PartyTaxScheme: the tax identity, shared by the documents and the AttachedDocument. */
export function esquemaTributario(padre: XMLBuilder, parte: Parte, conDireccion: boolean): void {
  const esquema = padre.ele('cac:PartyTaxScheme');
  esquema.ele('cbc:RegistrationName').txt(parte.razonSocial);
  esquema.ele('cbc:CompanyID', atributosIdentificacion(parte)).txt(parte.numero);
  // listName is the VAT regime: 48 responsable de IVA, 49 no responsable.
  const responsableIva = parte.tributo === '01' || parte.tributo === 'ZA';
  const responsabilidades = parte.responsabilidades.length > 0 ? parte.responsabilidades : ['R-99-PN'];
  esquema.ele('cbc:TaxLevelCode', { listName: responsableIva ? '48' : '49' }).txt(responsabilidades.join(';'));
  if (conDireccion && parte.ubicacion) direccion(esquema.ele('cac:RegistrationAddress'), parte.ubicacion, parte.direccion);
  const tributo = esquema.ele('cac:TaxScheme');
  tributo.ele('cbc:ID').txt(parte.tributo);
  tributo.ele('cbc:Name').txt(TRIBUTOS_PARTE[parte.tributo]);
}

/** AccountingSupplierParty / AccountingCustomerParty, children in UBL's PartyType order. */
export function parteContable(padre: XMLBuilder, nombre: string, parte: Parte): void {
  const contenedor = padre.ele(nombre);
  // AdditionalAccountID: DIAN TipoOrganizacion (1 persona jurídica, 2 persona natural).
  contenedor.ele('cbc:AdditionalAccountID').txt(String(parte.tipoPersona));
  const party = contenedor.ele('cac:Party');
  if (parte.identificacion) party.ele('cac:PartyIdentification').ele('cbc:ID', atributosIdentificacion(parte)).txt(parte.numero);
  party.ele('cac:PartyName').ele('cbc:Name').txt(parte.nombreComercial);
  if (parte.ubicacion) direccion(party.ele('cac:PhysicalLocation').ele('cac:Address'), parte.ubicacion, parte.direccion);
  esquemaTributario(party, parte, true);
  const legal = party.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(parte.razonSocial);
  legal.ele('cbc:CompanyID', atributosIdentificacion(parte)).txt(parte.numero);
  if (parte.prefijo) legal.ele('cac:CorporateRegistrationScheme').ele('cbc:ID').txt(parte.prefijo);
  if (parte.telefono || parte.correo) {
    const contacto = party.ele('cac:Contact');
    if (parte.telefono) contacto.ele('cbc:Telephone').txt(parte.telefono);
    if (parte.correo) contacto.ele('cbc:ElectronicMail').txt(parte.correo);
  }
}
