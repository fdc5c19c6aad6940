import { z } from 'zod';
import { ID_MAXIMO } from '../limites';
import { consultaListaSchema, paginaSchema } from '../paginacion';

/** spec 002 §5 Machine (typo "una nombre" fixed); the length texts are ours. */
export const MENSAJES_MAQUINA = {
  referencia: 'Debe ingresar una referencia',
  referenciaLarga: 'La referencia admite hasta 30 caracteres',
  nombre: 'Debe ingresar un nombre',
  nombreLargo: 'El nombre admite hasta 100 caracteres',
  opcion: 'Debe seleccionar una opción',
  servicio: 'Debe seleccionar un servicio',
} as const;

/**
 * Service groups (table grupo_servicio) with the ids of spec 002 §9: the production stages, the machines and
 * `POST maquinas/produccion {servicio}` use them.
 */
export const GRUPOS_SERVICIO = {
  CORTE: 1,
  ENCHAPE: 2,
  SERVICIOS_ESPECIALES: 3,
  EMPAQUE: 6,
} as const;

/** Machine states (table estado_maquina) and their badge colours (spec 002 §9: 1 success, 2 warning, 3 danger). */
export const ESTADOS_MAQUINA = {
  DISPONIBLE: 1,
  EN_MANTENIMIENTO: 2,
  FUERA_DE_SERVICIO: 3,
} as const;

export const COLOR_ESTADO_MAQUINA: Record<number, 'success' | 'warning' | 'danger'> = {
  1: 'success',
  2: 'warning',
  3: 'danger',
};

/** An id chosen in a select: a positive integer, from a number or its text. */
const opcion = z.coerce
  .number({ error: MENSAJES_MAQUINA.opcion })
  .int(MENSAJES_MAQUINA.opcion)
  .positive(MENSAJES_MAQUINA.opcion)
  .max(ID_MAXIMO, MENSAJES_MAQUINA.opcion);

export const maquinaGuardarSchema = z.object({
  /** Short code of the machine, unique without case, e.g. COR-01. */
  referencia: z
    .string({ error: MENSAJES_MAQUINA.referencia })
    .trim()
    .min(1, MENSAJES_MAQUINA.referencia)
    .max(30, MENSAJES_MAQUINA.referenciaLarga),
  /** Name staff know the machine by. */
  nombre_maquina: z
    .string({ error: MENSAJES_MAQUINA.nombre })
    .trim()
    .min(1, MENSAJES_MAQUINA.nombre)
    .max(100, MENSAJES_MAQUINA.nombreLargo),
  /** Service group the machine works for (GRUPOS_SERVICIO: 1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque). */
  grupo_servicio_id: z.preprocess((valor) => (valor === '' || valor === null ? undefined : valor), opcion),
  /** Its state: 1 Disponible, 2 En mantenimiento, 3 Fuera de servicio. */
  estado_maquina_id: z.preprocess((valor) => (valor === '' || valor === null ? undefined : valor), opcion),
});
export type MaquinaGuardar = z.output<typeof maquinaGuardarSchema>;

export const maquinaSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  nombre_maquina: z.string(),
  grupo_servicio_id: z.number().int(),
  nombre_grupo_servicio: z.string(),
  estado_maquina_id: z.number().int(),
  nombre_estado_maquina: z.string(),
});
export type Maquina = z.infer<typeof maquinaSchema>;

/** POST maquinas/produccion {servicio}: the machines of one service group, for the production screens. */
export const maquinasProduccionSchema = z.object({
  /** Service group id (grupo_servicio.id, GRUPOS_SERVICIO). */
  servicio: z.preprocess(
    (valor) => (valor === '' || valor === null ? undefined : valor),
    z.coerce.number({ error: MENSAJES_MAQUINA.servicio }).int(MENSAJES_MAQUINA.servicio).positive(MENSAJES_MAQUINA.servicio).max(ID_MAXIMO, MENSAJES_MAQUINA.servicio),
  ),
});

export const grupoServicioSchema = z.object({ id: z.number().int(), nombre_grupo_servicio: z.string() });
export type GrupoServicio = z.infer<typeof grupoServicioSchema>;

export const estadoMaquinaSchema = z.object({ id: z.number().int(), nombre_estado_maquina: z.string() });
export type EstadoMaquina = z.infer<typeof estadoMaquinaSchema>;

/** The columns the machines list sorts by (spec 002 §2.19: ID, Referencia, Nombre máquina, Grupo servicio, Estado). */
export const ORDEN_MAQUINAS = ['id', 'referencia', 'nombre_maquina', 'nombre_grupo_servicio', 'nombre_estado_maquina'] as const;
export type OrdenMaquina = (typeof ORDEN_MAQUINAS)[number];

/** GET maestros/maquinas: page, per_page (10, 25, 50, 100), query in the reference and the name, orden/direccion. */
export const maquinasConsultaSchema = consultaListaSchema(ORDEN_MAQUINAS);

/** GET maestros/maquinas: a page of machines. */
export const maquinasRespuestaSchema = z.object({ maquinas: paginaSchema(maquinaSchema) });

/** GET maestros/maquinas/grupos-servicios. */
export const gruposServiciosMaquinaRespuestaSchema = z.object({ grupos_servicios: z.array(grupoServicioSchema) });

/** GET maestros/maquinas/estados-maquinas. */
export const estadosMaquinasRespuestaSchema = z.object({ estados_maquinas: z.array(estadoMaquinaSchema) });

/** POST maquinas/produccion: the machines of a service group. */
export const maquinasProduccionRespuestaSchema = z.object({ maquinas: z.array(maquinaSchema) });
