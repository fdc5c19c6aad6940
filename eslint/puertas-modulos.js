// Local ESLint plugin: a server module is entered only through its door (modules/<name>/index.ts).
// Plain JS, no dependency: the rule resolves each relative import against the importing file and compares module
// folders, which a glob in no-restricted-imports cannot do ("any module but my own").
import path from 'node:path';

const RAIZ_MODULOS = path.join('apps', 'server', 'src', 'modules');

/** The module folder `archivo` (absolute) lies in, or null; files directly in modules/ (the list, the helper) are in none. */
function moduloDe(archivo, raizModulos) {
  const relativo = path.relative(raizModulos, archivo);
  if (relativo.startsWith('..') || path.isAbsolute(relativo)) return null;
  const partes = relativo.split(path.sep);
  return partes.length >= 2 ? partes[0] : null;
}

const puertaDeModulo = {
  meta: {
    type: 'problem',
    docs: { description: 'Outside a server module, import it only through its door (modules/<name>), never its files.' },
    schema: [],
    messages: {
      puerta:
        "Import the module '{{modulo}}' through its door ('{{puerta}}'), not '{{ruta}}': only its own files reach inside it (docs/architecture.md §2).",
      repositorio: "A module's door exports its service, never its repository ('{{ruta}}'): other modules call the service.",
    },
  },
  create(context) {
    const archivo = context.physicalFilename ?? context.filename;
    const raizModulos = path.join(context.cwd, RAIZ_MODULOS);
    const propio = moduloDe(archivo, raizModulos);

    const esPuerta = propio !== null && path.relative(path.join(raizModulos, propio), archivo) === 'index.ts';

    function revisar(nodo) {
      const ruta = nodo.source && nodo.source.value;
      if (typeof ruta !== 'string' || !ruta.startsWith('.')) return;
      if (esPuerta && nodo.type !== 'ImportDeclaration' && /\.repository(\.ts)?$/.test(ruta)) {
        context.report({ node: nodo.source, messageId: 'repositorio', data: { ruta } });
        return;
      }
      const destino = path.resolve(path.dirname(archivo), ruta);
      const modulo = moduloDe(destino, raizModulos);
      if (modulo === null || modulo === propio) return;
      // The door itself: modules/<name> (or its index file) is the one way in.
      const dentro = path.relative(path.join(raizModulos, modulo), destino);
      if (dentro === '' || /^index(\.ts)?$/.test(dentro)) return;
      const puerta = path.relative(path.dirname(archivo), path.join(raizModulos, modulo)).split(path.sep).join('/');
      context.report({
        node: nodo.source,
        messageId: 'puerta',
        data: { modulo, ruta, puerta: puerta.startsWith('.') ? puerta : `./${puerta}` },
      });
    }

    return {
      ImportDeclaration: revisar,
      ExportNamedDeclaration: revisar,
      ExportAllDeclaration: revisar,
      ImportExpression: revisar,
    };
  },
};

export default { meta: { name: 'puertas-modulos' }, rules: { 'puerta-de-modulo': puertaDeModulo } };
