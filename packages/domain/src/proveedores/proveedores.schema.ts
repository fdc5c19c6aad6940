import { z } from 'zod';
import { consultaListaSchema, paginaSchema } from '../paginacion';
import { textoRequerido } from '../campos';
import { dvNitCorresponde, MENSAJE_DV_NIT } from '../nit';

/**
 * spec 002 §5 Supplier: nombre_proveedor, nit, numero_telefonico and correo_electronico required;
 * max lengths nit 30, phone 10, e-mail 100, address 100; plazo_credito a whole number from 0.
 * The spec gives no texts for these checks: ours are in docs/decisions-maestros.md.
 */
export const MENSAJES_PROVEEDOR = {
  nombre: 'Debe ingresar el nombre del proveedor',
  nombreLargo: 'El nombre admite hasta 200 caracteres',
  nit: 'Debe ingresar el NIT',
  nitLargo: 'El NIT admite hasta 30 caracteres',
  telefono: 'Debe ingresar un número telefónico',
  telefonoLargo: 'El número telefónico admite hasta 10 dígitos',
  telefonoDigitos: 'El número telefónico solo admite números',
  correo: 'Debe ingresar un correo electrónico',
  correoLargo: 'El correo electrónico admite hasta 100 caracteres',
  correoInvalido: 'Debe ingresar un correo electrónico válido',
  direccionLarga: 'La dirección admite hasta 100 caracteres',
  plazo: 'Debe ingresar el plazo del crédito',
  plazoEntero: 'El plazo del crédito debe ser un número entero de días, desde 0',
  plazoMaximo: 'El plazo del crédito admite hasta 9999 días',
} as const;

/** Largest credit term, in days (the spec's input takes 10 characters; a term beyond 27 years means a typo). */
export const PLAZO_CREDITO_MAXIMO = 9999;

/** A whole number of days from a number or the text of a number input ('' means not given). */
const plazoCredito = z.preprocess(
  (valor) => (typeof valor === 'string' ? (valor.trim() === '' ? undefined : Number(valor.trim())) : valor),
  z
    .number({ error: (issue) => (issue.input === undefined ? MENSAJES_PROVEEDOR.plazo : MENSAJES_PROVEEDOR.plazoEntero) })
    .int(MENSAJES_PROVEEDOR.plazoEntero)
    .min(0, MENSAJES_PROVEEDOR.plazoEntero)
    .max(PLAZO_CREDITO_MAXIMO, MENSAJES_PROVEEDOR.plazoMaximo)
    .optional(),
);

export const proveedorGuardarSchema = z
  .object({
    /** Business name of the supplier. */
    nombre_proveedor: textoRequerido(MENSAJES_PROVEEDOR.nombre, 200, MENSAJES_PROVEEDOR.nombreLargo),
    /** Tax id (NIT), unique among suppliers, e.g. 900123456-8: a check digit written must be DIAN's (MENSAJE_DV_NIT). */
    nit: textoRequerido(MENSAJES_PROVEEDOR.nit, 30, MENSAJES_PROVEEDOR.nitLargo).refine(dvNitCorresponde, MENSAJE_DV_NIT),
    /** Phone number, digits only, up to 10 (a Colombian mobile or landline). */
    numero_telefonico: textoRequerido(MENSAJES_PROVEEDOR.telefono, 10, MENSAJES_PROVEEDOR.telefonoLargo).regex(
      /^\d*$/,
      MENSAJES_PROVEEDOR.telefonoDigitos,
    ),
    /** Contact e-mail. */
    correo_electronico: textoRequerido(MENSAJES_PROVEEDOR.correo, 100, MENSAJES_PROVEEDOR.correoLargo).pipe(
      z.email(MENSAJES_PROVEEDOR.correoInvalido),
    ),
    /** Address, optional; blank is saved as none. */
    direccion: z
      .string()
      .trim()
      .max(100, MENSAJES_PROVEEDOR.direccionLarga)
      .nullish()
      .transform((valor) => (valor ? valor : null)),
    /** The supplier sells on credit (the form's switch). */
    credito: z.boolean().default(false),
    /** Days of credit; required when `credito`, saved as 0 without credit. */
    plazo_credito: plazoCredito,
  })
  .superRefine((datos, ctx) => {
    if (datos.credito && datos.plazo_credito === undefined) {
      ctx.addIssue({ code: 'custom', path: ['plazo_credito'], message: MENSAJES_PROVEEDOR.plazo });
    }
  })
  .transform((datos) => ({ ...datos, plazo_credito: datos.credito ? (datos.plazo_credito ?? 0) : 0 }));
export type ProveedorGuardar = z.output<typeof proveedorGuardarSchema>;
export type ProveedorFormulario = z.input<typeof proveedorGuardarSchema>;

export const proveedorSchema = z.object({
  id: z.number().int(),
  nombre_proveedor: z.string(),
  nit: z.string(),
  numero_telefonico: z.string(),
  correo_electronico: z.string(),
  direccion: z.string().nullable(),
  credito: z.boolean(),
  plazo_credito: z.number().int(),
});
export type Proveedor = z.infer<typeof proveedorSchema>;

/** The columns the suppliers list sorts by. */
export const ORDEN_PROVEEDORES = ['nombre_proveedor', 'nit', 'correo_electronico', 'credito', 'plazo_credito'] as const;
export type OrdenProveedor = (typeof ORDEN_PROVEEDORES)[number];

/** GET maestros/proveedores: `pagination=1&page=n` pages the list; without `pagination`, all suppliers (spec 002 §7). */
export const proveedoresConsultaSchema = consultaListaSchema(ORDEN_PROVEEDORES).extend({
  pagination: z.coerce.number().int().min(0).max(1).optional(),
});

/** GET maestros/proveedores: a page, or every supplier with paginacion=false. */
export const proveedoresRespuestaSchema = z.object({ proveedores: z.union([paginaSchema(proveedorSchema), z.array(proveedorSchema)]) });
