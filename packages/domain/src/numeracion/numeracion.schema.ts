import { z } from 'zod';
import { listaCerrada } from '../listas';
import { numeroDesde, textoOpcional } from '../campos';
import { fechaOpcional } from '../fechas/fechas';
import { ID_MAXIMO } from '../limites';

/**
 * Numbering ranges (docs/decisions-factura-electronica.md): each store numbers its documents per kind. FACTURA is the electronic invoice
 * (a sale billed with the accounting-system flag: permite_fe), numbered within a DIAN resolution; POS is the documento
 * equivalente electrónico tiquete POS of a counter sale (Res. 000165 de 2023), numbered within its own DIAN resolution
 * ("Documento equivalente POS"); REMISION is the remission (billed without the flag), with its own prefix.
 */
const tiposDocumento = listaCerrada({
  FACTURA: 'Factura electrónica de venta',
  POS: 'Documento equivalente electrónico POS',
  REMISION: 'Remisión',
});
export const TIPOS_DOCUMENTO_NUMERACION = tiposDocumento.claves;
export type TipoDocumentoNumeracion = (typeof TIPOS_DOCUMENTO_NUMERACION)[number];
export const NOMBRES_TIPO_DOCUMENTO = tiposDocumento.nombres;
/** A kind's name in a sentence that counts its documents ("no tiene un rango vigente para …"). */
const PLURAL_TIPO_DOCUMENTO: Record<TipoDocumentoNumeracion, string> = {
  FACTURA: 'facturas electrónicas',
  POS: 'documentos equivalentes POS',
  REMISION: 'remisiones',
};

/** SuperAdministrador is warned once a range has handed out this share of its numbers. */
export const PORCENTAJE_AVISO_NUMERACION = 90;
/** Highest number a range may reach (the column is an integer). */
export const NUMERO_MAXIMO_RANGO = ID_MAXIMO;

/** The state of a range on a given day: the only one that numbers is 'vigente'. */
const estadosRango = listaCerrada({ vigente: 'Vigente', por_iniciar: 'Por iniciar', vencido: 'Vencido', agotado: 'Agotado', inactivo: 'Inactivo' });
export const ESTADOS_RANGO = estadosRango.claves;
export type EstadoRango = (typeof ESTADOS_RANGO)[number];
export const NOMBRES_ESTADO_RANGO = estadosRango.nombres;

export const MENSAJES_NUMERACION = {
  campos: 'Debe ingresar todos los campos solicitados',
  tienda: 'Debe seleccionar una tienda',
  tipo: 'Debe seleccionar el tipo de documento',
  prefijo: 'El prefijo admite de 1 a 10 letras mayúsculas o números, sin espacios',
  desde: 'Debe ingresar el número inicial (un entero mayor que 0)',
  hasta: 'Debe ingresar el número final (un entero mayor o igual al inicial)',
  resolucion: 'Debe ingresar el número de la resolución de la DIAN',
  resolucionLarga: 'El número de resolución admite hasta 40 caracteres',
  resolucionFecha: 'Debe ingresar la fecha de la resolución',
  claveTecnica: 'La clave técnica admite hasta 100 letras o números, sin espacios',
  sinClaveTecnica: 'Sin clave técnica: sus facturas electrónicas no se pueden enviar',
  vigencia: 'Debe ingresar las fechas de vigencia del rango',
  fechaInvalida: 'Debe ingresar una fecha válida',
  vigenciaOrden: 'La fecha final de vigencia debe ser igual o posterior a la inicial',
  cruce: (prefijo: string) => `El rango se cruza con otro rango del prefijo ${prefijo} en la tienda`,
  hastaMenorUsado: (ultimo: number) => `El número final no puede ser menor que el último número usado (${ultimo})`,
  desdeUsado: 'El número inicial no se puede cambiar cuando el rango ya numeró documentos',
  serieUsada: 'La tienda, el tipo de documento y el prefijo no se pueden cambiar cuando el rango ya numeró documentos',
  guardado: 'Rango de numeración guardado con éxito',
  actualizado: 'Rango de numeración actualizado con éxito',
  sinRango: (tipo: TipoDocumentoNumeracion) =>
    `La tienda no tiene un rango de numeración vigente para ${PLURAL_TIPO_DOCUMENTO[tipo]}. Un SuperAdministrador lo configura en Maestros > Numeración`,
  agotado: (prefijo: string, hasta: number) =>
    `El rango de numeración ${prefijo} se agotó (su último número es ${hasta}). Un SuperAdministrador debe registrar un rango nuevo en Maestros > Numeración`,
  vencido: (prefijo: string, fecha: string) =>
    `El rango de numeración ${prefijo} venció el ${fecha}. Un SuperAdministrador debe registrar un rango nuevo en Maestros > Numeración`,
  porIniciar: (prefijo: string, fecha: string) => `El rango de numeración ${prefijo} rige desde el ${fecha}`,
  porVencer: (prefijo: string, tienda: string, fecha: string) => `El rango de numeración ${prefijo} de la tienda ${tienda} vence el ${fecha}`,
  aviso: (prefijo: string, tienda: string, usados: number, total: number) =>
    `El rango de numeración ${prefijo} de la tienda ${tienda} ya usó ${usados} de sus ${total} números (${Math.floor((usados * 100) / total)} %)`,
} as const;

