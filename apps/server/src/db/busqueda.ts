import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type ReferenceExpression, type SqlBool } from 'kysely';
import { escaparComodines } from '../lib/paginacion';

/**
 * A word of only digits and the separators people type in document numbers ('900.123.456-7', '1.020,3') is
 * compared with documents on its digits. A word with letters ('AB-1234', 'a1') is compared with them as text.
 */
const PALABRA_DE_DOCUMENTO = /^[\d.,\-/]*\d[\d.,\-/]*$/;
/**
 * From this many digits a word may be found anywhere in a document. A shorter one must start it: otherwise a
 * number in a name ('ZZ Paginado 10') would match most documents, which have a '10' somewhere.
 */
const MINIMO_DIGITOS_DENTRO = 4;

export interface ColumnasBusqueda<DB, TB extends keyof DB> {
  /** Columns of text (names, e-mails, references): compared without accents or case. */
  texto: ReferenceExpression<DB, TB>[];
  /**
   * Columns that already hold text without accents or case (a stored `sin_acentos(…)`, e.g. tercero.texto_busqueda):
   * compared as they are, so a search does not unaccent each candidate row again.
   */
  textoSinAcentos?: ReferenceExpression<DB, TB>[];
  /** Document numbers (NIT, cédula): compared like text and also on their digits alone. */
  documentos?: ReferenceExpression<DB, TB>[];
}

/**
 * The one search condition of every list, typeahead and lookup (docs/architecture.md §3): true when every word of
 * `busqueda` (split on whitespace) is found in one of the columns: inside a text column without accents or case,
 * in a document on its digits (see above). So 'gomez' finds 'Gómez', 'juan perez' finds nombres 'Juan' apellidos
 * 'Pérez', and a NIT typed without dots ('900123456') finds '900.123.456-7', and the reverse. LIKE wildcards in
 * the search are taken literally.
 *
 * It uses the IMMUTABLE `sin_acentos` and `solo_digitos` of migration 202611231000, the expressions the trigram
 * indexes of the big tables are built on.
 */
export function buscarEn<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columnas: ColumnasBusqueda<DB, TB>,
  busqueda: string,
): Expression<SqlBool> {
  const documentos = columnas.documentos ?? [];
  const palabras = busqueda.split(/\s+/).filter((palabra) => palabra !== '');
  return eb.and(
    palabras.map((palabra) => {
      const esDocumento = PALABRA_DE_DOCUMENTO.test(palabra);
      const patron = patronBusqueda(palabra);
      const comoTexto = esDocumento ? columnas.texto : [...columnas.texto, ...documentos];
      const condiciones = [
        ...comoTexto.map((columna) => eb(eb.fn<string>('sin_acentos', [columna]), 'like', patron)),
        ...(columnas.textoSinAcentos ?? []).map((columna) => eb(columna, 'like', patron)),
      ];
      if (esDocumento) {
        // Digits only: no wildcard can be left in them, so no escaping is needed.
        const digitos = palabra.replace(/\D/g, '');
        const patronDigitos = digitos.length >= MINIMO_DIGITOS_DENTRO ? `%${digitos}%` : `${digitos}%`;
        for (const columna of documentos) condiciones.push(eb(eb.fn<string>('solo_digitos', [columna]), 'like', patronDigitos));
      }
      return eb.or(condiciones);
    }),
  );
}

/**
 * The LIKE pattern buscarEn compares a text column with for one word: the word without accents or case, its LIKE
 * wildcards taken literally, anywhere in the text. Exported for a list that writes a condition of its own over a
 * column buscarEn cannot express cheaply (ventas/facturas.repository.ts, the sale's own numbers): it must find the
 * same rows.
 */
export function patronBusqueda(palabra: string): RawBuilder<string> {
  return sql<string>`'%' || sin_acentos(${escaparComodines(palabra)}) || '%'`;
}

/**
 * The shape of the SQL buscarEn writes for these words, one letter per word: 'd' for a word compared with documents
 * on its digits, 't' for one compared as text. Two searches of the same shape differ only in their parameters, so a
 * prepared statement can be named after it ('facturas_busqueda_td_10').
 */
export function firmaBusqueda(palabras: string[]): string {
  return palabras.map((palabra) => (PALABRA_DE_DOCUMENTO.test(palabra) ? 'd' : 't')).join('');
}
