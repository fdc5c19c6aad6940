// The web's direction, read from the sources (docs/architecture.md §5): app/ composes features, features import
// components/ and lib/ and the doors of features below them, and nothing points back. A cycle between features (or
// between any two files of features/) fails here with its path, and so does an import of app/ from below it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cicloDe, especificadoresDe } from '../../../../scripts/grafo-importaciones';

/** apps/web/src, what '@/' names. */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The TypeScript sources under `carpeta` (relative to src, '/' separated), tests left out: nothing imports a test. */
function fuentes(carpeta: string): string[] {
  const salida: string[] = [];
  const recorrer = (relativa: string) => {
    for (const nombre of readdirSync(path.join(SRC, relativa))) {
      const ruta = `${relativa}/${nombre}`;
      if (statSync(path.join(SRC, ruta)).isDirectory()) recorrer(ruta);
      else if (/\.tsx?$/.test(nombre) && !/\.test\.tsx?$/.test(nombre)) salida.push(ruta);
    }
  };
  recorrer(carpeta);
  return salida.sort();
}

/**
 * The source files `archivo` imports (relative to src): static, type-only, re-exports and lazy `import()` alike, since
 * a lazy page still makes its feature depend on what the page imports. Packages and stylesheets are left out.
 */
function importacionesDe(archivo: string, texto: string): string[] {
  const especificadores = especificadoresDe(texto);
  const destinos = new Set<string>();
  for (const especificador of especificadores) {
    let base: string;
    if (especificador.startsWith('@/')) base = especificador.slice(2);
    else if (especificador.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(archivo), especificador));
    else continue;
    const destino = EXTENSIONES.map((extension) => base + extension).find((ruta) => /\.tsx?$/.test(ruta) && existsSync(path.join(SRC, ruta)));
    if (destino) destinos.add(destino);
  }
  return [...destinos].sort();
}

/** The feature a file of features/ belongs to ('features/ventas/api/claves.ts' → 'ventas'). */
const featureDe = (archivo: string) => /^features\/([^/]+)\//.exec(archivo)?.[1];

const archivosFeatures = fuentes('features');
const importaciones = new Map(archivosFeatures.map((archivo) => [archivo, importacionesDe(archivo, readFileSync(path.join(SRC, archivo), 'utf8'))]));

describe('the direction of the web', () => {
  it('finds the cycle of a graph that has one, and none in a graph without', () => {
    const conCiclo = new Map([
      ['ventas', ['productos', 'cuentas-credito']],
      ['cuentas-credito', ['despachos']],
      ['despachos', ['ventas']],
      ['productos', []],
    ]);
    expect(cicloDe(conCiclo)).toBe('ventas → cuentas-credito → despachos → ventas');
    expect(cicloDe(new Map([...conCiclo, ['despachos', []]]))).toBeNull();
  });

  it('reads static, type-only, re-exported and lazy imports, by alias and by relative path', () => {
    const texto = [
      "import { useState } from 'react';",
      "import { a } from '@/lib/formato';",
      "import { ProductoBusquedaModal } from '@/features/productos';",
      "import type {\n  B,\n} from './api/claves';",
      "export { C } from './components/detalle-venta-modal';",
      "const D = perezosa(() => import('./pedido/pagina-pedido'), (m) => m.PedidosPage);",
      "import '@mantine/dates/styles.css';",
    ].join('\n');
    expect(importacionesDe('features/ventas/index.ts', texto)).toEqual([
      'features/productos/index.ts',
      'features/ventas/api/claves.ts',
      'features/ventas/components/detalle-venta-modal.tsx',
      'features/ventas/pedido/pagina-pedido.tsx',
      'lib/formato.ts',
    ]);
  });

  it('the features form no cycle: a feature showing part of another imports a feature below it, or gets the part through a slot', () => {
    const grafo = new Map<string, string[]>();
    for (const [archivo, destinos] of importaciones) {
      const propia = featureDe(archivo)!;
      const otras = grafo.get(propia) ?? [];
      for (const destino of destinos) {
        const otra = featureDe(destino);
        if (otra && otra !== propia && !otras.includes(otra)) otras.push(otra);
      }
      grafo.set(propia, otras.sort());
    }
    expect(cicloDe(grafo)).toBeNull();
  });

  it('the files of features/ form no import cycle', () => {
    expect(cicloDe(importaciones)).toBeNull();
  });

  it('no feature imports app/, and components/ and lib/ import neither app/ nor a feature', () => {
    const haciaArriba: string[] = [];
    for (const [archivo, destinos] of importaciones) {
      for (const destino of destinos) if (destino.startsWith('app/')) haciaArriba.push(`${archivo} → ${destino}`);
    }
    for (const archivo of [...fuentes('components'), ...fuentes('lib')]) {
      for (const destino of importacionesDe(archivo, readFileSync(path.join(SRC, archivo), 'utf8'))) {
        if (destino.startsWith('app/') || destino.startsWith('features/')) haciaArriba.push(`${archivo} → ${destino}`);
      }
    }
    expect(haciaArriba).toEqual([]);
  });
});
