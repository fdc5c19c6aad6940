import { useState, useSyncExternalStore } from 'react';
import { estadoInicial, reducirCorte, type Accion, type EstadoCorte } from './corte.logica';

/**
 * The cutting dialog's state, kept outside React: the dialog and its tables each subscribe to it. A typed key then
 * re-renders the dialog and, on their own, the tables, while the tabs and scroll area between them (memoised) are left
 * alone. Were the rows fed through the tabs, or through a context, React would walk each of the 200 memoised rows on
 * every key looking for readers of the tabs' and scroll area's new context values (about 10 ms a key, measured in
 * e2e/tests/rendimiento-pedido.spec.ts).
 */
export interface AlmacenCorte {
  leer: () => EstadoCorte;
  suscribir: (oyente: () => void) => () => void;
  /** Runs reducirCorte at once and tells the subscribers; stable, like useReducer's dispatch. */
  dispatch: (accion: Accion) => void;
}

export function crearAlmacenCorte(inicial: EstadoCorte): AlmacenCorte {
  let estado = inicial;
  const oyentes = new Set<() => void>();
  return {
    leer: () => estado,
    suscribir: (oyente) => {
      oyentes.add(oyente);
      return () => oyentes.delete(oyente);
    },
    dispatch: (accion) => {
      const siguiente = reducirCorte(estado, accion);
      if (siguiente === estado) return;
      estado = siguiente;
      for (const oyente of oyentes) oyente();
    },
  };
}

/** The dialog's store for a board line, created once per dialog. */
export function useAlmacenCorte(linea: Parameters<typeof estadoInicial>[0]): AlmacenCorte {
  const [almacen] = useState(() => crearAlmacenCorte(estadoInicial(linea)));
  return almacen;
}

/** The whole state; re-renders on every change. */
export function useEstadoCorte(almacen: AlmacenCorte): EstadoCorte {
  return useSyncExternalStore(almacen.suscribir, almacen.leer);
}
