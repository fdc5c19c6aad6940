import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Conventions of the whole repository that no linter sees (STYLE 12). A comment or a doc points to what a reader of a
 * clone has: a spec section (`spec 002 §2.9`) or a decision in docs/ (`docs/decisions-despachos.md`). A clone has no
 * issue tracker, so a tracker's number tells its reader nothing: the comment says the rule or the reason itself.
 */
const RAIZ = path.resolve(import.meta.dirname, '..');
/** Source, tests, scripts, styles and docs: every tracked file a person reads. */
const LEGIBLE = /\.(ts|tsx|js|mjs|cjs|md|sh|sql|ya?ml|css|html)$/;
const CITA_DEL_TRACKER = /\b[Ii]ssues? [0-9]+/;

function archivosVersionados(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: RAIZ, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((archivo) => (LEGIBLE.test(archivo) || archivo.startsWith('.ci/')) && existsSync(path.join(RAIZ, archivo)));
}

describe('the repository', () => {
  it('cites no issue-tracker number in a tracked source, test or doc file', () => {
    const archivos = archivosVersionados();
    // Guards against a listing that silently finds nothing.
    expect(archivos).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'packages/domain/src/errores.ts']));
    const citas: string[] = [];
    for (const archivo of archivos) {
      readFileSync(path.join(RAIZ, archivo), 'utf8')
        .split('\n')
        .forEach((linea, i) => {
          if (CITA_DEL_TRACKER.test(linea)) citas.push(`${archivo}:${i + 1}: ${linea.trim()}`);
        });
    }
    expect(citas).toEqual([]);
  });
});
