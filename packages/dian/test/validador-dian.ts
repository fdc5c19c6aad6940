import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';

/*
 * The independent check of a DIAN document, for tests: it imports nothing of the package it checks. Two parts:
 *  - the schemas: xmllint (Debian's libxml2-utils, installed by scripts/ensure-xmllint.sh) against OASIS's UBL 2.1
 *    schemas plus DIAN's DIAN_UBL_Structures.xsd and the XAdES schemas, from ../shared/data/dian/xsd (its README);
 *  - the codes: every code the document writes, read with a real XML parser, against DIAN's genericode lists in
 *    ../shared/data/dian/listas.
 * An AttachedDocument is checked and so is the invoice or note it carries.
 */

const DATOS = fileURLToPath(new URL('../../../../shared/data/dian/', import.meta.url));
const XSD = join(DATOS, 'xsd');
const LISTAS = join(DATOS, 'listas');

const NS_STS = 'dian:gov:co:facturaelectronica:Structures-2-1';
/** The DianExtensions namespace DIAN's note samples use; its content is the same structure (research notes §2). */
const NS_STS_NOTAS = 'http://www.dian.gov.co/contratos/facturaelectronica/v1/Structures';

const ESQUEMAS: Record<string, { ns: string; archivo: string }> = {
  Invoice: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', archivo: 'maindoc/UBL-Invoice-2.1.xsd' },
  CreditNote: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', archivo: 'maindoc/UBL-CreditNote-2.1.xsd' },
  AttachedDocument: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2', archivo: 'maindoc/UBL-AttachedDocument-2.1.xsd' },
};

/**
 * The one disagreement between DIAN's schema and DIAN's annex (../shared/data/dian/README.md): the annex puts the
 * check digit in schemeID of ProviderID and AuthorizationProviderID, the schema's enumeration does not allow it. The
 * annex wins; exactly this message is accepted, nothing else.
 */
const CONFLICTO_CONOCIDO =
  /^línea \d+: element (ProviderID|AuthorizationProviderID): Schemas validity error : Element '\{dian:gov:co:facturaelectronica:Structures-2-1\}(ProviderID|AuthorizationProviderID)', attribute 'schemeID': \[facet 'enumeration'\] The value '\d' is not an element of the set \{'11', '12', '13', '21', '22', '31', '32', '41', '42', '50', '91'\}\.$/;

/**
 * Codes of the Anexo técnico 1.9 that the genericode mirror (lists of 2019) lacks: R-99-PN (table 13.2.6.1),
 * the party tributos ZA and ZZ 'No aplica' (13.2.6.2), the identification types 47 PEP and 48 PPT (13.2.1) and the
 * VAT regimes of TaxLevelCode/@listName (48 responsable, 49 no responsable).
 */
const DEL_ANEXO = {
  responsabilidades: new Map([['R-99-PN', 'No aplica – Otros']]),
  tributosParte: new Map([
    ['ZA', 'IVA e INC'],
    ['ZZ', 'No aplica'],
  ]),
  tiposIdentificacion: new Map([
    ['47', 'PEP'],
    ['48', 'PPT'],
  ]),
  regimenes: new Map([
    ['48', 'Impuesto sobre las ventas – IVA'],
    ['49', 'No responsable de IVA'],
  ]),
};

/**
 * Codes of the Anexo técnico documento equivalente electrónico v1.0 (Res. 000165 de 2023), which the 1.9 lists do not
 * carry: the document types of the POS equivalent document (20) and of its notas de ajuste (93 débito, 94 crédito),
 * and, for a nota de ajuste, the CustomizationID that names the kind of equivalent document it corrects (20, POS).
 */
