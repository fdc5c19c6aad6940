// The suite's honest clock (scripts/probar.sh): the ten slowest test files of the vitest run and the ten slowest
// journeys of the Playwright run, from their JSON reports, so the next slow file is visible the day it lands. And,
// last of all, what failed: a CI log is often read from its end only, so the failures are named there again.
//   node scripts/reloj.mjs vitest <report.json>
//   node scripts/reloj.mjs playwright <report.json>…       (the two Playwright runs of npm test, read as one)
//   node scripts/reloj.mjs fallas <vitest.json> <playwright.json>…
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [tipo, archivo, ...otrosArchivos] = process.argv.slice(2);
const CUANTOS = 10;
const raiz = path.resolve(import.meta.dirname, '..');

/** The first line of an error message, without its terminal colours, at most 300 characters. */
function primeraLinea(mensaje) {
  // eslint-disable-next-line no-control-regex
  const limpio = String(mensaje ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim();
  return limpio.split('\n')[0].slice(0, 300);
}

if (tipo === 'fallas') {
  const fallas = [];
  if (archivo && existsSync(archivo)) {
    for (const f of JSON.parse(readFileSync(archivo, 'utf8')).testResults ?? []) {
      const nombre = path.relative(raiz, f.name);
      const pruebas = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of pruebas) fallas.push(`${nombre} › ${a.fullName ?? a.title}: ${primeraLinea(a.failureMessages?.[0])}`);
      // A file fails with no failed test when a hook times out or an error escapes every test: say so, the log has it.
      const fuera = primeraLinea(f.message) || 'falló fuera de sus pruebas (un beforeAll/afterAll o un error no capturado; ver el registro)';
      if (f.status === 'failed' && pruebas.length === 0) fallas.push(`${nombre}: ${fuera}`);
    }
  }
  for (const otroArchivo of otrosArchivos.filter((nombre) => existsSync(nombre))) {
    const recorrer = (suite, archivoSuite) => {
      const deArchivo = suite.file ?? archivoSuite;
      for (const spec of suite.specs ?? []) {
        for (const prueba of spec.tests ?? []) {
          if (prueba.status !== 'unexpected' && prueba.status !== 'flaky') continue;
          const error = (prueba.results ?? []).find((r) => r.error)?.error?.message;
          fallas.push(`${deArchivo} › ${spec.title}${prueba.status === 'flaky' ? ' (pasó al reintentar)' : ''}: ${primeraLinea(error)}`);
        }
      }
      for (const hija of suite.suites ?? []) recorrer(hija, deArchivo);
    };
    for (const suite of JSON.parse(readFileSync(otroArchivo, 'utf8')).suites ?? []) recorrer(suite, suite.file);
  }
  if (fallas.length > 0) {
    console.log(`Lo que falló (${fallas.length}):`);
    for (const falla of fallas) console.log(`  ✗ ${falla}`);
  }
  process.exit(0);
}

if (!archivo || !existsSync(archivo)) {
  console.log(`reloj: no hay informe ${archivo ?? ''}`);
  process.exit(0);
}

/** Prints rows of [seconds, name], slowest first. */
function imprimir(titulo, filas) {
  console.log(titulo);
  for (const [segundos, nombre] of filas.sort((a, b) => b[0] - a[0]).slice(0, CUANTOS)) {
    console.log(`  ${segundos.toFixed(1).padStart(6)} s  ${nombre}`);
  }
}

if (tipo === 'vitest') {
  // Each file's wall time, from its first test's start to its end (setup and teardown included).
  const filas = JSON.parse(readFileSync(archivo, 'utf8')).testResults.map((f) => [(f.endTime - f.startTime) / 1000, path.relative(raiz, f.name)]);
  imprimir(`Los ${CUANTOS} archivos de prueba más lentos (de ${filas.length}):`, filas);
} else if (tipo === 'playwright') {
  const filas = [];
  const recorrer = (suite, archivoSuite) => {
    const deArchivo = suite.file ?? archivoSuite;
    for (const spec of suite.specs ?? []) {
      for (const prueba of spec.tests ?? []) {
        const duracion = (prueba.results ?? []).reduce((total, r) => total + (r.duration ?? 0), 0);
        filas.push([duracion / 1000, `${deArchivo} › ${spec.title}`]);
      }
    }
    for (const hija of suite.suites ?? []) recorrer(hija, deArchivo);
  };
  for (const otro of [archivo, ...otrosArchivos].filter((nombre) => existsSync(nombre))) {
    for (const suite of JSON.parse(readFileSync(otro, 'utf8')).suites ?? []) recorrer(suite, suite.file);
  }
  imprimir(`Los ${CUANTOS} recorridos más lentos (de ${filas.length}):`, filas);
} else {
  console.error('uso: node scripts/reloj.mjs vitest <informe.json> | playwright <informe.json>… | fallas <vitest.json> <playwright.json>…');
  process.exit(2);
}
