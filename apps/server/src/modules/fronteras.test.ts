// The modules' boundaries, checked against the code and the migrated database (docs/architecture.md §2):
// every table has one owning module, every write of a module lands on a table it owns or declares, and the
// dependencies between modules (declared and real imports) form no cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { crearBaseDePrueba } from '../../test/app';
import { MODULOS } from '.';

const RAIZ = path.dirname(fileURLToPath(import.meta.url));
/** Tables of the frameworks, owned by no module (Kysely's migrations; the realtime adapter's, plugins/tiempo-real.ts). */
const TABLAS_DE_FRAMEWORK = new Set(['kysely_migration', 'kysely_migration_lock', 'socket_io_attachments']);

const carpetas = readdirSync(RAIZ).filter((nombre) => statSync(path.join(RAIZ, nombre)).isDirectory());
const porNombre = new Map(MODULOS.map((modulo) => [modulo.nombre, modulo]));

/** The module's sources (not its tests), relative to modules/, with their text. */
function fuentesDe(modulo: string): { archivo: string; texto: string }[] {
  const salida: { archivo: string; texto: string }[] = [];
  const recorrer = (carpeta: string) => {
    for (const nombre of readdirSync(carpeta)) {
      const ruta = path.join(carpeta, nombre);
      if (statSync(ruta).isDirectory()) recorrer(ruta);
      else if (nombre.endsWith('.ts') && !nombre.endsWith('.test.ts')) {
        salida.push({ archivo: path.relative(RAIZ, ruta), texto: readFileSync(ruta, 'utf8') });
      }
    }
  };
  recorrer(path.join(RAIZ, modulo));
  return salida;
}

/** The line of `indice` in `texto`, for messages. */
const lineaDe = (texto: string, indice: number) => texto.slice(0, indice).split('\n').length;

interface Escritura {
  tabla: string;
  donde: string;
  /** Columns an UPDATE sets, when they can be read from `.set({ … })`. */
  columnas?: string[];
}

/** The keys of the object literal that opens at `texto[inicio] === '{'` (top level only). */
function clavesDeObjeto(texto: string, inicio: number): string[] {
  let profundidad = 0;
  let plano = '';
  for (let i = inicio; i < texto.length; i++) {
    const c = texto[i]!;
    if (c === '{' || c === '(' || c === '[') profundidad++;
    else if (c === '}' || c === ')' || c === ']') profundidad--;
    else if (c === '`') {
      i = texto.indexOf('`', i + 1);
      continue;
    } else if (profundidad === 1) plano += c;
    if (profundidad === 0) break;
  }
  return [...plano.matchAll(/(?:^|,)\s*([a-z_][a-z0-9_]*)\s*:/g)].map((m) => m[1]!);
}

