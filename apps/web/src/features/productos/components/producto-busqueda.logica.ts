/**
 * The product search dialog (spec 001 Product search modal) from the keyboard: the focus stays in the search box, the
 * arrows move the highlighted row, Enter picks it, as a click on the row does. What a key does is decided here, apart
 * from the dialog, so it is tested without a browser.
 */
export type AccionTecla =
  /** Highlight another row. */
  | { tipo: 'resaltar'; indice: number }
  /** Pick this row (the dialog's caller then closes it). */
  | { tipo: 'elegir'; indice: number }
  /** The rows shown answer an older search: pick the first row of the search typed once it arrives. */
  | { tipo: 'esperar' };

export interface EstadoResultados {
  /** The highlighted row (0, the first, after every search). */
  resaltada: number;
  /** Rows shown. */
  total: number;
  /** Whether the rows shown answer the text now in the box (the pause after typing is over and the answer is in). */
  vigentes: boolean;
}

/** What a key pressed in the search box does; null: the key is the box's own (typing, moving the caret). */
export function accionTecla(tecla: string, { resaltada, total, vigentes }: EstadoResultados): AccionTecla | null {
  switch (tecla) {
    case 'ArrowDown':
      return total === 0 ? null : { tipo: 'resaltar', indice: Math.min(resaltada + 1, total - 1) };
    case 'ArrowUp':
      return total === 0 ? null : { tipo: 'resaltar', indice: Math.max(resaltada - 1, 0) };
    case 'Enter':
      if (!vigentes) return { tipo: 'esperar' };
      return total === 0 ? null : { tipo: 'elegir', indice: Math.min(resaltada, total - 1) };
    default:
      return null;
  }
}

/** The highlighted row of a list of rows: kept while the same rows are shown, the first one when others arrive. */
export function resaltadaDe<T>(recordada: { filas: T; indice: number }, filas: T): number {
  return recordada.filas === filas ? recordada.indice : 0;
}
