function contiene(path: string, actual: string): boolean {
  return path === '/' ? actual === '/' : actual === path || actual.startsWith(`${path}/`);
}

/** The menu entry of the screen open: the longest path that holds it, so /produccion/generar lights only its own entry, not /produccion's too. */
export function entradaActiva(paths: readonly string[], actual: string): string | undefined {
  return paths.filter((path) => contiene(path, actual)).sort((a, b) => b.length - a.length)[0];
}
