import { z } from 'zod';
import { numeroDesde, textoOpcional } from '../campos';
import { calcularDvNit, MENSAJE_DV_NIT } from '../nit';
import { RESPONSABILIDADES_FISCALES, type ResponsabilidadFiscal } from '../terceros/terceros.schema';

/**
 * The company and electronic-invoicing settings (docs/decisions-factura-electronica.md; Maestros > Factura electrónica, SuperAdministrador):
 * the issuer as DIAN knows it, the DIAN software, the signing certificate, the provider that sends the invoices and
 * the SMTP server of the invoice e-mail. One set for the whole company (configuracion_fe, row 1).
 */

/** DIAN's TipoAmbiente / ProfileExecutionID. */
export const AMBIENTES_FE = [1, 2] as const;
export type AmbienteFe = (typeof AMBIENTES_FE)[number];
export const NOMBRES_AMBIENTE_FE: Record<AmbienteFe, string> = { 1: 'Producción', 2: 'Pruebas (habilitación)' };

/** Who takes the invoices to DIAN: nobody (they stay built and signed), DIAN's web service, or Siigo. */
export const PROVEEDORES_FE = ['NINGUNO', 'DIAN', 'SIIGO'] as const;
export type ProveedorFe = (typeof PROVEEDORES_FE)[number];
export const NOMBRES_PROVEEDOR_FE: Record<ProveedorFe, string> = {
  NINGUNO: 'Ninguno (no se envía a la DIAN)',
  DIAN: 'DIAN directo (software propio)',
  SIIGO: 'Siigo',
};

/** DIAN's TipoOrganizacion of the issuer. */
export const TIPOS_PERSONA_FE = [1, 2] as const;
export type TipoPersonaFe = (typeof TIPOS_PERSONA_FE)[number];
export const NOMBRES_TIPO_PERSONA_FE: Record<TipoPersonaFe, string> = { 1: 'Persona jurídica', 2: 'Persona natural' };

/** The certificate is announced this many days before it expires. */
export const DIAS_AVISO_CERTIFICADO = 30;
/** An ONAC certificate with its chain weighs a few KB; anything far larger is not one. */
export const TAMANO_MAXIMO_CERTIFICADO = 100 * 1024;
/** R-99-PN ('No aplica - Otros') says the issuer has none of the others. */
export const RESPONSABILIDAD_NO_APLICA: ResponsabilidadFiscal = 'R-99-PN';

