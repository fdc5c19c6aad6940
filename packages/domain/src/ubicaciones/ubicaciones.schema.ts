import { z } from 'zod';

/** spec 001 §3 Lookups: countries (ISO 3166-1, Spanish names). */
export const paisSchema = z.object({ country_code: z.string(), country_name: z.string() });
export type Pais = z.infer<typeof paisSchema>;

/** A Colombian department (DANE DIVIPOLA 2-digit code). */
export const departamentoSchema = z.object({ state_code: z.string(), state_name: z.string() });
export type Departamento = z.infer<typeof departamentoSchema>;

/** A Colombian municipality (DANE DIVIPOLA 5-digit code). */
export const ciudadSchema = z.object({ city_code: z.string(), city_name: z.string() });
export type Ciudad = z.infer<typeof ciudadSchema>;

const codigoPais = z.string({ error: 'Debe seleccionar un país' }).trim().length(2, 'Debe seleccionar un país').toUpperCase();

/**
 * Optional text of the state and city pickers: the server filters without accents or case ('medellin' finds
 * 'Medellín'), the same search as every other list (apps/server/src/db/busqueda.ts).
 */
const busqueda = z.string().trim().max(100).optional();

/** POST listas/departamentos. */
export const departamentosConsultaSchema = z.object({ country_code: codigoPais, busqueda });
/** POST listas/ciudades. */
export const ciudadesConsultaSchema = z.object({
  country_code: codigoPais,
  state_code: z.string({ error: 'Debe seleccionar un departamento' }).trim().min(1, 'Debe seleccionar un departamento').max(10),
  busqueda,
});

/** POST listas/paises. */
export const paisesRespuestaSchema = z.object({ paises: z.array(paisSchema) });

/** POST listas/departamentos. */
export const departamentosRespuestaSchema = z.object({ departamentos: z.array(departamentoSchema) });

/** POST listas/ciudades. */
export const ciudadesRespuestaSchema = z.object({ ciudades: z.array(ciudadSchema) });
