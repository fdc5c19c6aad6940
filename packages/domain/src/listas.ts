/**
 * A closed list of codes with the Spanish label of each, declared once as `{ código: 'Etiqueta' }` (docs/architecture.md
 * §4 "Closed lists"): the codes (for `z.enum`, each field with its own message, and for loops), the labels by code
 * (badges, texts) and the options a select shows. The codes keep the order written; they are never integers, which
 * JavaScript would sort first.
 */
export interface ListaCerrada<K extends string> {
  readonly claves: readonly [K, ...K[]];
  readonly nombres: Readonly<Record<K, string>>;
  readonly opciones: readonly { readonly value: K; readonly label: string }[];
}

export function listaCerrada<const T extends Record<string, string>>(nombres: T): ListaCerrada<keyof T & string> {
  type K = keyof T & string;
  const claves = Object.keys(nombres) as [K, ...K[]];
  const etiquetas: Record<K, string> = nombres;
  return {
    claves,
    nombres: etiquetas,
    opciones: claves.map((clave) => ({ value: clave, label: etiquetas[clave] })),
  };
}
