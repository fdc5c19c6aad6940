import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is changing data and from where, for the audit trail that PostgreSQL writes (migration
 * 202612010000_create_auditoria: an AFTER trigger on each audited table reads the session setting
 * `tablero.auditoria`). The request's hook runs the rest of the request inside `conContextoAuditoria`; the app's pg
 * client (database.ts) sets the setting on its connection before a transaction or a lone write, so every service and
 * repository records who did what without passing it along. Work outside a request (demo data, jobs) has no context:
 * its changes are recorded without a user.
 */
export interface ContextoAuditoria {
  /** The request has been answered: whatever still runs in its context is not the user's doing. */
  terminada: boolean;
  usuario_id: number | null;
  rol: string | null;
  codigo_tienda: string | null;
  ip: string | null;
  request_id: string | null;
}

/** The context is read when a statement is sent, not when the request starts: the session is known only after auth. */
const almacen = new AsyncLocalStorage<() => ContextoAuditoria>();

/** Runs `trabajo` (and everything it starts) with `leer` as the audit context. */
export function conContextoAuditoria<T>(leer: () => ContextoAuditoria, trabajo: () => T): T {
  return almacen.run(leer, trabajo);
}

/** The setting's value for the current async context: its JSON, or '' outside any request. */
export function contextoAuditoriaActual(): string {
  const leer = almacen.getStore();
  if (!leer) return '';
  const { terminada, ...contexto } = leer();
  return terminada ? '' : JSON.stringify(contexto);
}

/** The statement's first word, past the mark of a prepared statement: what kind of statement it is. */
const PRIMERA_PALABRA = /^\s*(?:\/\*[^*]*\*\/\s*)?([A-Za-z]+)/;
/** A WITH that writes (a data-modifying CTE); a WITH that only reads needs no context. */
const ESCRIBE = /\b(?:insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/**
 * What a connection must send for the audit context before a statement: the value, and whether it is set inside the
 * transaction the statement opens (`begin`; set local to it, sent in the begin's own round trip) or on the session
 * (a lone write).
 */
export interface AjusteAuditoria {
  valor: string;
  enTransaccion: boolean;
}

/**
 * The audit context of one pg connection: which value its session holds, and whether a transaction is open (a
 * transaction took the context at its start).
 */
export class ContextoDeConexion {
  private valor = '';
  private enTransaccion = false;

  /**
   * What to set on the connection before `texto` runs, or null when the connection already holds the right value or
   * the statement cannot write. Called for every statement, in the order they are sent.
   *
   * A transaction's context is set local to it, in the same round trip as its `begin` (database.ts): a bill is one
   * round trip shorter (docs/decisions.md, "Una factura en pocas sentencias"), and the session's own value, which a
   * rollback could not undo, is left as it was. A lone write sets the session's value, remembered here.
   */
  antesDe(texto: string): AjusteAuditoria | null {
    const palabra = PRIMERA_PALABRA.exec(texto)?.[1]?.toLowerCase() ?? '';
    if (palabra === 'commit' || palabra === 'rollback') {
      this.enTransaccion = false;
      return null;
    }
    if (this.enTransaccion || palabra === 'select' || palabra === 'set' || palabra === 'show') return null;
    if (palabra === 'with' && !ESCRIBE.test(texto)) return null;
    const deseado = contextoAuditoriaActual();
    if (palabra === 'begin' || palabra === 'start') {
      this.enTransaccion = true;
      return deseado === this.valor ? null : { valor: deseado, enTransaccion: true };
    }
    if (deseado === this.valor) return null;
    this.valor = deseado;
    return { valor: deseado, enTransaccion: false };
  }
}
