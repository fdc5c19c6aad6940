import { z } from 'zod';
import { listaCerrada } from '../listas';
import type { Rol } from '../roles';
import { textoOpcional, textoRequerido } from '../campos';
import { ID_MAXIMO, idRutaSchema } from '../limites';
import { dvNitCorresponde, MENSAJE_DV_NIT } from '../nit';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import { respuestaDatos } from '../respuestas';

/** spec 001 §3 Tercero: type codes. */
const tiposTercero = listaCerrada({ C: 'Cliente', V: 'Vendedor', A: 'Administrador', B: 'Bodega', OP: 'Operario', MSJ: 'Mensajero' });
export const TIPOS_TERCERO = tiposTercero.claves;
export type TipoTercero = (typeof TIPOS_TERCERO)[number];
export const NOMBRES_TIPO_TERCERO = tiposTercero.nombres;

/**
 * Types that are staff who log in, with the role of their user account (spec 001 §3 Tercero; docs/decisions-terceros.md).
 * C (customer) and MSJ (messenger) never log in.
 */
export const ROL_POR_TIPO_TERCERO: Partial<Record<TipoTercero, Rol>> = {
  V: 'Vendedor',
  A: 'Administrador',
  B: 'Bodega',
  OP: 'Operario',
};

/** True for V, A, B and OP: saving one creates or updates its user account. */
export function tipoTerceroIngresa(tipo: TipoTercero): boolean {
  return ROL_POR_TIPO_TERCERO[tipo] !== undefined;
}

/** Roles that see the type selector of the third-party form (spec 001 §6). */
export const ROLES_ELIGEN_TIPO_TERCERO: readonly Rol[] = ['SuperAdministrador', 'Administrador'];

/** Whether the role chooses a third party's type (spec 001 §6): only Administrador and SuperAdministrador. */
export function puedeElegirTipoTercero(rol: Rol): boolean {
  return ROLES_ELIGEN_TIPO_TERCERO.includes(rol);
}

/**
 * Whether the role may register or edit a third party of this type. The one rule that the server enforces
 * (409 TERCERO_TIPO_NO_PERMITIDO) and the web form follows (read-only dialog), so both always agree:
 * every role of /terceros handles customers (C); only the roles that choose the type handle staff and messengers.
 * Access to /terceros itself is the route guard's business (rutas.ts), not this rule's.
 */
export function puedeEditarTercero(rol: Rol, tipoTercero: TipoTercero): boolean {
  return tipoTercero === 'C' || puedeElegirTipoTercero(rol);
}

/** The `role` filter of GET terceros (spec 001 §7 role=Mensajero, spec 002 §7 role Operario): profile name → type. */
export const TIPO_POR_PERFIL: Record<string, TipoTercero> = {
  Cliente: 'C',
  Vendedor: 'V',
  Administrador: 'A',
  Bodega: 'B',
  Operario: 'OP',
  Mensajero: 'MSJ',
};

/** spec 001 §3: person type, with the codes the invoicing system uses. */
const tiposPersona = listaCerrada({ Person: 'Persona natural', Company: 'Persona jurídica' });
export const TIPOS_PERSONA = tiposPersona.claves;
export type TipoPersona = (typeof TIPOS_PERSONA)[number];
export const NOMBRES_TIPO_PERSONA = tiposPersona.nombres;

/** spec 001 §3: tax regime codes (DIAN fiscal responsibilities). */
const responsabilidadesFiscales = listaCerrada({
  'R-99-PN': 'No aplica - Otros',
  'O-13': 'Gran contribuyente',
  'O-15': 'Autorretenedor',
  'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación',
});
export const RESPONSABILIDADES_FISCALES = responsabilidadesFiscales.claves;
export type ResponsabilidadFiscal = (typeof RESPONSABILIDADES_FISCALES)[number];
export const NOMBRES_RESPONSABILIDAD_FISCAL = responsabilidadesFiscales.nombres;

/** Colombia: its states and cities come from DANE's DIVIPOLA; other countries take free text. */
export const PAIS_COLOMBIA = 'CO';