const entero = (mensaje: string) =>
  z.preprocess(numeroDesde, z.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(NUMERO_MAXIMO_RANGO, mensaje));

/**
 * POST/PUT maestros/rangos-numeracion: a range of a store. An electronic invoice range needs its DIAN resolution
 * (number, date, validity); a remission range may carry validity dates. The next number starts at numero_desde.
 */
export const rangoNumeracionGuardarSchema = z
  .object({
    codigo_tienda: z.string({ error: MENSAJES_NUMERACION.tienda }).trim().min(1, MENSAJES_NUMERACION.tienda).max(10, MENSAJES_NUMERACION.tienda),
    tipo_documento: z.enum(TIPOS_DOCUMENTO_NUMERACION, { error: MENSAJES_NUMERACION.tipo }),
    prefijo: z
      .string({ error: MENSAJES_NUMERACION.prefijo })
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{1,10}$/, MENSAJES_NUMERACION.prefijo)),
    numero_desde: entero(MENSAJES_NUMERACION.desde),
    numero_hasta: entero(MENSAJES_NUMERACION.hasta),
    resolucion_numero: textoOpcional(40, MENSAJES_NUMERACION.resolucionLarga),
    resolucion_fecha: fechaOpcional(MENSAJES_NUMERACION.fechaInvalida),
    /**
     * DIAN's technical key of an invoice range (it enters the CUFE). Optional here: a range may be registered before
     * DIAN gives it, but its electronic invoices cannot be sent until it is set (the settings screen names them).
     */
    clave_tecnica: textoOpcional(100, MENSAJES_NUMERACION.claveTecnica).refine(
      (clave) => clave === null || /^[A-Za-z0-9]+$/.test(clave),
      MENSAJES_NUMERACION.claveTecnica,
    ),
    fecha_desde: fechaOpcional(MENSAJES_NUMERACION.fechaInvalida),
    fecha_hasta: fechaOpcional(MENSAJES_NUMERACION.fechaInvalida),
    activo: z.preprocess((v) => (v === undefined || v === null ? true : v === true || v === 1 || v === '1' || v === 'true'), z.boolean()),
  })
  .superRefine((rango, ctx) => {
    if (rango.numero_hasta < rango.numero_desde) ctx.addIssue({ code: 'custom', path: ['numero_hasta'], message: MENSAJES_NUMERACION.hasta });
    if (rango.tipo_documento !== 'REMISION') {
      if (!rango.resolucion_numero) ctx.addIssue({ code: 'custom', path: ['resolucion_numero'], message: MENSAJES_NUMERACION.resolucion });
      if (!rango.resolucion_fecha) ctx.addIssue({ code: 'custom', path: ['resolucion_fecha'], message: MENSAJES_NUMERACION.resolucionFecha });
      if (!rango.fecha_desde) ctx.addIssue({ code: 'custom', path: ['fecha_desde'], message: MENSAJES_NUMERACION.vigencia });
      if (!rango.fecha_hasta) ctx.addIssue({ code: 'custom', path: ['fecha_hasta'], message: MENSAJES_NUMERACION.vigencia });
    }
    if (rango.fecha_desde && rango.fecha_hasta && rango.fecha_hasta < rango.fecha_desde) {
      ctx.addIssue({ code: 'custom', path: ['fecha_hasta'], message: MENSAJES_NUMERACION.vigenciaOrden });
    }
  });
export type RangoNumeracionGuardar = z.output<typeof rangoNumeracionGuardarSchema>;
export type RangoNumeracionFormulario = z.input<typeof rangoNumeracionGuardarSchema>;

/** A range as the Maestros screen lists it, with its use and its state today. */
export const rangoNumeracionSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  tipo_documento: z.enum(TIPOS_DOCUMENTO_NUMERACION),
  prefijo: z.string(),
  numero_desde: z.number().int(),
  numero_hasta: z.number().int(),
  siguiente_numero: z.number().int(),
  resolucion_numero: z.string().nullable(),
  resolucion_fecha: z.string().nullable(),
  clave_tecnica: z.string().nullable(),
  fecha_desde: z.string().nullable(),
  fecha_hasta: z.string().nullable(),
  activo: z.boolean(),
  nombre_tienda: z.string(),
  /** Numbers handed out, and their share of the range (whole percent, rounded down). */
  usados: z.number().int(),
  porcentaje_usado: z.number().int(),
  estado: z.enum(ESTADOS_RANGO),
  /** The SuperAdministrador warning when the range is at or above PORCENTAJE_AVISO_NUMERACION, else null. */
  aviso: z.string().nullable(),
});
export type RangoNumeracion = z.infer<typeof rangoNumeracionSchema>;

/** GET maestros/rangos-numeracion: optional store filter. */
export const rangosNumeracionConsultaSchema = z.object({
  codigo_tienda: z.string().trim().max(10).optional(),
});

/** GET maestros/rangos-numeracion. */
export const rangosNumeracionRespuestaSchema = z.object({ rangos_numeracion: z.array(rangoNumeracionSchema) });

/** The warnings of a Maestros screen (numbering ranges, e-invoicing settings). */
export const alertasRespuestaSchema = z.object({ alertas: z.array(z.string()) });
