// The modules' boundaries, checked against the code and the migrated database (docs/architecture.md §2):
// every table has one owning module, every write of a module lands on a table it owns or declares, and the
// dependencies between modules (declared and real imports) form no cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { cicloDe, especificadoresDe } from '../../../../scripts/grafo-importaciones';
import { crearBaseDePrueba } from '../../test/app';
import { MODULOS } from '.';

const RAIZ = path.dirname(fileURLToPath(import.meta.url));
/** Tables of the frameworks, owned by no module (Kysely's migrations; the realtime adapter's, plugins/tiempo-real.ts). */
const TABLAS_DE_FRAMEWORK = new Set(['kysely_migration', 'kysely_migration_lock', 'socket_io_attachments']);

/**
 * The ledgers (docs/architecture.md §3): the tables of money and stock movements, each with the one module that writes
 * it. Another module reaches a ledger through its owner's door (`abonos.usarAbono`,
 * `cuentas-credito.cargarCredito`, `inventario.…`); no escribeEn may name it, not even one column.
 */
const LIBROS: Readonly<Record<string, string>> = {
  cuenta_credito_movimiento: 'cuentas-credito',
  cuenta_credito_movimiento_forma_pago: 'cuentas-credito',
  abono_tercero: 'abonos',
  inventario_movimiento: 'inventario',
  egreso: 'egresos-ingresos',
  egreso_historial: 'egresos-ingresos',
  ingreso: 'egresos-ingresos',
  ingreso_historial: 'egresos-ingresos',
  pago_proveedor: 'pagos-proveedores',
  pago_proveedor_forma_pago: 'pagos-proveedores',
  pago_proveedor_historial: 'pagos-proveedores',
  venta_forma_pago: 'ventas',
  devolucion_dinero: 'devoluciones',
  retal_movimiento: 'retales',
};
/** A ledger's running balance kept on a row of another table (table.column): only the ledger's owner sets it. */
const SALDOS_DE_LIBRO: Readonly<Record<string, string>> = {
  'tercero.saldo_abono': 'abonos',
  'cuenta_credito.total_credito': 'cuentas-credito',
  'inventario.cantidad': 'inventario',
};

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

