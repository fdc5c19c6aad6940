import { z } from 'zod';
import { idRutaSchema } from '../limites';
import { ROLES } from '../roles';

/** spec 000 §5: e-mail required and in e-mail format, password required. */
export const MENSAJE_INGRESO = 'Debe ingresar todos los campos';
export const MENSAJE_CORREO_LARGO = 'El correo admite hasta 200 caracteres';

export const ingresoSchema = z.object({
  /** The user's e-mail, as given at login. */
  email: z
    .string({ error: MENSAJE_INGRESO })
    .trim()
    .min(1, MENSAJE_INGRESO)
    // usuario.email and the login audit (intento_ingreso.email) are varchar(200): a longer one answered 500.
    .max(200, MENSAJE_CORREO_LARGO)
    .pipe(z.email({ error: MENSAJE_INGRESO })),
  /** The user's password. */
  password: z.string({ error: MENSAJE_INGRESO }).min(1, MENSAJE_INGRESO).max(200, MENSAJE_INGRESO),
});
export type Ingreso = z.infer<typeof ingresoSchema>;

export const usuarioSesionSchema = z.object({
  /** Bearer token to send on every call. */
  token: z.string(),
  /** When the token stops being accepted (ISO 8601), so the web can check it locally (spec 000 §7). */
  expira_en: z.string(),
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type UsuarioSesion = z.infer<typeof usuarioSesionSchema>;

export const tiendaUsuarioSchema = z.object({
  id: z.number().int(),
  codigo_tienda: z.string(),
  nombre_tienda: z.string(),
});
export type TiendaUsuario = z.infer<typeof tiendaUsuarioSchema>;

/** spec 000 §5, store selection. */
export const MENSAJES_TIENDA = {
  requerida: 'Debe seleccionar una opción',
  faltanCampos: 'Faltan campos por ingresar',
  seleccionada: 'Tienda seleccionada',
} as const;

/** GET maestros/tiendas/{userId}/usuario: the stores a user works in. */
export const tiendasUsuarioRespuestaSchema = z.object({ tiendas_usuario: z.array(tiendaUsuarioSchema) });

/** GET maestros/tiendas/{userId}/usuario: the user. */
export const tiendasUsuarioParamsSchema = z.object({ userId: idRutaSchema });