const DEL_ANEXO_DE = {
  tiposDocumento: new Map([
    ['20', 'Documento equivalente electrónico del tiquete de máquina registradora con sistema P.O.S.'],
    ['93', 'Nota de ajuste de tipo débito al documento equivalente'],
    ['94', 'Nota de ajuste de tipo crédito al documento equivalente'],
  ]),
  personalizacionNotaAjuste: new Map([['20', 'Documento equivalente POS']]),
  /**
   * The POS document's own extensions (§8.2.1; rules DEPD11 and DEPD21 reject a POS document without any of them):
   * group, inner element, and the Names in order, literally (accents included).
   */
  extensionesPos: [
    ['FabricanteSoftware', 'InformacionDelFabricanteDelSoftware', ['NombreApellido', 'RazonSocial', 'NombreSoftware']],
    ['BeneficiosComprador', 'InformacionBeneficiosComprador', ['Codigo', 'NombresApellidos', 'Puntos']],
    ['PuntoVenta', 'InformacionCajaVenta', ['PlacaCaja', 'UbicaciónCaja', 'Cajero', 'TipoCaja', 'CódigoVenta', 'SubTotal']],
  ] as const,
};

const listas = new Map<string, Map<string, string>>();

/** code → name (trimmed) of one of DIAN's genericode lists, e.g. lista('TipoImpuesto'). */
export function lista(nombre: string): Map<string, string> {
  const guardada = listas.get(nombre);
  if (guardada) return guardada;
  const archivo = nombre === 'CodigoPostal' ? 'CodigoPostal1.gc' : `${nombre}-2.1.gc`;
  const raiz = new DOMParser().parseFromString(readFileSync(join(LISTAS, archivo), 'utf8'), 'text/xml').documentElement!;
  const filas = new Map<string, string>();
  for (const fila of Array.from(raiz.getElementsByTagName('Row'))) {
    const valores = new Map(
      Array.from(fila.getElementsByTagName('Value')).map((valor) => [
        valor.getAttribute('ColumnRef') ?? '',
        (valor.getElementsByTagName('SimpleValue').item(0)?.textContent ?? '').trim(),
      ]),
    );
    filas.set(valores.get('code') ?? '', valores.get('name') ?? '');
  }
  listas.set(nombre, filas);
  return filas;
}