/** Every write in `texto`: Kysely builders and raw SQL inside sql`…` templates. */
function escriturasDe(archivo: string, texto: string): Escritura[] {
  const escrituras: Escritura[] = [];
  for (const m of texto.matchAll(/\b(insertInto|updateTable|deleteFrom|mergeInto|replaceInto|into)\(\s*'([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?'/g)) {
    const escritura: Escritura = { tabla: m[2]!, donde: `${archivo}:${lineaDe(texto, m.index)}` };
    if (m[1] === 'updateTable') {
      const resto = texto.slice(m.index);
      const fin = resto.search(/\.execute\w*\(/);
      const set = /\.set\(\s*\{/.exec(fin === -1 ? resto : resto.slice(0, fin));
      if (set) escritura.columnas = clavesDeObjeto(resto, set.index + set[0].length - 1);
    }
    escrituras.push(escritura);
  }
  for (const plantilla of texto.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) {
    const cuerpo = plantilla[1]!.replace(/--[^\n]*/g, '');
    const inicio = plantilla.index + plantilla[0].indexOf('`') + 1;
    for (const m of cuerpo.matchAll(/\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) {
      escrituras.push({ tabla: m[1]!.toLowerCase(), donde: `${archivo}:${lineaDe(texto, inicio + m.index)}` });
    }
  }
  return escrituras;
}

/** The module folders `archivo` (relative to modules/) imports, other than its own. */
function importacionesDe(archivo: string, texto: string): string[] {
  const propio = archivo.split(path.sep)[0];
  const destinos = new Set<string>();
  const especificadores = [
    ...texto.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*'([^']+)'/gm),
    ...texto.matchAll(/^\s*import\s*'([^']+)'/gm),
    ...texto.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  for (const especificador of especificadores) {
    if (!especificador.startsWith('.')) continue;
    const relativo = path.relative(RAIZ, path.resolve(RAIZ, path.dirname(archivo), especificador));
    if (relativo.startsWith('..')) continue;
    const partes = relativo.split(path.sep);
    if (partes.length === 1 && partes[0] !== 'modulo' && carpetas.includes(partes[0]!)) destinos.add(partes[0]!);
    else if (partes.length > 1 && partes[0] !== propio) destinos.add(partes[0]!);
  }
  destinos.delete(propio!);
  return [...destinos].sort();
}

/** A cycle of `grafo` as a path 'a → b → a', or null. */
function cicloDe(grafo: Map<string, string[]>): string | null {
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

describe('module boundaries', () => {
  it('lists every module folder once in MODULOS, under its folder name, each with a door', () => {
    const problemas: string[] = [];
    for (const carpeta of carpetas) {
      if (!readdirSync(path.join(RAIZ, carpeta)).includes('index.ts')) problemas.push(`${carpeta}: no door (index.ts)`);
      const veces = MODULOS.filter((modulo) => modulo.nombre === carpeta).length;
      if (veces !== 1) problemas.push(`${carpeta}: ${veces} times in MODULOS`);
    }
    for (const modulo of MODULOS) if (!carpetas.includes(modulo.nombre)) problemas.push(`${modulo.nombre}: in MODULOS, no folder`);
    expect(problemas).toEqual([]);
  });

  describe('every table of the migrated database has exactly one owning module', () => {
    let db: Awaited<ReturnType<typeof crearBaseDePrueba>> | undefined;
    afterAll(() => db?.destroy());

    it('owned by none or by two fails, as does a declared table that does not exist', async () => {
      db = await crearBaseDePrueba();
      const { rows } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
      const tablas = rows.map((fila) => fila.table_name).filter((tabla) => !TABLAS_DE_FRAMEWORK.has(tabla));
      expect(tablas.length).toBeGreaterThan(30);

      const duenos = new Map<string, string[]>();
      for (const modulo of MODULOS) {
        for (const tabla of modulo.tablas) duenos.set(tabla, [...(duenos.get(tabla) ?? []), modulo.nombre]);
      }
      const sinDueno = tablas.filter((tabla) => !duenos.has(tabla));
      const conVarios = [...duenos].filter(([, modulos]) => modulos.length > 1).map(([tabla, modulos]) => `${tabla}: ${modulos.join(', ')}`);
      const inexistentes = [...duenos.keys()].filter((tabla) => !tablas.includes(tabla));
      expect({ sinDueno, conVarios, inexistentes }).toEqual({ sinDueno: [], conVarios: [], inexistentes: [] });
    });
  });

  it("every write in a module's sources targets a table it owns or declares in escribeEn (and only the declared columns)", () => {
    const problemas: string[] = [];
    let vistas = 0;
    for (const modulo of MODULOS) {
      for (const { archivo, texto } of fuentesDe(modulo.nombre)) {
        for (const escritura of escriturasDe(archivo, texto)) {
          vistas++;
          if (modulo.tablas.includes(escritura.tabla as never)) continue;
          const columnas = (modulo.escribeEn as Record<string, readonly string[] | undefined>)[escritura.tabla];
          if (!columnas) {
            problemas.push(`${escritura.donde}: ${modulo.nombre} writes ${escritura.tabla}, neither owned nor in escribeEn`);
            continue;
          }
          const ajenas = (escritura.columnas ?? []).filter((columna) => !columnas.includes(columna));
          if (ajenas.length > 0) problemas.push(`${escritura.donde}: ${modulo.nombre} sets ${escritura.tabla}.${ajenas.join(', ')}, not in escribeEn`);
        }
      }
      for (const tabla of Object.keys(modulo.escribeEn)) {
        if (modulo.tablas.includes(tabla as never)) problemas.push(`${modulo.nombre}: escribeEn names its own table ${tabla}`);
      }
    }
    // The scan finds the writes at all (a broken pattern would pass everything).
    expect(vistas).toBeGreaterThan(40);
    expect(problemas).toEqual([]);
  });

  it('the dependencies form no cycle: dependeDe comes first in MODULOS, and equals the modules really imported', () => {
    const problemas: string[] = [];
    const declarado = new Map<string, string[]>();
    const real = new Map<string, string[]>();
    MODULOS.forEach((modulo, posicion) => {
      declarado.set(modulo.nombre, [...modulo.dependeDe]);
      for (const dependencia of modulo.dependeDe) {
        if (!porNombre.has(dependencia)) problemas.push(`${modulo.nombre} depends on ${dependencia}, which is no module`);
        else if (MODULOS.findIndex((otro) => otro.nombre === dependencia) >= posicion) {
          problemas.push(`${modulo.nombre} depends on ${dependencia}, which comes later in MODULOS`);
        }
      }
      const importados = new Map<string, string>();
      for (const { archivo, texto } of fuentesDe(modulo.nombre)) {
        for (const destino of importacionesDe(archivo, texto)) if (!importados.has(destino)) importados.set(destino, archivo);
      }
      real.set(modulo.nombre, [...importados.keys()]);
      for (const [destino, archivo] of importados) {
        if (!modulo.dependeDe.includes(destino)) problemas.push(`${archivo} imports ${destino}, not in ${modulo.nombre}'s dependeDe`);
      }
      for (const dependencia of modulo.dependeDe) {
        if (!importados.has(dependencia)) problemas.push(`${modulo.nombre} declares ${dependencia} in dependeDe but imports nothing of it`);
      }
    });
    const cicloDeclarado = cicloDe(declarado);
    const cicloReal = cicloDe(real);
    if (cicloDeclarado) problemas.push(`declared cycle: ${cicloDeclarado}`);
    if (cicloReal) problemas.push(`import cycle: ${cicloReal}`);
    expect(problemas).toEqual([]);
  });
});