/** spec 001 §5 Third party, plus the limits we set (decisions-terceros). */
export const MENSAJES_TERCERO = {
  tipoDocumento: 'Debe ingresar un tipo de documento',
  numeroDocumento: 'Debe ingresar un número de documento',
  numeroDocumentoDigitos: 'El número de documento solo admite dígitos (hasta 15)',
  nombres: 'Debe ingresar un nombre',
  apellidos: 'Debe ingresar un apellido',
  correo: 'Debe ingresar un correo electrónico',
  correoValido: 'Debe ingresar un correo electrónico válido',
  celular: 'Debe ingresar un número celular',
  telefono: 'Debe ingresar un número telefónico',
  numeroInvalido: 'Solo admite dígitos, espacios y los signos + y - (hasta 20)',
  tipoTercero: 'Debe seleccionar un tipo de tercero',
  direccion: 'Debe ingresar una dirección de residencia',
  opcion: 'Debe seleccionar una opción',
  password: 'Debe ingresar una contraseña',
  passwordCorta: 'La contraseña debe tener al menos 8 caracteres',
  passwordLarga: 'La contraseña admite hasta 100 caracteres',
  tiendas: 'Debe seleccionar al menos una tienda',
  largo: (maximo: number) => `Admite hasta ${maximo} caracteres`,
} as const;

/** Minimum password length of a staff account created from the third-party form. */
export const LARGO_MINIMO_PASSWORD = 8;


const numeroContacto = /^[0-9+\- ]{1,20}$/;

/** The NIT's document type (migration 202611220300: id 2, DIAN code 31). */
export const TIPO_DOCUMENTO_NIT = 2;

/** Up to 15 digits, and a check digit after a dash (only a NIT may carry one: reglasCondicionales). */
const FORMA_NUMERO_DOCUMENTO = /^(\d{1,15}(-\d)?)?$/;

/**
 * Third-party form (spec 001 §5), for create and edit. Conditional rules:
 * - type C needs address, country, state and city ('Debe seleccionar una opción');
 * - creating a type that logs in (V, A, B, OP) needs a password (checked by `terceroCrearSchema`,
 *   and by the server when editing a third party that has no user yet);
 * - a type that logs in needs at least one store.
 */
const terceroBaseSchema = z.object({
  /** Document type id (listas/tipo-documento). */
  tipo_documento_id: z
    .number({ error: MENSAJES_TERCERO.tipoDocumento })
    .int(MENSAJES_TERCERO.tipoDocumento)
    .positive(MENSAJES_TERCERO.tipoDocumento)
    .max(ID_MAXIMO, MENSAJES_TERCERO.tipoDocumento)
    .nullable()
    .transform((valor, ctx) => {
      if (valor === null) {
        ctx.addIssue({ code: 'custom', message: MENSAJES_TERCERO.tipoDocumento });
        return z.NEVER;
      }
      return valor;
    }),
  /**
   * Document number, digits only (spec: number ≥ 0, step 1); unique per document type. A NIT may be typed with its
   * check digit ('900123456-8'): it must be DIAN's (MENSAJE_DV_NIT otherwise) and is kept without it (the digits).
   */
  numero_documento: z
    .string({ error: MENSAJES_TERCERO.numeroDocumento })
    .trim()
    .min(1, MENSAJES_TERCERO.numeroDocumento)
    // Empty passes here so a blank number shows only its own message ('abort' would skip the form's conditional rules).
    .regex(FORMA_NUMERO_DOCUMENTO, MENSAJES_TERCERO.numeroDocumentoDigitos),
  nombres: textoRequerido(MENSAJES_TERCERO.nombres, 100, MENSAJES_TERCERO.largo(100)),
  apellidos: textoRequerido(MENSAJES_TERCERO.apellidos, 100, MENSAJES_TERCERO.largo(100)),
  correo_electronico: z
    .string({ error: MENSAJES_TERCERO.correo })
    .trim()
    .min(1, MENSAJES_TERCERO.correo)
    .max(100, MENSAJES_TERCERO.largo(100))
    .pipe(z.email({ error: MENSAJES_TERCERO.correoValido })),
  /** Landline, optional. */
  numero_telefonico: z
    .string()
    .trim()
    .nullish()
    .transform((valor) => (valor ? valor : null))
    .refine((valor) => valor === null || numeroContacto.test(valor), MENSAJES_TERCERO.numeroInvalido),
  numero_celular: z
    .string({ error: MENSAJES_TERCERO.celular })
    .trim()
    .min(1, MENSAJES_TERCERO.celular)
    .regex(numeroContacto, MENSAJES_TERCERO.numeroInvalido),
  /** C Cliente (default), V Vendedor, A Administrador, B Bodega, OP Operario, MSJ Mensajero. */
  tipo_tercero: z.enum(TIPOS_TERCERO, { error: MENSAJES_TERCERO.tipoTercero }).default('C'),
  /** Person (natural) or Company (juridical). */
  tipo_persona: z.enum(TIPOS_PERSONA, { error: MENSAJES_TERCERO.opcion }).default('Person'),
  /** Whether the third party is responsible for VAT (invoicing). */
  responsable_iva: z.boolean().default(false),
  /** DIAN fiscal responsibility code. */
  responsabilidad_fiscal: z.enum(RESPONSABILIDADES_FISCALES, { error: MENSAJES_TERCERO.opcion }).default('R-99-PN'),
  direccion_residencia: textoOpcional(200, MENSAJES_TERCERO.largo(200)),
  /** ISO 3166 alpha-2 (listas/paises). */
  country_code: textoOpcional(2, MENSAJES_TERCERO.largo(2)),
  /** DANE department code for Colombia (listas/departamentos); free text elsewhere. */
  state_code: textoOpcional(100, MENSAJES_TERCERO.largo(100)),
  /** DANE municipality code for Colombia (listas/ciudades); free text elsewhere. */
  city_code: textoOpcional(100, MENSAJES_TERCERO.largo(100)),
  /** Password of the user account of a staff type; empty keeps the current one when editing. */
  password_usuario: z
    .string()
    .max(100, MENSAJES_TERCERO.passwordLarga)
    .nullish()
    .transform((valor) => (valor ? valor : null))
    .refine((valor) => valor === null || valor.length >= LARGO_MINIMO_PASSWORD, MENSAJES_TERCERO.passwordCorta),
  /** Active flag; only changes for a non-customer with a linked user (spec 001 §4). */
  activo: z.boolean().optional(),
  /** Stores of the user account of a staff type (beyond the spec); defaults to the current store. */
  tiendas: z.array(z.string().trim().min(1).max(10)).max(50).optional(),
  /** Store where the third party is registered (spec sends it on create); the store header wins. */
  codigo_tienda: z.string().max(10, MENSAJES_TERCERO.largo(10)).optional(),
});

