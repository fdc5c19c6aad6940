import { ErrorCertificado, leerCertificadoP12, type CertificadoFirma } from '@tablero/dian';
import {
  DIAS_AVISO_CERTIFICADO,
  formatearFecha,
  MENSAJES_CONFIGURACION_FE,
  PAIS_COLOMBIA,
  type AmbienteFe,
  type CertificadoFeCargar,
  type CertificadoFeResumen,
  type ConfiguracionFeGuardar,
  type ConfiguracionFeVista,
  type TipoPersonaFe,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { cifrarSecreto, descifrarSecreto } from '../../lib/cifrado';
import * as ubicacionesService from '../ubicaciones';
import * as repositorio from './configuracion.repository';
import type { ProveedorFE } from './factura-electronica.tablas';

const M = MENSAJES_CONFIGURACION_FE;
const UN_DIA_MS = 86_400_000;

/** The SMTP server of the invoice e-mail; none configured means the e-mail goes to the outbox folder. */
export interface SmtpFE {
  host: string;
  puerto: number;
  /** TLS from the first byte (465); otherwise STARTTLS when the server offers it. */
  seguro: boolean;
  usuario: string | null;
  clave: string | null;
  remitente: string;
}

/** The settings as the senders use them: the row with its secrets opened. */
export interface ConfiguracionFE {
  nit: string | null;
  dv: string | null;
  razon_social: string | null;
  nombre_comercial: string | null;
  tipo_persona: TipoPersonaFe;
  /** DIAN codes, in DIAN's order ('O-13', 'O-15'). */
  responsabilidades_fiscales: string[];
  direccion: string | null;
  departamento_codigo: string | null;
  departamento_nombre: string | null;
  municipio_codigo: string | null;
  municipio_nombre: string | null;
  telefono: string | null;
  correo_electronico: string | null;
  ambiente: AmbienteFe;
  software_id: string | null;
  software_pin: string | null;
  test_set_id: string | null;
  certificado: CertificadoFirma | null;
  proveedor: ProveedorFE;
  /** Where the provider answers; null is its public address. */
  proveedor_url: string | null;
  siigo_usuario: string | null;
  siigo_access_key: string | null;
  siigo_partner_id: string | null;
  tiendas_envio_automatico: string[];
  smtp: SmtpFE | null;
}

/** A stored secret the server's key no longer opens. */
const ILEGIBLE = Symbol('ilegible');
type Abierto<T> = T | null | typeof ILEGIBLE;

function abrir(secreto: string, cifrado: string | null): Abierto<Buffer> {
  if (cifrado === null) return null;
  return descifrarSecreto(secreto, cifrado) ?? ILEGIBLE;
}

function abrirTexto(secreto: string, cifrado: string | null): Abierto<string> {
  const claro = abrir(secreto, cifrado);
  return claro === null || claro === ILEGIBLE ? claro : claro.toString('utf8');
}

function abrirCertificado(secreto: string, fila: { certificado_p12_cifrado: string | null; certificado_clave_cifrada: string | null }): Abierto<CertificadoFirma> {
  const p12 = abrir(secreto, fila.certificado_p12_cifrado);
  const clave = abrirTexto(secreto, fila.certificado_clave_cifrada);
  if (p12 === ILEGIBLE || clave === ILEGIBLE) return ILEGIBLE;
  if (p12 === null || clave === null) return null;
  try {
    return leerCertificadoP12(p12, clave);
  } catch (error) {
    if (error instanceof ErrorCertificado) return ILEGIBLE;
    throw error;
  }
}

/** What each unreadable secret asks the user to do. */
const ACCION_ILEGIBLE = {
  certificado: 'cargar el certificado',
  software_pin: 'ingresar el PIN del software',
  siigo_access_key: 'ingresar el access key de Siigo',
  smtp_clave: 'ingresar la contraseña del correo SMTP',
} as const;

const responsabilidades = (texto: string) => texto.split(';').filter((codigo) => codigo !== '');
function resumenCertificado(sujeto: string, emisor: string, vence: Date, ahora: Date): CertificadoFeResumen {
  return {
    sujeto,
    emisor,
    vence: vence.toISOString(),
    dias_para_vencer: Math.ceil((vence.getTime() - ahora.getTime()) / UN_DIA_MS),
    vencido: vence.getTime() <= ahora.getTime(),
  };
}

/** The notice of a certificate expired or expiring within DIAS_AVISO_CERTIFICADO days, else null. */
function avisoVencimiento(vence: Date | null, ahora: Date): string | null {
  if (vence === null) return null;
  const { dias_para_vencer, vencido } = resumenCertificado('', '', vence, ahora);
  if (vencido) return M.certificadoVencio(formatearFecha(vence));
  return dias_para_vencer <= DIAS_AVISO_CERTIFICADO ? M.certificadoPorVencer(formatearFecha(vence), dias_para_vencer) : null;
}

/** What sending needs, as far as the settings row tells (the ranges' technical keys are checked apart). */
interface EstadoEnvio {
  nit: string | null;
  dv: string | null;
  razon_social: string | null;
  direccion: string | null;
  municipio_codigo: string | null;
  ambiente: number;
  proveedor: ProveedorFE;
  software_id: string | null;
  hayPin: boolean;
  test_set_id: string | null;
  vencimientoCertificado: Date | null;
  siigoCompleto: boolean;
}

function faltantes(estado: EstadoEnvio, ahora: Date): string[] {
  const lista: string[] = [];
  if (estado.proveedor === 'NINGUNO') lista.push(M.sinProveedor);
  // The issuer and its place enter every document and its CUFE, whoever sends it.
  if (!estado.nit || !estado.dv) lista.push(M.faltaNit);
  if (!estado.razon_social) lista.push(M.faltaRazonSocial);
  if (!estado.direccion || !estado.municipio_codigo) lista.push(M.faltaDireccion);
  if (estado.proveedor === 'DIAN') {
    if (!estado.software_id) lista.push(M.faltaSoftwareId);
    if (!estado.hayPin) lista.push(M.faltaSoftwarePin);
    if (estado.vencimientoCertificado === null) lista.push(M.faltaCertificado);
    else if (estado.vencimientoCertificado.getTime() <= ahora.getTime()) lista.push(M.certificadoVencio(formatearFecha(estado.vencimientoCertificado)));
    if (estado.ambiente === 2 && !estado.test_set_id) lista.push(M.faltaTestSetId);
  }
  if (estado.proveedor === 'SIIGO' && !estado.siigoCompleto) lista.push(M.faltaSiigo);
  return lista;
}

/**
 * What keeps the settings from sending an electronic document, in Spanish, one line each (empty when nothing does):
 * no provider, the issuer's NIT, name or place, and per provider its credentials (DIAN: software id and PIN, a valid
 * certificate and, in habilitación, the test set id; Siigo: user, access key and Partner-Id). The technical key is
 * the numbering range's (numeracion), checked by whoever numbers the invoice.
 */
export function faltantesConfiguracionFE(config: ConfiguracionFE, ahora: Date = new Date()): string[] {
  return faltantes(
    {
      ...config,
      hayPin: config.software_pin !== null,
      vencimientoCertificado: config.certificado?.vence ?? null,
      siigoCompleto: Boolean(config.siigo_usuario && config.siigo_access_key && config.siigo_partner_id),
    },
    ahora,
  );
}

/** The issuer as the settings row holds it: identity, fiscal responsibilities, place and contact. */
function emisorDe(fila: Awaited<ReturnType<typeof repositorio.findConfiguracion>>) {
  return {
    nit: fila.nit,
    dv: fila.dv,
    razon_social: fila.razon_social,
    nombre_comercial: fila.nombre_comercial,
    tipo_persona: fila.tipo_persona as TipoPersonaFe,
    responsabilidades_fiscales: responsabilidades(fila.responsabilidades_fiscales),
    direccion: fila.direccion,
    departamento_codigo: fila.departamento_codigo,
    departamento_nombre: fila.departamento_nombre,
    municipio_codigo: fila.municipio_codigo,
    municipio_nombre: fila.municipio_nombre,
    telefono: fila.telefono,
    correo_electronico: fila.correo_electronico,
  };
}

/**
 * The settings with their secrets opened, for the code that signs, sends and e-mails. A stored secret the server's key
 * no longer opens (TOKEN_SECRET changed) is a 409 naming what to enter again; a missing one is null (see
 * faltantesConfiguracionFE). Opening the certificate takes about 20 ms.
 */
export async function leerConfiguracionFE(db: Db, secreto: string): Promise<ConfiguracionFE> {
  const fila = await repositorio.findConfiguracion(db);
  const legible = <T>(valor: Abierto<T>, campo: keyof typeof ACCION_ILEGIBLE): T | null => {
    if (valor === ILEGIBLE) throw new AppError('FE_CONFIGURACION_INCOMPLETA', M.ilegible(ACCION_ILEGIBLE[campo]));
    return valor;
  };
  const certificado = legible(abrirCertificado(secreto, fila), 'certificado');
  const softwarePin = legible(abrirTexto(secreto, fila.software_pin_cifrado), 'software_pin');
  const siigoAccessKey = legible(abrirTexto(secreto, fila.siigo_access_key_cifrada), 'siigo_access_key');
  const smtpClave = legible(abrirTexto(secreto, fila.smtp_clave_cifrada), 'smtp_clave');
  return {
    ...emisorDe(fila),
    ambiente: fila.ambiente as AmbienteFe,
    software_id: fila.software_id,
    software_pin: softwarePin,
    test_set_id: fila.test_set_id,
    certificado,
    proveedor: fila.proveedor,
    proveedor_url: fila.proveedor_url,
    siigo_usuario: fila.siigo_usuario,
    siigo_access_key: siigoAccessKey,
    siigo_partner_id: fila.siigo_partner_id,
    tiendas_envio_automatico: fila.tiendas_envio_automatico,
    smtp:
      fila.smtp_host && fila.smtp_puerto !== null && fila.smtp_remitente
        ? { host: fila.smtp_host, puerto: fila.smtp_puerto, seguro: fila.smtp_seguro, usuario: fila.smtp_usuario, clave: smtpClave, remitente: fila.smtp_remitente }
        : null,
  };
}

/**
 * GET maestros/factura-electronica: the settings without their secrets (each only says whether it is set and
 * readable), and the notices: secrets to enter again, the certificate's expiry, what keeps invoices from being sent
 * and the active invoice ranges without a technical key.
 */
export async function verConfiguracion(db: Db, secreto: string, ahora: Date = new Date()): Promise<{ configuracion: ConfiguracionFeVista; avisos: string[] }> {
  const [fila, sinClave] = await Promise.all([repositorio.findConfiguracion(db), repositorio.listRangosFacturaSinClave(db)]);
  const certificado = abrirCertificado(secreto, fila);
  const pin = abrirTexto(secreto, fila.software_pin_cifrado);
  const accessKey = abrirTexto(secreto, fila.siigo_access_key_cifrada);
  const smtpClave = abrirTexto(secreto, fila.smtp_clave_cifrada);
  const legible = <T>(valor: Abierto<T>): valor is T => valor !== null && valor !== ILEGIBLE;

  const ilegibles = (
    [
      ['certificado', certificado],
      ['software_pin', pin],
      ['siigo_access_key', accessKey],
      ['smtp_clave', smtpClave],
    ] as const
  ).flatMap(([campo, valor]) => (valor === ILEGIBLE ? [M.ilegible(ACCION_ILEGIBLE[campo])] : []));
  const vence = legible(certificado) ? certificado.vence : null;
  const avisos = [
    ...ilegibles,
    ...[avisoVencimiento(vence, ahora)].filter((aviso) => aviso !== null),
    ...faltantes(
      { ...fila, hayPin: legible(pin), vencimientoCertificado: vence, siigoCompleto: Boolean(fila.siigo_usuario && legible(accessKey) && fila.siigo_partner_id) },
      ahora,
    ),
    ...sinClave.map((rango) => M.faltaClaveTecnica(rango.prefijo, rango.codigo_tienda)),
  ];

  return {
    configuracion: {
      ...emisorDe(fila),
      ambiente: fila.ambiente,
      software_id: fila.software_id,
      software_pin_configurado: legible(pin),
      test_set_id: fila.test_set_id,
      certificado: legible(certificado) ? resumenCertificado(certificado.sujeto, certificado.emisor, certificado.vence, ahora) : null,
      proveedor: fila.proveedor,
      proveedor_url: fila.proveedor_url,
      siigo_usuario: fila.siigo_usuario,
      siigo_access_key_configurada: legible(accessKey),
      siigo_partner_id: fila.siigo_partner_id,
      tiendas_envio_automatico: fila.tiendas_envio_automatico,
      smtp_host: fila.smtp_host,
      smtp_puerto: fila.smtp_puerto,
      smtp_seguro: fila.smtp_seguro,
      smtp_usuario: fila.smtp_usuario,
      smtp_clave_configurada: legible(smtpClave),
      smtp_remitente: fila.smtp_remitente,
      nombre_usuario: fila.nombre_usuario,
      updated_at: fila.updated_at.toISOString(),
    },
    avisos: [...new Set(avisos)],
  };
}

/** The frame's notice for SuperAdministrador: the certificate expired or expiring within 30 days (nothing opened). */
export async function alertasCertificado(db: Db, ahora: Date = new Date()): Promise<string[]> {
  const aviso = avisoVencimiento(await repositorio.findVencimientoCertificado(db), ahora);
  return aviso ? [aviso] : [];
}

/** A 422 with the message on its field. */
function invalido(errores: Record<string, string[]>): AppError {
  return new AppError('DATOS_INVALIDOS', Object.values(errores)[0]?.[0], errores);
}

/**
 * PUT maestros/factura-electronica: saves every field but the certificate. A secret left blank keeps the stored one
 * (a password without its user is dropped with it); the place must be a DIVIPOLA municipality of its department, the
 * stores must exist, and the provider chosen must have its credentials, stored or typed now (DIAN: PIN and
 * certificate; Siigo: access key). Refused as a whole (422 per field), nothing saved.
 */
export async function guardarConfiguracion(trx: Trx, actor: Actor, secreto: string, datos: ConfiguracionFeGuardar): Promise<void> {
  const guardados = await repositorio.lockSecretos(trx);
  const errores: Record<string, string[]> = {};
  // The place is Colombia's (DIVIPOLA): the municipality must be of its department.
  if (!(await ubicacionesService.existeDepartamento(trx, PAIS_COLOMBIA, datos.departamento_codigo))) {
    errores.departamento_codigo = [M.departamentoInexistente];
  } else if (!(await ubicacionesService.existeCiudad(trx, PAIS_COLOMBIA, datos.departamento_codigo, datos.municipio_codigo))) {
    errores.municipio_codigo = [M.municipioInexistente];
  }
  const existentes = await repositorio.tiendasExistentes(trx, datos.tiendas_envio_automatico);
  const ajenas = datos.tiendas_envio_automatico.filter((codigo) => !existentes.includes(codigo));
  if (ajenas.length > 0) errores.tiendas_envio_automatico = ajenas.map((codigo) => M.tienda(codigo));
  // A stored secret counts only while the server can still open it.
  const guardado = (cifrado: string | null) => cifrado !== null && descifrarSecreto(secreto, cifrado) !== null;
  if (datos.proveedor === 'DIAN') {
    if (!datos.software_pin && !guardado(guardados.software_pin_cifrado)) errores.software_pin = [M.softwarePin];
    if (!guardado(guardados.certificado_p12_cifrado) || !guardado(guardados.certificado_clave_cifrada)) errores.certificado = [M.certificadoRequerido];
  }
  if (datos.proveedor === 'SIIGO' && !datos.siigo_access_key && !guardado(guardados.siigo_access_key_cifrada)) {
    errores.siigo_access_key = [M.siigoAccessKey];
  }
  if (Object.keys(errores).length > 0) throw invalido(errores);

  const nuevoSecreto = (claro: string | null, actual: string | null) => (claro ? cifrarSecreto(secreto, claro) : actual);
  await repositorio.updateConfiguracion(
    trx,
    {
      nit: datos.nit,
      dv: datos.dv,
      razon_social: datos.razon_social,
      nombre_comercial: datos.nombre_comercial,
      tipo_persona: datos.tipo_persona,
      responsabilidades_fiscales: datos.responsabilidades_fiscales.join(';'),
      direccion: datos.direccion,
      departamento_codigo: datos.departamento_codigo,
      municipio_codigo: datos.municipio_codigo,
      telefono: datos.telefono,
      correo_electronico: datos.correo_electronico,
      ambiente: datos.ambiente,
      software_id: datos.software_id,
      software_pin_cifrado: nuevoSecreto(datos.software_pin, guardados.software_pin_cifrado),
      test_set_id: datos.test_set_id,
      proveedor: datos.proveedor,
      proveedor_url: datos.proveedor_url,
      siigo_usuario: datos.siigo_usuario,
      siigo_access_key_cifrada: datos.siigo_usuario ? nuevoSecreto(datos.siigo_access_key, guardados.siigo_access_key_cifrada) : null,
      siigo_partner_id: datos.siigo_partner_id,
      tiendas_envio_automatico: datos.tiendas_envio_automatico,
      smtp_host: datos.smtp_host,
      smtp_puerto: datos.smtp_puerto,
      smtp_seguro: datos.smtp_seguro,
      smtp_usuario: datos.smtp_usuario,
      smtp_clave_cifrada: datos.smtp_usuario ? nuevoSecreto(datos.smtp_clave, guardados.smtp_clave_cifrada) : null,
      smtp_remitente: datos.smtp_remitente,
    },
    actor.userId,
  );
}

/** An uploaded certificate, opened and checked: what guardarCertificado stores. */
export interface CertificadoCargado {
  p12: Buffer;
  clave: string;
  certificado: CertificadoFirma;
}

/**
 * Opens an uploaded .p12/.pfx with its password (outside the transaction: it takes some 20 ms of CPU). A wrong password,
 * a file that is no certificate or one already expired is a 422 on its field, with the reader's Spanish message.
 */
export function abrirCertificadoCargado(datos: CertificadoFeCargar, ahora: Date = new Date()): CertificadoCargado {
  const p12 = Buffer.from(datos.archivo_base64, 'base64');
  let certificado: CertificadoFirma;
  try {
    certificado = leerCertificadoP12(p12, datos.clave);
  } catch (error) {
    if (!(error instanceof ErrorCertificado)) throw error;
    // Only a failed integrity check speaks of the password; every other failure is the file's.
    throw invalido({ [/contraseña/i.test(error.message) ? 'clave' : 'archivo_base64']: [error.message] });
  }
  if (certificado.vence.getTime() <= ahora.getTime()) throw invalido({ archivo_base64: [M.certificadoVencido] });
  return { p12, clave: datos.clave, certificado };
}

/**
 * POST maestros/factura-electronica/certificado: stores the certificate and its password encrypted, its subject and
 * expiry in clear (the frame's notice reads them without opening it); answers its summary.
 */
export async function guardarCertificado(trx: Trx, actor: Actor, secreto: string, cargado: CertificadoCargado, ahora: Date = new Date()): Promise<CertificadoFeResumen> {
  await repositorio.lockSecretos(trx);
  const { certificado } = cargado;
  await repositorio.updateConfiguracion(
    trx,
    {
      certificado_p12_cifrado: cifrarSecreto(secreto, cargado.p12),
      certificado_clave_cifrada: cifrarSecreto(secreto, cargado.clave),
      certificado_sujeto: certificado.sujeto.slice(0, 300),
      certificado_vence: certificado.vence,
    },
    actor.userId,
  );
  return resumenCertificado(certificado.sujeto, certificado.emisor, certificado.vence, ahora);
}
