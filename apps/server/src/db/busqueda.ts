import { sql, type Expression, type ExpressionBuilder, type ReferenceExpression, type SqlBool } from 'kysely';
import { escaparComodines } from '../lib/paginacion';

/**
 * A word that is only digits and the separators people type in document numbers ('900.123.456-7', '1.020,3',
 * '12/34'): compared on its digits. A word like 'a1' is not, or every document with a 1 would match it.
 */
const PALABRA_DE_DOCUMENTO = /^[\d.,\-/]*\d[\d.,\-/]*$/;

export interface ColumnasBusqueda<DB, TB extends keyof DB> {
  /** Columns of text (names, e-mails, references): compared without accents or case. */
  texto: ReferenceExpression<DB, TB>[];
  /** Document numbers (NIT, cédula): compared like text and also on their digits alone. */
  documentos?: ReferenceExpression<DB, TB>[];
}

/**
 * The one search condition of every list, typeahead and lookup (issue 13 point 3): true when every word of
 * `busqueda` (split on whitespace) appears, without accents or case, inside one of the columns. So 'gomez'
 * finds 'Gómez', 'juan perez' finds nombres 'Juan' apellidos 'Pérez', and a NIT typed without dots
 * ('900123456') finds '900.123.456-7', and the reverse. LIKE wildcards in the search are taken literally.
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
  const texto = [...columnas.texto, ...documentos];
  const palabras = busqueda.split(/\s+/).filter((palabra) => palabra !== '');
  return eb.and(
    palabras.map((palabra) => {
      const patron = sql<string>`'%' || sin_acentos(${escaparComodines(palabra)}) || '%'`;
      const condiciones = texto.map((columna) => eb(eb.fn<string>('sin_acentos', [columna]), 'like', patron));
      if (documentos.length > 0 && PALABRA_DE_DOCUMENTO.test(palabra)) {
        // Digits only: no wildcard can be left in them, so no escaping is needed.
        const digitos = `%${palabra.replace(/\D/g, '')}%`;
        for (const columna of documentos) condiciones.push(eb(eb.fn<string>('solo_digitos', [columna]), 'like', digitos));
      }
      return eb.or(condiciones);
    }),
  );
}