export const MENSAJES_CONFIGURACION_FE = {
  nit: 'El NIT admite de 5 a 15 dígitos, sin dígito de verificación',
  dv: 'Debe ingresar el dígito de verificación (un dígito)',
  dvNoCorresponde: MENSAJE_DV_NIT,
  razonSocial: 'Debe ingresar la razón social',
  largo: (maximo: number) => `Admite hasta ${maximo} caracteres`,
  tipoPersona: 'Debe seleccionar el tipo de persona',
  responsabilidades: 'Debe seleccionar al menos una responsabilidad fiscal de la lista de la DIAN',
  responsabilidadNoAplica: 'R-99-PN (No aplica - Otros) no se combina con otras responsabilidades',
  direccion: 'Debe ingresar la dirección',
  departamento: 'Debe seleccionar el departamento',
  municipio: 'Debe seleccionar el municipio',
  departamentoInexistente: 'El departamento no está en la DIVIPOLA',
  municipioInexistente: 'El municipio no pertenece al departamento',
  correo: 'Debe ingresar un correo electrónico válido',
  ambiente: 'Debe seleccionar el ambiente',
  proveedor: 'Debe seleccionar el proveedor',
  sinEspacios: (maximo: number) => `Admite hasta ${maximo} letras, números o guiones, sin espacios`,
  softwareId: 'Debe ingresar el identificador del software para enviar directo a la DIAN',
  softwarePin: 'Debe ingresar el PIN del software para enviar directo a la DIAN',
  certificadoRequerido: 'Debe cargar el certificado de firma para enviar directo a la DIAN',
  siigoUsuario: 'Debe ingresar el usuario de Siigo',
  siigoAccessKey: 'Debe ingresar el access key de Siigo',
  siigoPartnerId: 'El Partner-Id admite de 3 a 100 letras o números, sin espacios',
  proveedorUrl: 'Debe ingresar una dirección http:// o https:// válida',
  tienda: (codigo: string) => `La tienda ${codigo} no existe`,
  tiendas: 'Debe seleccionar tiendas de la lista',
  smtpHost: 'Debe ingresar el servidor SMTP',
  smtpPuerto: 'El puerto SMTP es un número entero entre 1 y 65535',
  smtpRemitente: 'Debe ingresar el correo del remitente',
  guardado: 'Configuración de factura electrónica guardada con éxito',
  // The certificate upload.
  certificadoArchivo: 'Debe seleccionar el archivo del certificado (.p12 o .pfx)',
  certificadoTamano: 'El archivo del certificado no puede superar 100 KB',
  certificadoClave: 'Debe ingresar la contraseña del certificado',
  certificadoVencido: 'El certificado está vencido',
  certificadoCargado: 'Certificado de firma cargado con éxito',
  // A stored secret the server's key no longer opens (TOKEN_SECRET changed, or the row was altered).
  ilegible: (accion: string) => `Vuelva a ${accion}: no se pudo leer con la clave del servidor`,
  // Notices of the screen and the frame.
  certificadoPorVencer: (fecha: string, dias: number) =>
    `El certificado de firma vence el ${fecha} (${dias === 1 ? 'en 1 día' : `en ${dias} días`}). Cargue el nuevo en Maestros > Factura electrónica`,
  certificadoVencio: (fecha: string) => `El certificado de firma venció el ${fecha}. Cargue uno vigente en Maestros > Factura electrónica`,
  sinProveedor: 'No hay proveedor de facturación electrónica: las facturas electrónicas no se envían a la DIAN',
  faltaNit: 'Falta el NIT del emisor con su dígito de verificación',
  faltaRazonSocial: 'Falta la razón social del emisor',
  faltaDireccion: 'Falta la dirección del emisor con su departamento y municipio',
  faltaSoftwareId: 'Falta el identificador del software (SoftwareID)',
  faltaSoftwarePin: 'Falta el PIN del software',
  faltaCertificado: 'Falta el certificado de firma',
  faltaTestSetId: 'Falta el TestSetId de habilitación (ambiente de pruebas)',
  faltaSiigo: 'Faltan las credenciales de Siigo (usuario, access key y Partner-Id)',
  faltaClaveTecnica: (prefijo: string, tienda: string) =>
    `El rango de facturación ${prefijo} de la tienda ${tienda} no tiene clave técnica: sus facturas electrónicas no se pueden enviar. Regístrela en Maestros > Numeración`,
} as const;

const M = MENSAJES_CONFIGURACION_FE;

/** A secret typed in the form: kept as typed (a password may start with a space); blank keeps the stored one. */
function secreto(maximo: number) {
  return z
    .string({ error: M.largo(maximo) })
    .max(maximo, M.largo(maximo))
    .nullish()
    .transform((valor) => (valor ? valor : null));
}

/** An optional identifier (software id, test set id): letters, digits and dashes only. */
function identificador(maximo: number) {
  return textoOpcional(maximo, M.sinEspacios(maximo)).refine((valor) => valor === null || /^[A-Za-z0-9-]+$/.test(valor), M.sinEspacios(maximo));
}

function correoOpcional(maximo: number) {
  return textoOpcional(maximo, M.largo(maximo)).refine((valor) => valor === null || z.email().safeParse(valor).success, M.correo);
}

/** A choice among numbers that may come as their text ('2' from a select). */
function opcionNumerica<T extends readonly [number, ...number[]]>(opciones: T, mensaje: string) {
  return z.preprocess(numeroDesde, z.literal(opciones, { error: mensaje }));
}

/**
 * PUT maestros/factura-electronica: every field but the certificate (uploaded on its own). A secret (software_pin,
 * siigo_access_key, smtp_clave) left blank keeps the stored one; the server also checks what needs the stored state:
 * DIAN's PIN and certificate and Siigo's access key when that provider is chosen, the DIVIPOLA codes and the stores.
 */