type TerceroBase = z.output<typeof terceroBaseSchema>;

function reglasCondicionales(datos: Partial<TerceroBase>, ctx: z.RefinementCtx, creando: boolean) {
  const requerir = (campo: keyof TerceroBase, mensaje: string) => {
    const valor = datos[campo];
    if (valor === null || valor === undefined || valor === '') ctx.addIssue({ code: 'custom', path: [campo], message: mensaje });
  };
  // A check digit: only a NIT has one, and it must be the NIT's own (the message says so, not 'Faltan campos').
  const numero = datos.numero_documento ?? '';
  if (/^\d{1,15}-\d$/.test(numero)) {
    if (datos.tipo_documento_id !== TIPO_DOCUMENTO_NIT) ctx.addIssue({ code: 'custom', path: ['numero_documento'], message: MENSAJES_TERCERO.numeroDocumentoDigitos });
    else if (!dvNitCorresponde(numero)) ctx.addIssue({ code: 'custom', path: ['numero_documento'], message: MENSAJE_DV_NIT });
  }
  const tipo = datos.tipo_tercero ?? 'C';
  if (tipo === 'C') {
    requerir('direccion_residencia', MENSAJES_TERCERO.direccion);
    requerir('country_code', MENSAJES_TERCERO.opcion);
    requerir('state_code', MENSAJES_TERCERO.opcion);
    requerir('city_code', MENSAJES_TERCERO.opcion);
  }
  if (tipoTerceroIngresa(tipo)) {
    if (creando) requerir('password_usuario', MENSAJES_TERCERO.password);
    if (datos.tiendas !== undefined && datos.tiendas.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tiendas'], message: MENSAJES_TERCERO.tiendas });
    }
  }
}

// Run the conditional rules even when another field failed, so the form shows every message at once.
const siempre = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** A NIT's check digit, once checked, is not stored: the number is its digits (the DIAN mapping computes the DV). */
const sinDv = <T extends { numero_documento: string }>(datos: T): T => ({ ...datos, numero_documento: datos.numero_documento.replace(/-\d$/, '') });

export const terceroCrearSchema = terceroBaseSchema.superRefine((datos, ctx) => reglasCondicionales(datos, ctx, true), siempre).transform(sinDv);
export const terceroEditarSchema = terceroBaseSchema.superRefine((datos, ctx) => reglasCondicionales(datos, ctx, false), siempre).transform(sinDv);
export type TerceroGuardar = z.output<typeof terceroCrearSchema>;
export type TerceroGuardarEntrada = z.input<typeof terceroCrearSchema>;

