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

/** POST listas/departamentos. */
export const departamentosConsultaSchema = z.object({ country_code: codigoPais });
/** POST listas/ciudades. */
export const ciudadesConsultaSchema = z.object({
  country_code: codigoPais,
  state_code: z.string({ error: 'Debe seleccionar un departamento' }).trim().min(1, 'Debe seleccionar un departamento').max(10),
});
