import { z } from 'zod';
import { idOpcionalCoercido } from '../campos';
import { consultaListaSchema, paginaSchema } from '../paginacion';

/** spec 001 §5 Connection. */
export const MENSAJES_CONEXION = {
  nombre: 'Debe ingresar un nombre',
  nombreLargo: 'El nombre admite hasta 120 caracteres',
  id: 'La conexión no es válida',
} as const;

export const ESTADOS_CONEXION = ['Activa', 'Cerrada', 'Expirada'] as const;
export type EstadoConexion = (typeof ESTADOS_CONEXION)[number];

export const conexionEditarSchema = z.object({
  /** The connection's id; optional, the path names it too (spec 001 §7 sends both). */
  id: idOpcionalCoercido(MENSAJES_CONEXION.id),
  /** New display name of the connection. */
  name_connection: z
    .string({ error: MENSAJES_CONEXION.nombre })
    .trim()
    .min(1, MENSAJES_CONEXION.nombre)
    .max(120, MENSAJES_CONEXION.nombreLargo),
});
export type ConexionEditar = z.infer<typeof conexionEditarSchema>;

export const conexionSchema = z.object({
  id: z.number().int(),
  name_connection: z.string(),
  email: z.string(),
  name: z.string(),
  fecha_registro: z.string(),
  expira_en: z.string(),
  fecha_cierre: z.string().nullable(),
  estado: z.enum(ESTADOS_CONEXION),
  /** True for the connection making this request. */
  es_actual: z.boolean(),
});
export type Conexion = z.infer<typeof conexionSchema>;

/** The columns the connections list sorts by (Nombre conexión, Usuario by its e-mail, Fecha registro). */
export const ORDEN_CONEXIONES = ['name_connection', 'email', 'fecha_registro'] as const;
export type OrdenConexion = (typeof ORDEN_CONEXIONES)[number];

/** GET conexiones: page, per_page (10, 25, 50, 100), query in the name, e-mail and user, orden/direccion. */
export const conexionesConsultaSchema = consultaListaSchema(ORDEN_CONEXIONES);

/** GET conexiones: a page of sessions. */
export const conexionesRespuestaSchema = z.object({ conexiones: paginaSchema(conexionSchema) });