/** A third party as lists and the form read it (spec 001 §3 Tercero). Money as a number of pesos. */
export const terceroSchema = z.object({
  id: z.number().int(),
  tipo_documento_id: z.number().int(),
  nombre_tipo_documento: z.string(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  correo_electronico: z.string(),
  numero_telefonico: z.string().nullable(),
  numero_celular: z.string(),
  tipo_tercero: z.enum(TIPOS_TERCERO),
  tipo_persona: z.enum(TIPOS_PERSONA),
  responsable_iva: z.boolean(),
  responsabilidad_fiscal: z.enum(RESPONSABILIDADES_FISCALES),
  direccion_residencia: z.string().nullable(),
  country_code: z.string().nullable(),
  state_code: z.string().nullable(),
  city_code: z.string().nullable(),
  activo: z.boolean(),
  user_id: z.number().int().nullable(),
  /** Role of the linked user account; null when there is none (the list then shows the type). */
  nombre_perfil: z.string().nullable(),
  saldo_abono: z.number(),
  fecha_registro: z.string(),
});
export type Tercero = z.infer<typeof terceroSchema>;

/** `GET terceros/{id}`: the linked user, if any (spec 001 §7 data.role_tercero), plus its stores. */
export const roleTerceroSchema = z.object({
  user_id: z.number().int().nullable(),
  nombre_perfil: z.string().nullable(),
  activo: z.boolean(),
  tiendas: z.array(z.string()),
});
export type RoleTercero = z.infer<typeof roleTerceroSchema>;

/** `GET terceros/{id}?solo_info=1`: the balance and who it is (spec 001 §7). */
export const terceroInfoSchema = z.object({
  id: z.number().int(),
  numero_documento: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  tipo_tercero: z.enum(TIPOS_TERCERO),
  saldo_abono: z.number(),
});
export type TerceroInfo = z.infer<typeof terceroInfoSchema>;

const bandera = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((valor) => (valor === undefined ? undefined : valor === '1' || valor === 'true'));

/** The columns the Clientes list sorts by (its own order, newest first, when none is chosen). */
export const ORDEN_TERCEROS = ['numero_documento', 'nombres', 'correo_electronico', 'saldo_abono', 'fecha_registro', 'activo'] as const;
export type OrdenTercero = (typeof ORDEN_TERCEROS)[number];

/**
 * Query of GET terceros (spec 001 §7, 002 §7): page, size (per_page), sort (orden/direccion) and search text, `role` (profile name: Mensajero,
 * Operario…), `no_page=1` for a plain list, `modo_usuario=0` for those without a user account
 * (customers and messengers) or 1 for staff, `activo` to keep only active or inactive ones.
 */
export const terceroConsultaSchema = consultaListaSchema(ORDEN_TERCEROS).extend({
  role: z.enum(Object.keys(TIPO_POR_PERFIL) as [string, ...string[]]).optional(),
  tipo_tercero: z.enum(TIPOS_TERCERO).optional(),
  no_page: bandera,
  modo_usuario: bandera,
  activo: bandera,
});
export type TerceroConsulta = z.output<typeof terceroConsultaSchema>;

export const tipoDocumentoSchema = z.object({
  id: z.number().int(),
  nombre_tipo_documento: z.string(),
  /** DIAN code of the document type, for electronic invoicing (13 CC, 31 NIT…). */
  codigo_dian: z.string(),
});
export type TipoDocumento = z.infer<typeof tipoDocumentoSchema>;

/** 'numero_documento - nombres apellidos', as the typeaheads show a third party (spec 001 Credit account dialog). */
export function etiquetaTercero(tercero: { numero_documento: string; nombres: string; apellidos: string }): string {
  return `${tercero.numero_documento} - ${tercero.nombres} ${tercero.apellidos}`.trim();
}

/** GET terceros: a page, or every third party with paginacion=false. */
export const tercerosRespuestaSchema = z.object({ terceros: z.union([paginaSchema(terceroSchema), z.array(terceroSchema)]) });

/** GET listas/tipo-documento. */
export const tiposDocumentosRespuestaSchema = z.object({ tipos_documentos: z.array(tipoDocumentoSchema) });

/** GET terceros/{id}: solo_info=1 answers only who the third party is and its prepaid balance. */
export const terceroSoloInfoConsultaSchema = z.object({ solo_info: z.enum(['0', '1']).optional() });

/** GET terceros/{id}: the third party and its user account's role. */
export const terceroConRolSchema = z.object({ tercero: terceroSchema, role_tercero: roleTerceroSchema });

/** GET terceros/{id}?solo_info=1. */
export const terceroInfoRespuestaSchema = z.object({ tercero: terceroInfoSchema });

/** POST terceros/crear and PUT terceros/{id}/editar: the third party as saved. */
export const terceroRespuestaSchema = z.object({ tercero: terceroSchema });

/** POST terceros/{tercero_id}/abono and GET cuentas-credito/tercero/{tercero_id}: the path, naming the third party. */
export const terceroParamsSchema = z.object({ tercero_id: idRutaSchema });

/** GET terceros/{id}'s answer: with its role, or with solo_info=1 only who it is. */
export const terceroLeidoRespuestaSchema = z.union([respuestaDatos(terceroConRolSchema), respuestaDatos(terceroInfoRespuestaSchema)]);