/** The server's sources outside modules/ (db, lib, plugins, seeds; not the migrations, not tests), relative to modules/. */
function fuentesFueraDeModulos(): { archivo: string; texto: string }[] {
  const src = path.dirname(RAIZ);
  const salida: { archivo: string; texto: string }[] = [];
  const recorrer = (carpeta: string) => {
    for (const nombre of readdirSync(carpeta)) {
      const ruta = path.join(carpeta, nombre);
      if (ruta === RAIZ || ruta === path.join(src, 'db', 'migrations')) continue;
      if (statSync(ruta).isDirectory()) recorrer(ruta);
      else if (nombre.endsWith('.ts') && !nombre.endsWith('.test.ts')) salida.push({ archivo: path.relative(RAIZ, ruta), texto: readFileSync(ruta, 'utf8') });
    }
  };
  recorrer(src);
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

/** The columns a raw `update … set a = …, b = …` assigns (commas inside parentheses belong to an expression). */
function columnasDeSet(asignaciones: string): string[] {
  const columnas: string[] = [];
  let profundidad = 0;
  let inicio = 0;
  for (let i = 0; i <= asignaciones.length; i++) {
    const c = asignaciones[i];
    if (c === '(') profundidad++;
    else if (c === ')') profundidad--;
    else if ((c === ',' && profundidad === 0) || c === undefined) {
      const columna = /^\s*"?([a-z_][a-z0-9_]*)"?\s*=/i.exec(asignaciones.slice(inicio, i))?.[1];
      if (columna) columnas.push(columna.toLowerCase());
      inicio = i + 1;
    }
  }
  return columnas;
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
    for (const m of cuerpo.matchAll(/\b(insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) {
      const escritura: Escritura = { tabla: m[2]!.toLowerCase(), donde: `${archivo}:${lineaDe(texto, inicio + m.index)}` };
      if (/^update$/i.test(m[1]!)) {
        const set = /^[^;]*?\bset\s+([\s\S]*?)(?:\bfrom\b|\bwhere\b|\breturning\b|$)/i.exec(cuerpo.slice(m.index + m[0].length));
        if (set) escritura.columnas = columnasDeSet(set[1]!);
      }
      escrituras.push(escritura);
    }
  }
  return escrituras;
}

/** The module folders `archivo` (relative to modules/) imports, other than its own. */
function importacionesDe(archivo: string, texto: string): string[] {
  const propio = archivo.split(path.sep)[0];
  const destinos = new Set<string>();
  const especificadores = especificadoresDe(texto);
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

  it('reads the writes of Kysely builders and of raw SQL, with the columns an update sets', () => {
    const texto = [
      "await trx.insertInto('abono_tercero').values(fila).execute();",
      "await db.updateTable('tercero').set({ saldo_abono: sql`saldo_abono + 1`, updated_at: sql`now()` }).where('id', '=', 1).execute();",
      'await sql`insert into inventario_movimiento (codigo_tienda) values (${tienda})`.execute(db);',
      'await sql`update inventario i set cantidad = v.cantidad, precio_unitario = coalesce(v.p, 0) from unnest(${a}::int[]) as v where i.id = 1`.execute(db);',
      "await db.deleteFrom('pago_proveedor_forma_pago').where('pago_proveedor_id', '=', 1).execute();",
    ].join('\n');
    expect(escriturasDe('x.repository.ts', texto)).toEqual([
      { tabla: 'abono_tercero', donde: 'x.repository.ts:1' },
      { tabla: 'tercero', donde: 'x.repository.ts:2', columnas: ['saldo_abono', 'updated_at'] },
      { tabla: 'pago_proveedor_forma_pago', donde: 'x.repository.ts:5' },
      { tabla: 'inventario_movimiento', donde: 'x.repository.ts:3' },
      { tabla: 'inventario', donde: 'x.repository.ts:4', columnas: ['cantidad', 'precio_unitario'] },
    ]);
  });

  it('every ledger has exactly one writer: the module that owns it; others go through its door', () => {
    const problemas: string[] = [];
    for (const [tabla, dueno] of Object.entries(LIBROS)) {
      const duenos = MODULOS.filter((modulo) => modulo.tablas.includes(tabla as never)).map((modulo) => modulo.nombre);
      if (duenos.join() !== dueno) problemas.push(`${tabla}: the ledger of ${dueno}, owned by ${duenos.join(', ') || 'none'}`);
    }
    for (const [columna, dueno] of Object.entries(SALDOS_DE_LIBRO)) {
      const [tabla, nombre] = columna.split('.') as [string, string];
      for (const modulo of MODULOS) {
        const columnas = (modulo.escribeEn as Record<string, readonly string[] | undefined>)[tabla];
        if (modulo.nombre !== dueno && columnas?.includes(nombre)) problemas.push(`${modulo.nombre}: escribeEn names ${columna}, the balance of ${dueno}'s ledger`);
      }
    }
    /** The files that write each ledger: inside its owner too, one repository writes it (`asentar`'s, `insertMovimientoAbono`'s). */
    const archivosPorLibro = new Map<string, Set<string>>();
    for (const modulo of MODULOS) {
      for (const tabla of Object.keys(modulo.escribeEn)) {
        if (LIBROS[tabla]) problemas.push(`${modulo.nombre}: escribeEn names ${tabla}, a ledger of ${LIBROS[tabla]}`);
      }
      for (const { archivo, texto } of fuentesDe(modulo.nombre)) {
        for (const escritura of escriturasDe(archivo, texto)) {
          const dueno = LIBROS[escritura.tabla];
          if (dueno) archivosPorLibro.set(escritura.tabla, (archivosPorLibro.get(escritura.tabla) ?? new Set()).add(archivo));
          if (dueno && dueno !== modulo.nombre) problemas.push(`${escritura.donde}: ${modulo.nombre} writes ${escritura.tabla}, the ledger of ${dueno}`);
          for (const columna of escritura.columnas ?? []) {
            const duenoSaldo = SALDOS_DE_LIBRO[`${escritura.tabla}.${columna}`];
            if (duenoSaldo && duenoSaldo !== modulo.nombre) problemas.push(`${escritura.donde}: ${modulo.nombre} sets ${escritura.tabla}.${columna}, the balance of ${duenoSaldo}'s ledger`);
          }
        }
      }
    }
    for (const [tabla, archivos] of archivosPorLibro) {
      if (archivos.size > 1) problemas.push(`${tabla} is written from ${[...archivos].sort().join(', ')}: one repository writes a ledger`);
    }
    // Seeds, plugins and jobs write a ledger through its owner's door too.
    for (const { archivo, texto } of fuentesFueraDeModulos()) {
      for (const escritura of escriturasDe(archivo, texto)) {
        if (LIBROS[escritura.tabla]) problemas.push(`${escritura.donde}: writes ${escritura.tabla} outside ${LIBROS[escritura.tabla]}`);
        for (const columna of escritura.columnas ?? []) {
          const duenoSaldo = SALDOS_DE_LIBRO[`${escritura.tabla}.${columna}`];
          if (duenoSaldo) problemas.push(`${escritura.donde}: sets ${escritura.tabla}.${columna} outside ${duenoSaldo}`);
        }
      }
    }
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

/**
 * Where a `*.routes.ts` builds a zod schema of its own: an import of zod, or a call on `z` (`z.object(…)`,
 * `z.string()`), outside comments. Its contracts belong to packages/domain (docs/architecture.md §4).
 */
function esquemasPropiosDe(archivo: string, texto: string): string[] {
  const sinComentarios = texto.replace(/\/\*[\s\S]*?\*\//g, (bloque) => bloque.replace(/[^\n]/g, ' ')).replace(/^(\s*)\/\/.*$/gm, '$1');
  const problemas = especificadoresDe(sinComentarios)
    .filter((especificador) => especificador === 'zod' || especificador.startsWith('zod/'))
    .map((especificador) => `${archivo}: imports '${especificador}'`);
  for (const m of sinComentarios.matchAll(/\bz\s*\.\s*[A-Za-z_$]\w*/g)) problemas.push(`${archivo}:${lineaDe(sinComentarios, m.index)}: ${m[0]}`);
  return problemas;
}

describe('one contract per route (docs/architecture.md §4)', () => {
  it('no *.routes.ts under src builds a zod schema: params, querystring, body and answers come from packages/domain', () => {
    const rutas = [...carpetas.flatMap(fuentesDe), ...fuentesFueraDeModulos()].filter(({ archivo }) => archivo.endsWith('.routes.ts'));
    expect(rutas.length).toBeGreaterThan(30);
    expect(rutas.flatMap(({ archivo, texto }) => esquemasPropiosDe(archivo, texto))).toEqual([]);
  });

  it('sees an import of zod and a call on z, not a comment nor a schema of the domain', () => {
    const texto = [
      "import { z } from 'zod';",
      "import { idParamsSchema, respuestaDatos } from '@tablero/domain';",
      '// z.object is what the domain builds',
      'const a = respuestaDatos(idParamsSchema);',
      'const b = z.object({ id: z.string() });',
    ].join('\n');
    expect(esquemasPropiosDe('x.routes.ts', texto)).toEqual(["x.routes.ts: imports 'zod'", 'x.routes.ts:5: z.object', 'x.routes.ts:5: z.string']);
  });
});
