import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CARACTERES_NO_PERMITIDOS, MENSAJE_CARACTERES_NO_PERMITIDOS } from '@tablero/domain';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Top-level body fields whose texts the route's service checks for control characters itself, to answer a
     * message of its own (the inventory CSV: 'El archivo no es un CSV de texto…'). Every other text is checked here.
     */
    textosRevisadosPorServicio?: readonly string[];
  }
}

/** Fields listed in one 422 at most: a 10 MB body full of NULs must not answer a 10 MB error. */
const MAXIMO_CAMPOS = 50;

/** A container (object or array) still to visit, with what is needed to name its fields. */
interface Nodo {
  valor: object;
  padre: Nodo | null;
  clave: string;
}

/** 'productoList.0.cantidad': the dotted path of a field, as the schemas' 422s name it (plugins/errors.ts). */
function rutaDe(padre: Nodo | null, clave: string): string {
  const partes = [clave];
  for (let nodo = padre; nodo; nodo = nodo.padre) if (nodo.padre) partes.push(nodo.clave);
  return partes.reverse().join('.');
}

/** A key that itself holds control characters, named with them written out ('ref\u0000' → 'ref\\u0000'). */
function claveLegible(clave: string): string {
  // eslint-disable-next-line no-control-regex -- writing control characters out is the point
  return clave.replace(/[\u0000-\u001F\u007F\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The fields of `raiz` whose text (or key) holds a character PostgreSQL cannot store, by dotted path; '_' for a root
 * that is itself such a text. An explicit stack instead of recursion, so a deeply nested body cannot overflow the call
 * stack; texts are tested where they are met, only containers are pushed, and a path is built only for a field that
 * fails, so a 10 MB CSV body costs one regex test per text and nothing else.
 */
export function camposConCaracteresNoPermitidos(raiz: unknown, omitir: readonly string[] = []): string[] {
  const campos: string[] = [];
  if (typeof raiz === 'string') return CARACTERES_NO_PERMITIDOS.test(raiz) ? ['_'] : [];
  if (typeof raiz !== 'object' || raiz === null) return campos;
  const pila: Nodo[] = [{ valor: raiz, padre: null, clave: '' }];
  while (pila.length > 0 && campos.length < MAXIMO_CAMPOS) {
    const nodo = pila.pop()!;
    const revisar = (valor: unknown, clave: string) => {
      if (typeof valor === 'string') {
        if (CARACTERES_NO_PERMITIDOS.test(valor)) campos.push(rutaDe(nodo, clave));
      } else if (typeof valor === 'object' && valor !== null) {
        pila.push({ valor, padre: nodo, clave });
      }
    };
    if (Array.isArray(nodo.valor)) {
      for (let i = 0; i < nodo.valor.length; i++) revisar(nodo.valor[i], String(i));
    } else {
      const raizDelCuerpo = nodo.padre === null;
      for (const [clave, valor] of Object.entries(nodo.valor)) {
        if (CARACTERES_NO_PERMITIDOS.test(clave)) campos.push(rutaDe(nodo, claveLegible(clave)));
        if (raizDelCuerpo && omitir.includes(clave)) continue;
        revisar(valor, clave);
      }
    }
  }
  return campos.slice(0, MAXIMO_CAMPOS);
}

/**
 * Input limits, once (docs/architecture.md §4): no text of a request may carry NUL, other C0 controls (tab, line feed
 * and carriage return aside), DEL or a lone surrogate. PostgreSQL's text cannot hold NUL, so such a text used to end in
 * a 500 on every route that stores or searches it. A preValidation hook, so that the session (401) and role (403)
 * refusals of the onRequest hook still come first, and a bad text is refused before any schema or service sees it:
 * - in a path parameter it names nothing: 404, like a path id no row can have;
 * - in the body or the query string: 422 naming each field by its dotted path.
 */
export const entradaPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (camposConCaracteresNoPermitidos(request.params).length > 0) throw new AppError('NO_ENCONTRADO');
      const campos = [
        ...camposConCaracteresNoPermitidos(request.query),
        ...camposConCaracteresNoPermitidos(request.body, request.routeOptions.config.textosRevisadosPorServicio),
      ];
      if (campos.length === 0) return;
      const errores: Record<string, string[]> = {};
      for (const campo of campos.slice(0, MAXIMO_CAMPOS)) errores[campo] = [MENSAJE_CARACTERES_NO_PERMITIDOS];
      throw new AppError('DATOS_INVALIDOS', MENSAJE_CARACTERES_NO_PERMITIDOS, errores);
    });
  },
  // Named, so that `app.hasPlugin('entrada')` tells whether an app already checks its input.
  { name: 'entrada' },
);
