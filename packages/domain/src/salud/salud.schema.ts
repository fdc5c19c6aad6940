import { z } from 'zod';

/** GET salud: PostgreSQL, the background jobs and the disk, each with its figures; the worst one is `estado`. */
export const saludSchema = z.object({
  estado: z.enum(['ok', 'degradado', 'caido']),
  base_datos: z.object({ ok: z.boolean(), ms: z.number() }),
  trabajos: z.object({ ok: z.boolean(), en_cola: z.number().nullable(), fallidos_24h: z.number().nullable() }),
  disco: z.object({ ok: z.boolean(), libre_bytes: z.number().nullable(), total_bytes: z.number().nullable() }),
});
export type Salud = z.infer<typeof saludSchema>;

/** GET salud's 503 when PostgreSQL does not answer: the error body, with the checks. */
export const saludCaidaSchema = z.object({ message: z.string(), code: z.literal('BASE_DATOS_NO_DISPONIBLE'), request_id: z.string(), data: saludSchema });
