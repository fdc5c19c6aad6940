import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * The compare loop of the payment rows property tests (`*-filas-pago.test.ts`, docs/architecture.md §3 "Payment
 * rows"): a use's form and its server decide a set of payment rows with one rule (packages/domain
 * formas-pago/filas-pago.ts). For cases drawn by fast-check with a fixed seed (the same draws on every run, so a
 * failure names a case that comes back), each case is sent to the real app; where the rule refuses it the server must
 * answer 422 with the rule's failure in the use's words (its message, and its field among the answer's errors), and
 * where the rule lets it go the server must take it (200). A case with several faults that the server meets in another
 * order (`enOtroOrden`) compares the refusal alone. No shrinking: each case writes to the database.
 */

/** A rule's refusal in a use's words: the toast's message and the request field it belongs to. */
export interface FallaEnCampo {
  mensaje: string;
  campo: string;
}

/**
 * The rule's verdict on a case: its refusal, and whether the case carries faults that the use's server meets in
 * another order than the rule (its request schema before the rule's row-by-row order), so that only the refusal
 * itself, not which fault it names, is compared.
 */
export type VeredictoRegla = (FallaEnCampo & { enOtroOrden?: boolean }) | null;

/** What the compare reads of an `app.inject` answer. */
interface Respuesta {
  statusCode: number;
  body: string;
  json: () => { message?: unknown; errors?: Record<string, unknown> | null };
}

export interface ComparacionFilas<C> {
  /** The cases to draw. */
  casos: fc.Arbitrary<C>;
  semilla: number;
  cuantos: number;
  /** Sends a case to the app (its data prepared as needed) and answers the response. */
  enviar: (caso: C) => Promise<Respuesta>;
  /** The rule's verdict on the case in the use's words; null when the rule lets it go. */
  regla: (caso: C) => VeredictoRegla;
  /** The case as the failure message names it. */
  describir?: (caso: C) => unknown;
}

/** `porcentaje` % of the draws are true. */
export const siEn = (porcentaje: number): fc.Arbitrary<boolean> => fc.integer({ min: 1, max: 100 }).map((n) => n <= porcentaje);

/** Runs the comparison; answers how many cases the server took and how many it refused, for the caller's coverage check. */
export async function compararConLaRegla<C>({ casos, semilla, cuantos, enviar, regla, describir = (caso) => caso }: ComparacionFilas<C>): Promise<{ aceptados: number; rechazados: number }> {
  let aceptados = 0;
  let rechazados = 0;
  let numero = 0;
  await fc.assert(
    fc.asyncProperty(casos, async (caso) => {
      const descripcion = `caso ${numero++}: ${JSON.stringify(describir(caso))}`;
      const respuesta = await enviar(caso);
      const falla = regla(caso);
      if (falla) {
        expect(respuesta.statusCode, `${descripcion}: ${respuesta.body}`).toBe(422);
        if (!falla.enOtroOrden) {
          expect(respuesta.json().message, descripcion).toBe(falla.mensaje);
          expect(Object.keys(respuesta.json().errors ?? {}), descripcion).toContain(falla.campo);
        }
        rechazados += 1;
      } else {
        expect(respuesta.statusCode, `${descripcion}: ${respuesta.body}`).toBe(200);
        aceptados += 1;
      }
    }),
    { seed: semilla, numRuns: cuantos, endOnFailure: true },
  );
  return { aceptados, rechazados };
}
