import { z } from 'zod';

/** Largest id PostgreSQL's `integer` (serial) columns hold: 2^31 − 1. */
export const ID_MAXIMO = 2_147_483_647;

/**
 * The id in a URL path ('/productos/{id}'). Anything that is not an id PostgreSQL could hold (0, -1, 2^31, 'abc')
 * cannot name a row, so the server answers it as not found (404), like an id that does not exist.
 */
export const idRutaSchema = z.coerce.number().int().min(1).max(ID_MAXIMO);
