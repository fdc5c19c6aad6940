// What the boundary tests of the server and the web share (apps/server/src/modules/fronteras.test.ts,
// apps/web/src/features/fronteras.test.ts): the import specifiers of a source file and the cycle of a graph. Each test
// resolves the specifiers its own way (module folders on the server, '@/' and files on the web).

/** The specifiers `texto` imports: static, type-only, re-exports, side-effect imports and lazy `import()` alike. */
export function especificadoresDe(texto: string): string[] {
  return [
    ...texto.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*'([^']+)'/gm),
    ...texto.matchAll(/^\s*import\s*'([^']+)'/gm),
    ...texto.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
}

/** A cycle of `grafo` as a path 'a → b → a', or null. */
export function cicloDe(grafo: ReadonlyMap<string, readonly string[]>): string | null {
  const estado = new Map<string, 'abierto' | 'cerrado'>();
  const pila: string[] = [];
  const visitar = (nodo: string): string | null => {
    if (estado.get(nodo) === 'cerrado') return null;
    if (estado.get(nodo) === 'abierto') return [...pila.slice(pila.indexOf(nodo)), nodo].join(' → ');
    estado.set(nodo, 'abierto');
    pila.push(nodo);
    for (const siguiente of grafo.get(nodo) ?? []) {
      const ciclo = visitar(siguiente);
      if (ciclo) return ciclo;
    }
    pila.pop();
    estado.set(nodo, 'cerrado');
    return null;
  };
  for (const nodo of grafo.keys()) {
    const ciclo = visitar(nodo);
    if (ciclo) return ciclo;
  }
  return null;
}