function unida(nombre: string, extra: Map<string, string>): Map<string, string> {
  return new Map([...lista(nombre), ...extra]);
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

let carpetaEsquemas: string | undefined;

/** A wrapper schema per document type: the UBL document, DIAN's structures, XML-DSig and XAdES, so the content of
 *  ext:ExtensionContent (processContents="lax") is validated too. */
function esquemaEnvoltorio(raiz: string): string {
  carpetaEsquemas ??= mkdtempSync(join(tmpdir(), 'esquemas-dian-'));
  const ruta = join(carpetaEsquemas, `${raiz}.xsd`);
  const importar = (ns: string, archivo: string) => `<xsd:import namespace="${ns}" schemaLocation="${join(XSD, archivo)}"/>`;
  const documento = ESQUEMAS[raiz];
  writeFileSync(
    ruta,
    [
      '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">',
      documento ? importar(documento.ns, documento.archivo) : '',
      importar(NS_STS, 'maindoc/DIAN_UBL_Structures.xsd'),
      importar('http://www.w3.org/2000/09/xmldsig#', 'common/UBL-xmldsig-core-schema-2.1.xsd'),
      importar('http://uri.etsi.org/01903/v1.3.2#', 'common/UBL-XAdESv132-2.1.xsd'),
      importar('http://uri.etsi.org/01903/v1.4.1#', 'common/UBL-XAdESv141-2.1.xsd'),
      '</xsd:schema>',
    ].join('\n'),
  );
  return ruta;
}

/** xmllint's validity errors of one XML text against a schema, without the file name prefix. */
function xmllint(xml: string, esquema: string): string[] {
  const carpeta = mkdtempSync(join(tmpdir(), 'documento-dian-'));
  try {
    const archivo = join(carpeta, 'documento.xml');
    writeFileSync(archivo, xml);
    const resultado = spawnSync('xmllint', ['--noout', '--nonet', '--schema', esquema, archivo], { encoding: 'utf8' });
    if (resultado.error) throw new Error(`xmllint no está instalado (bash scripts/ensure-xmllint.sh): ${resultado.error.message}`);
    // The last line only sums up ('… validates' or '… fails to validate'); the errors are the lines before it.
    const lineas = resultado.stderr.split('\n').filter((linea) => linea.trim() && !linea.startsWith(`${archivo} `));
    if (resultado.status !== 0 && lineas.length === 0) lineas.push(`xmllint terminó con el código ${String(resultado.status)}`);
    return lineas.map((linea) => linea.replace(`${archivo}:`, 'línea ')).filter((linea) => !CONFLICTO_CONOCIDO.test(linea));
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}

function analizar(xml: string): Element {
  const errores: string[] = [];
  const raiz = new DOMParser({ onError: (nivel, mensaje) => void (nivel !== 'warning' && errores.push(mensaje)) }).parseFromString(
    xml,
    'text/xml',
  ).documentElement;
  if (!raiz || errores.length) throw new Error(`XML mal formado: ${errores.join('; ')}`);
  return raiz;
}

/** The invoice or note an AttachedDocument carries (the CDATA of Attachment/ExternalReference/Description). */
function documentosAdjuntos(raiz: Element): string[] {
  return elementos(raiz, 'Attachment/ExternalReference/Description')
    .map((descripcion) => descripcion.textContent ?? '')
    .filter((texto) => /<(\w+:)?(Invoice|CreditNote)[\s>]/.test(texto));
}

/**
 * Schema errors of a document (empty when it validates): the document against UBL 2.1 with DIAN's structures and the
 * signature schemas in place; a note's DianExtensions, in DIAN's older namespace URI that no schema declares, is
 * checked apart against DIAN_UBL_Structures.xsd under the schema's URI.
 */
export function erroresEsquema(xml: string): string[] {
  const raiz = analizar(xml);
  const nombre = raiz.localName ?? '';
  if (!ESQUEMAS[nombre]) return [`Documento desconocido: ${nombre}`];
  const errores = xmllint(xml, esquemaEnvoltorio(nombre));
  // An invoice's DianExtensions is validated in place (ExtensionContent is processContents="lax").
  for (const extension of Array.from(raiz.getElementsByTagNameNS(NS_STS_NOTAS, 'DianExtensions'))) {
    const texto = new XMLSerializer().serializeToString(extension).split(NS_STS_NOTAS).join(NS_STS);
    errores.push(...xmllint(texto, esquemaEnvoltorio('DianExtensions')).map((error) => `DianExtensions: ${error}`));
  }
  for (const adjunto of documentosAdjuntos(raiz)) errores.push(...erroresEsquema(adjunto).map((error) => `Adjunto: ${error}`));
  return errores;
}

// ---------------------------------------------------------------------------------------------------------------
// Codes

function hijos(padre: Element, nombre: string): Element[] {
  return Array.from(padre.childNodes).filter((nodo): nodo is Element => nodo.nodeType === 1 && (nodo as Element).localName === nombre);
}

/** Elements at a '/'-separated path of local names under padre; '//' at the start searches at any depth. */
function elementos(padre: Element, ruta: string): Element[] {
  const [primero, ...resto] = ruta.replace(/^\/\//, '').split('/');
  const inicio = ruta.startsWith('//')
    ? Array.from(padre.getElementsByTagNameNS('*', primero!))
    : hijos(padre, primero!);
  return resto.reduce<Element[]>((actuales, nombre) => actuales.flatMap((actual) => hijos(actual, nombre)), inicio);
}

function ruta(elemento: Element): string {
  const nombres: string[] = [];
  for (let actual: Element | null = elemento; actual && actual.nodeType === 1; actual = actual.parentNode as Element | null) {
    nombres.unshift(actual.localName ?? '');
  }
  return nombres.join('/');
}

const normalizar = (texto: string) => texto.trim().toLocaleLowerCase('es');

/**
 * Every code the document writes, checked against DIAN's lists, and the names written next to a code against the
 * list's name (case and surrounding spaces aside). Answers one message per problem, naming the element's path.
 */
export function erroresCodigos(xml: string): string[] {
  const raiz = analizar(xml);
  const errores: string[] = [];
  const revisados = { total: 0 };
  const comprobar = (elemento: Element, valor: string | null, nombreLista: string, codigos: Map<string, string>, que = '') => {
    revisados.total += 1;
    if (valor === null || !codigos.has(valor)) {
      errores.push(`${ruta(elemento)}${que}: '${valor ?? ''}' no está en la lista ${nombreLista}`);
    }
  };
  const comprobarNombre = (elemento: Element | undefined, codigo: string, nombreLista: string, codigos: Map<string, string>) => {
    if (!elemento || !codigos.has(codigo)) return;
    if (normalizar(elemento.textContent ?? '') !== normalizar(codigos.get(codigo)!)) {
      errores.push(`${ruta(elemento)}: '${elemento.textContent ?? ''}' no es el nombre de ${codigo} en ${nombreLista} ('${codigos.get(codigo)!}')`);
    }
  };
  const texto = (elemento: Element) => elemento.textContent ?? '';
  const tipo = raiz.localName;
  const codigoTipo = elementos(raiz, tipo === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode').map(texto)[0];
  // A POS equivalent document (20) and its nota de ajuste (94) follow the Anexo de documento equivalente.
  const equivalente = codigoTipo === '20' || codigoTipo === '94';
  const tiposDocumento = unida('TipoDocumento', DEL_ANEXO_DE.tiposDocumento);

  // Header.
  for (const e of elementos(raiz, 'ProfileExecutionID')) comprobar(e, texto(e), 'TipoAmbiente', lista('TipoAmbiente'));
  for (const e of elementos(raiz, 'UUID')) {
    if (e.hasAttribute('schemeID')) comprobar(e, e.getAttribute('schemeID'), 'TipoAmbiente', lista('TipoAmbiente'), '/@schemeID');
  }
  // The root's UUID is a CUFE in an invoice and a CUDE in a note; a referenced document's may be either.
  const algoritmos = new Map([...lista('AlgoritmoCUFE'), ...lista('AlgoritmoCUDE')]);
  for (const e of elementos(raiz, '//UUID')) {
    if (!e.hasAttribute('schemeName')) continue;
    const raizDocumento = e.parentNode === raiz;
    // An invoice is identified by a CUFE; its notes, the POS document and its notes by a CUDE.
    const propia = tipo === 'Invoice' && !equivalente ? 'AlgoritmoCUFE' : tipo === 'Invoice' || tipo === 'CreditNote' ? 'AlgoritmoCUDE' : undefined;
    if (raizDocumento && propia) comprobar(e, e.getAttribute('schemeName'), propia, lista(propia), '/@schemeName');
    else comprobar(e, e.getAttribute('schemeName'), 'AlgoritmoCUFE o AlgoritmoCUDE', algoritmos, '/@schemeName');
  }
  if (tipo === 'Invoice') {
    for (const e of elementos(raiz, 'CustomizationID')) comprobar(e, texto(e), 'TipoOperacionF', lista('TipoOperacionF'));
    for (const e of elementos(raiz, 'InvoiceTypeCode')) comprobar(e, texto(e), 'TipoDocumento', tiposDocumento);
  }
  if (tipo === 'CreditNote') {
    for (const e of elementos(raiz, 'CustomizationID')) {
      if (equivalente) comprobar(e, texto(e), 'tipo de documento equivalente (Anexo DE)', DEL_ANEXO_DE.personalizacionNotaAjuste);
      else comprobar(e, texto(e), 'TipoOperacionNC', lista('TipoOperacionNC'));
    }
    for (const e of elementos(raiz, 'CreditNoteTypeCode')) comprobar(e, texto(e), 'TipoDocumento', tiposDocumento);
    for (const e of elementos(raiz, 'DiscrepancyResponse/ResponseCode')) comprobar(e, texto(e), 'ConceptoNotaCredito', lista('ConceptoNotaCredito'));
  }
  for (const e of elementos(raiz, 'BillingReference/InvoiceDocumentReference/DocumentTypeCode')) comprobar(e, texto(e), 'TipoDocumento', tiposDocumento);
  if (codigoTipo === '20') errores.push(...erroresExtensionesPos(raiz));
  for (const e of elementos(raiz, 'DocumentCurrencyCode')) comprobar(e, texto(e), 'TipoMoneda', lista('TipoMoneda'));
  for (const e of elementos(raiz, '//*')) {
    if (e.hasAttribute('currencyID')) comprobar(e, e.getAttribute('currencyID'), 'TipoMoneda', lista('TipoMoneda'), '/@currencyID');
    if (e.hasAttribute('unitCode')) comprobar(e, e.getAttribute('unitCode'), 'UnidadesMedida', lista('UnidadesMedida'), '/@unitCode');
    if (e.hasAttribute('languageID')) comprobar(e, e.getAttribute('languageID'), 'LanguageCode', lista('LanguageCode'), '/@languageID');
  }

  // Parties.
  for (const e of [...elementos(raiz, 'AccountingSupplierParty/AdditionalAccountID'), ...elementos(raiz, 'AccountingCustomerParty/AdditionalAccountID')]) {
    comprobar(e, texto(e), 'TipoOrganizacion', lista('TipoOrganizacion'));
  }
  const tiposId = unida('TipoIdFiscal', DEL_ANEXO.tiposIdentificacion);
  for (const e of [...elementos(raiz, '//CompanyID'), ...elementos(raiz, '//PartyIdentification/ID')]) {
    comprobar(e, e.getAttribute('schemeName'), 'TipoIdFiscal', tiposId, '/@schemeName');
  }
  const responsabilidades = unida('TipoResponsabilidad', DEL_ANEXO.responsabilidades);
  for (const e of elementos(raiz, '//TaxLevelCode')) {
    for (const codigo of texto(e).split(';')) comprobar(e, codigo, 'TipoResponsabilidad', responsabilidades);
    comprobar(e, e.getAttribute('listName'), 'régimen fiscal (Anexo)', DEL_ANEXO.regimenes, '/@listName');
  }
  const tributosParte = new Map([...[...lista('TipoImpuesto')].filter(([codigo]) => codigo !== 'ZZ'), ...DEL_ANEXO.tributosParte]);
  for (const esquema of elementos(raiz, '//PartyTaxScheme/TaxScheme')) {
    const [id] = hijos(esquema, 'ID');
    if (!id) continue;
    comprobar(id, texto(id), 'TipoImpuesto (tributos de la parte)', tributosParte);
    comprobarNombre(hijos(esquema, 'Name')[0], texto(id), 'TipoImpuesto', tributosParte);
  }

  // Addresses.
  for (const pais of elementos(raiz, '//Country')) {
    const [codigo] = hijos(pais, 'IdentificationCode');
    if (!codigo) continue;
    comprobar(codigo, texto(codigo), 'Paises', lista('Paises'));
    comprobarNombre(hijos(pais, 'Name')[0], texto(codigo), 'Paises', lista('Paises'));
  }
  for (const e of elementos(raiz, '//InvoiceSource/IdentificationCode')) comprobar(e, texto(e), 'Paises', lista('Paises'));
  for (const direccion of [...elementos(raiz, '//Address'), ...elementos(raiz, '//RegistrationAddress')]) {
    const departamento = hijos(direccion, 'CountrySubentityCode')[0];
    const municipio = hijos(direccion, 'ID')[0];
    if (departamento) {
      comprobar(departamento, texto(departamento), 'Departamentos', lista('Departamentos'));
      comprobarNombre(hijos(direccion, 'CountrySubentity')[0], texto(departamento), 'Departamentos', lista('Departamentos'));
    }
    if (municipio) {
      comprobar(municipio, texto(municipio), 'Municipio', lista('Municipio'));
      if (departamento && !texto(municipio).startsWith(texto(departamento))) {
        errores.push(`${ruta(municipio)}: el municipio ${texto(municipio)} no es del departamento ${texto(departamento)}`);
      }
      comprobarNombre(hijos(direccion, 'CityName')[0], texto(municipio), 'Municipio', lista('Municipio'));
    }
    for (const postal of hijos(direccion, 'PostalZone')) comprobar(postal, texto(postal), 'CodigoPostal', lista('CodigoPostal'));
  }

  // Payment.
  for (const medio of elementos(raiz, 'PaymentMeans')) {
    for (const e of hijos(medio, 'ID')) comprobar(e, texto(e), 'FormasPago', lista('FormasPago'));
    for (const e of hijos(medio, 'PaymentMeansCode')) comprobar(e, texto(e), 'MediosPago', lista('MediosPago'));
  }

  // Taxes: scheme, DIAN's name for it, and the rate in DIAN's list of rates of IVA and INC.
  const tarifas: Record<string, string> = { '01': 'TarifaImpuestoIVA', '04': 'TarifaImpuestoINC', '05': 'TarifaImpuestoReteIVA', '06': 'TarifaImpuestoReteFuente' };
  for (const subtotal of elementos(raiz, '//TaxSubtotal')) {
    const [categoria] = hijos(subtotal, 'TaxCategory');
    const [id] = categoria ? elementos(categoria, 'TaxScheme/ID') : [];
    if (!categoria || !id) continue;
    comprobar(id, texto(id), 'TipoImpuesto', lista('TipoImpuesto'));
    comprobarNombre(elementos(categoria, 'TaxScheme/Name')[0], texto(id), 'TipoImpuesto', lista('TipoImpuesto'));
    const tarifa = tarifas[texto(id)];
    for (const porcentaje of hijos(categoria, 'Percent')) if (tarifa) comprobar(porcentaje, texto(porcentaje), tarifa, lista(tarifa));
  }

  // Items.
  for (const e of elementos(raiz, '//StandardItemIdentification/ID')) {
    comprobar(e, e.getAttribute('schemeID'), 'TipoCodigoProducto', lista('TipoCodigoProducto'), '/@schemeID');
  }

  for (const adjunto of documentosAdjuntos(raiz)) errores.push(...erroresCodigos(adjunto).map((error) => `Adjunto: ${error}`));
  if (revisados.total === 0) errores.push('No se encontró ningún código que revisar');
  return errores;
}

/** The POS document's three extensions, each with its Names in the annex's order and a non-empty Value after each. */
function erroresExtensionesPos(raiz: Element): string[] {
  const errores: string[] = [];
  for (const [grupo, interno, nombres] of DEL_ANEXO_DE.extensionesPos) {
    const [nodo] = elementos(raiz, `UBLExtensions/UBLExtension/ExtensionContent/${grupo}/${interno}`);
    if (!nodo) {
      errores.push(`Falta la extensión ${grupo}/${interno} del documento equivalente POS`);
      continue;
    }
    const hijosNodo = Array.from(nodo.childNodes).filter((n): n is Element => n.nodeType === 1);
    const escritos = hijosNodo.filter((h) => h.localName === 'Name').map((h) => h.textContent ?? '');
    if (escritos.join('|') !== nombres.join('|')) errores.push(`${grupo}/${interno}: Names ${escritos.join(', ')}; el anexo pide ${nombres.join(', ')}`);
    hijosNodo.forEach((hijo, i) => {
      if (hijo.localName === 'Name' && (hijosNodo[i + 1]?.localName !== 'Value' || !(hijosNodo[i + 1]?.textContent ?? '').trim())) {
        errores.push(`${grupo}/${interno}: ${hijo.textContent ?? ''} sin Value`);
      }
    });
  }
  return errores;
}

/** Both checks; empty when the document validates and every code is DIAN's. */
export function validarDocumentoDian(xml: string): { esquema: string[]; codigos: string[] } {
  return { esquema: erroresEsquema(xml), codigos: erroresCodigos(xml) };
}