export const configuracionFeGuardarSchema = z
  .object({
    nit: z
      .string({ error: M.nit })
      .transform((valor) => valor.replace(/[.\s]/g, ''))
      .pipe(z.string().regex(/^\d{5,15}$/, M.nit)),
    dv: z.string({ error: M.dv }).trim().regex(/^\d$/, M.dv),
    razon_social: z.string({ error: M.razonSocial }).trim().min(1, M.razonSocial).max(200, M.largo(200)),
    nombre_comercial: textoOpcional(200, M.largo(200)),
    tipo_persona: opcionNumerica(TIPOS_PERSONA_FE, M.tipoPersona),
    responsabilidades_fiscales: z
      .array(z.enum(RESPONSABILIDADES_FISCALES, { error: M.responsabilidades }), { error: M.responsabilidades })
      .min(1, M.responsabilidades)
      .max(RESPONSABILIDADES_FISCALES.length, M.responsabilidades)
      // The DIAN order (as the list declares it), each once.
      .transform((lista) => RESPONSABILIDADES_FISCALES.filter((codigo) => lista.includes(codigo))),
    direccion: z.string({ error: M.direccion }).trim().min(1, M.direccion).max(200, M.largo(200)),
    departamento_codigo: z.string({ error: M.departamento }).trim().regex(/^\d{2}$/, M.departamento),
    municipio_codigo: z.string({ error: M.municipio }).trim().regex(/^\d{5}$/, M.municipio),
    telefono: textoOpcional(30, M.largo(30)),
    correo_electronico: correoOpcional(150),
    ambiente: opcionNumerica(AMBIENTES_FE, M.ambiente),
    software_id: identificador(60),
    software_pin: secreto(60),
    test_set_id: identificador(60),
    proveedor: z.enum(PROVEEDORES_FE, { error: M.proveedor }),
    proveedor_url: textoOpcional(300, M.largo(300)).refine((valor) => valor === null || z.url({ protocol: /^https?$/ }).safeParse(valor).success, M.proveedorUrl),
    siigo_usuario: textoOpcional(150, M.largo(150)),
    siigo_access_key: secreto(200),
    siigo_partner_id: textoOpcional(100, M.siigoPartnerId).refine((valor) => valor === null || /^[A-Za-z0-9]{3,100}$/.test(valor), M.siigoPartnerId),
    tiendas_envio_automatico: z
      .array(z.string({ error: M.tiendas }).trim().min(1, M.tiendas).max(10, M.tiendas), { error: M.tiendas })
      .max(200, M.tiendas)
      .nullish()
      .transform((lista) => [...new Set(lista ?? [])].sort()),
    smtp_host: textoOpcional(200, M.largo(200)),
    smtp_puerto: z
      .preprocess(numeroDesde, z.number({ error: M.smtpPuerto }).int(M.smtpPuerto).min(1, M.smtpPuerto).max(65535, M.smtpPuerto).optional())
      .transform((valor) => valor ?? null),
    smtp_seguro: z.boolean({ error: 'Debe indicar si la conexión es segura' }).default(false),
    smtp_usuario: textoOpcional(150, M.largo(150)),
    smtp_clave: secreto(200),
    smtp_remitente: correoOpcional(150),
  })
  .superRefine((datos, ctx) => {
    // Zod runs this even when a field failed its own check (it is not aborting): each rule looks only at valid values.
    if (/^\d{5,15}$/.test(datos.nit) && /^\d$/.test(datos.dv) && datos.dv !== calcularDvNit(datos.nit)) {
      ctx.addIssue({ code: 'custom', path: ['dv'], message: M.dvNoCorresponde });
    }
    const lista = Array.isArray(datos.responsabilidades_fiscales) ? datos.responsabilidades_fiscales : [];
    if (lista.includes(RESPONSABILIDAD_NO_APLICA) && lista.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['responsabilidades_fiscales'], message: M.responsabilidadNoAplica });
    }
    if (datos.proveedor === 'DIAN' && !datos.software_id) ctx.addIssue({ code: 'custom', path: ['software_id'], message: M.softwareId });
    if (datos.proveedor === 'SIIGO') {
      if (!datos.siigo_usuario) ctx.addIssue({ code: 'custom', path: ['siigo_usuario'], message: M.siigoUsuario });
      if (!datos.siigo_partner_id) ctx.addIssue({ code: 'custom', path: ['siigo_partner_id'], message: M.siigoPartnerId });
    }
    if (datos.smtp_host) {
      if (datos.smtp_puerto == null) ctx.addIssue({ code: 'custom', path: ['smtp_puerto'], message: M.smtpPuerto });
      if (!datos.smtp_remitente) ctx.addIssue({ code: 'custom', path: ['smtp_remitente'], message: M.smtpRemitente });
    }
  });
