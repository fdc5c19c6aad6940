/**
 * Text as searches compare it: lower case, without accents ('Melamína Ártico' → 'melamina artico'). Accents are
 * the combining marks that NFD splits off letters (á → a + ´, ñ → n + ˜); a plain range rather than the Unicode
 * property, several times faster: the catalog's search index folds every product name with it.
 */
export function sinAcentos(texto: string): string {
  return texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The words of a text for a search: runs of letters and digits, without accents, lower case
 * ('MEL-001200 Tablero Melamína' → ['mel', '001200', 'tablero', 'melamina']).
 */
export function palabrasBusqueda(texto: string): string[] {
  return sinAcentos(texto).match(/[a-z0-9]+/g) ?? [];
}
