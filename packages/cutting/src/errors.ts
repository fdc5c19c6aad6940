/**
 * Refusal of a cutting job that cannot be optimised as given. The message is Spanish and
 * names the offending piece (1-based, as the user numbers the rows), so the server can
 * answer 422 with it unchanged.
 */
export class CuttingInputError extends Error {
  /** 0-based index of the offending piece row, when one piece is to blame. */
  readonly pieza: number | undefined;

  constructor(message: string, pieza?: number) {
    super(message);
    this.name = 'CuttingInputError';
    this.pieza = pieza;
  }
}
