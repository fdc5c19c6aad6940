import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type ReferenceExpression, type SqlBool } from 'kysely';
import { escaparComodines } from '../lib/paginacion';
import { valorOpaco } from './database';

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

export interface OpcionesBusqueda {
  /**
   * Each pattern as a scalar subquery (an InitPlan: computed once per statement) instead of an expression of the
   * statement's parameters. It is not a constant to the planner, so the plan of a prepared statement is the same for
   * every word, and PostgreSQL keeps its generic plan by itself (after its first five calls) instead of planning each
   * call for its word, which costs more than running it (docs/decisions.md, "Pendiente por facturar a 1.000.000 de
   * ventas"). Only for words a trigram index narrows whatever their letters (`acotaCualquierPalabra`): under a generic
   * plan a shorter word would read the whole index.
   */
  patronesOpacos?: boolean;
  /**
   * Puts each value derived from the search into the statement, for a statement built once as a template
   * (db/plantillas.ts): `derivar` computes the same value from any search.
   */
  ligar?: LigarTexto;
}

/**
 * db/plantillas.ts's `ligar` for a value derived from a text, a search or one of its words: `derivar` computes the
 * same value from any text of the same kind.
 */
export type LigarTexto = <T>(valor: T, derivar: (texto: string) => T) => T;

/** The words of a search: split on whitespace (buscarEn's, and the billing list's own conditions). */
export function palabrasDeBusqueda(busqueda: string): string[] {
  return busqueda.split(/\s+/).filter((palabra) => palabra !== '');
}

/**
 * Whether the trigram indexes narrow a search for this word whatever its letters: a word compared with documents on
 * its digits (anchored or of four digits and more), or a text word of three characters or more (a trigram). A text
 * word of one or two characters yields no trigram: only a plan made for it (reading the table) is cheap.
 */
export function acotaCualquierPalabra(palabra: string): boolean {
  return PALABRA_DE_DOCUMENTO.test(palabra) || [...palabra].length >= 3;
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
  opciones: OpcionesBusqueda = {},
): Expression<SqlBool> {
  const documentos = columnas.documentos ?? [];
  const comoValor = (patron: RawBuilder<string> | string) => (opciones.patronesOpacos ? valorOpaco(patron) : patron);
  return eb.and(
    palabrasDeBusqueda(busqueda).map((palabra, indice) => {
      // The template's value of this word: the same derivation of the same word of any search.
      const ligarPalabra: LigarTexto | undefined = opciones.ligar
        ? (valor, derivar) => opciones.ligar!(valor, (otra) => derivar(palabrasDeBusqueda(otra)[indice]!))
        : undefined;
      const esDocumento = PALABRA_DE_DOCUMENTO.test(palabra);
      const patron = comoValor(patronBusqueda(palabra, ligarPalabra));
      const comoTexto = esDocumento ? columnas.texto : [...columnas.texto, ...documentos];
      const condiciones = [
        ...comoTexto.map((columna) => eb(eb.fn<string>('sin_acentos', [columna]), 'like', patron)),
        ...(columnas.textoSinAcentos ?? []).map((columna) => eb(columna, 'like', patron)),
      ];
      if (esDocumento) {
        const patronDigitos = ligarPalabra ? ligarPalabra(patronDeDigitos(palabra), patronDeDigitos) : patronDeDigitos(palabra);
        for (const columna of documentos) condiciones.push(eb(eb.fn<string>('solo_digitos', [columna]), 'like', comoValor(patronDigitos)));
      }
      return eb.or(condiciones);
    }),
  );
}

/** The LIKE pattern of a document word on its digits: anywhere from MINIMO_DIGITOS_DENTRO digits, else at the start. */
function patronDeDigitos(palabra: string): string {
  // Digits only: no wildcard can be left in them, so no escaping is needed.
  const digitos = palabra.replace(/\D/g, '');
  return digitos.length >= MINIMO_DIGITOS_DENTRO ? `%${digitos}%` : `${digitos}%`;
}

/**
 * The LIKE pattern buscarEn compares a text column with for one word: the word without accents or case, its LIKE
 * wildcards taken literally, anywhere in the text. Exported for a list that writes a condition of its own over a
 * column buscarEn cannot express cheaply (ventas/facturas.repository.ts, the sale's own numbers): it must find the
 * same rows.
 */
export function patronBusqueda(palabra: string, ligar?: LigarTexto): RawBuilder<string> {
  const escapada = ligar ? ligar(escaparComodines(palabra), escaparComodines) : escaparComodines(palabra);
  return sql<string>`'%' || sin_acentos(${escapada}) || '%'`;
}

/**
 * The shape of the SQL buscarEn writes for these words, one letter per word: 'd' for a word compared with documents
 * on its digits, 't' for one compared as text. Two searches of the same shape differ only in their parameters, so a
 * prepared statement can be named after it ('facturas_busqueda_td_10').
 */
export function firmaBusqueda(palabras: string[]): string {
  return palabras.map((palabra) => (PALABRA_DE_DOCUMENTO.test(palabra) ? 'd' : 't')).join('');
}