export type ConfiguracionFeGuardar = z.output<typeof configuracionFeGuardarSchema>;
export type ConfiguracionFeFormulario = z.input<typeof configuracionFeGuardarSchema>;

/** Bytes a base64 text decodes to (its padding discounted). */
export function bytesDeBase64(texto: string): number {
  const relleno = texto.endsWith('==') ? 2 : texto.endsWith('=') ? 1 : 0;
  return Math.floor((texto.length * 3) / 4) - relleno;
}

/** POST maestros/factura-electronica/certificado: the .p12/.pfx file as base64 and its password. */
export const certificadoFeCargarSchema = z.object({
  archivo_base64: z
    .string({ error: M.certificadoArchivo })
    .transform((texto) => texto.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, M.certificadoArchivo)
        // The length bound first, so a huge text is never run through the pattern.
        .max(Math.ceil(TAMANO_MAXIMO_CERTIFICADO / 3) * 4, { error: M.certificadoTamano, abort: true })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, M.certificadoArchivo)
        .refine((texto) => texto.length % 4 === 0, M.certificadoArchivo)
        .refine((texto) => bytesDeBase64(texto) <= TAMANO_MAXIMO_CERTIFICADO, M.certificadoTamano),
    ),
  clave: z.string({ error: M.certificadoClave }).min(1, M.certificadoClave).max(200, M.largo(200)),
});
export type CertificadoFeCargar = z.infer<typeof certificadoFeCargarSchema>;

/** The certificate as the screen shows it: never its key nor its password. */
export const certificadoFeResumenSchema = z.object({
  sujeto: z.string(),
  emisor: z.string(),
  /** ISO instant. */
  vence: z.string(),
  /** Whole days until it expires, rounded up (0 or less once expired). */
  dias_para_vencer: z.number().int(),
  vencido: z.boolean(),
});
export type CertificadoFeResumen = z.infer<typeof certificadoFeResumenSchema>;

/** GET maestros/factura-electronica: the settings without their secrets; each secret only says whether it is set. */
export const configuracionFeSchema = z.object({
  nit: z.string().nullable(),
  dv: z.string().nullable(),
  razon_social: z.string().nullable(),
  nombre_comercial: z.string().nullable(),
  tipo_persona: z.number().int(),
  responsabilidades_fiscales: z.array(z.string()),
  direccion: z.string().nullable(),
  departamento_codigo: z.string().nullable(),
  departamento_nombre: z.string().nullable(),
  municipio_codigo: z.string().nullable(),
  municipio_nombre: z.string().nullable(),
  telefono: z.string().nullable(),
  correo_electronico: z.string().nullable(),
  ambiente: z.number().int(),
  software_id: z.string().nullable(),
  software_pin_configurado: z.boolean(),
  test_set_id: z.string().nullable(),
  /** null when none was uploaded, or when the stored one can no longer be read (the notices say so). */
  certificado: certificadoFeResumenSchema.nullable(),
  proveedor: z.enum(PROVEEDORES_FE),
  proveedor_url: z.string().nullable(),
  siigo_usuario: z.string().nullable(),
  siigo_access_key_configurada: z.boolean(),
  siigo_partner_id: z.string().nullable(),
  tiendas_envio_automatico: z.array(z.string()),
  smtp_host: z.string().nullable(),
  smtp_puerto: z.number().int().nullable(),
  smtp_seguro: z.boolean(),
  smtp_usuario: z.string().nullable(),
  smtp_clave_configurada: z.boolean(),
  smtp_remitente: z.string().nullable(),
  /** Who saved last, and when (ISO). */
  nombre_usuario: z.string().nullable(),
  updated_at: z.string(),
});
export type ConfiguracionFeVista = z.infer<typeof configuracionFeSchema>;

/** GET maestros/factura-electronica: the settings and their warnings. */
export const configuracionFeRespuestaSchema = z.object({ configuracion: configuracionFeSchema, avisos: z.array(z.string()) });

/** POST maestros/factura-electronica/certificado: what the loaded certificate says (subject, expiry). */
export const certificadoFeRespuestaSchema = z.object({ certificado: certificadoFeResumenSchema });
