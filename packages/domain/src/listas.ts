import { z } from 'zod';

/**
 * A closed list of codes with the Spanish label of each, declared once as `{ código: 'Etiqueta' }` (docs/architecture.md
 * §4 "One contract per route"): the codes in the declared order (for `z.enum` and loops), the labels by code (badges,
 * texts) and the options a select shows. The codes keep the table's order, so a list's order is the one written.
 */
export interface ListaCerrada<K extends string> {
  readonly claves: readonly [K, ...K[]];
  readonly nombres: Readonly<Record<K, string>>;
  readonly opciones: readonly { readonly value: K; readonly label: string }[];
  readonly esquema: z.ZodEnum<{ [C in K]: C }>;
}

export function listaCerrada<const T extends Record<string, string>>(nombres: T): ListaCerrada<keyof T & string> {
  type K = keyof T & string;
  const claves = Object.keys(nombres) as [K, ...K[]];
  const etiquetas: Record<K, string> = nombres;
  return {
    claves,
    nombres: etiquetas,
    opciones: claves.map((clave) => ({ value: clave, label: etiquetas[clave] })),
    esquema: z.enum(claves),
  };
}
