import type { ColumnType } from 'kysely';

/** A numeric column (money is numeric(18,2)): pg answers a string (exact), and accepts numbers or strings. */
export type Numeric = ColumnType<string, number | string, number | string>;
/** A numeric column with a default: may be left out on insert. */
export type NumericConDefecto = ColumnType<string, number | string | undefined, number | string>;
