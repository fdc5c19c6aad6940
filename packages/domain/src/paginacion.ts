import { z } from 'zod';

/** Query of a paged list: `page` from 1, optional search text `query`. */
export const consultaPaginadaSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  query: z.string().trim().max(200).optional(),
});

/** A page of a list, as every paged answer carries it under the key the spec names (ARCHITECTURE §4). */
export function paginaSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export interface Pagina<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
