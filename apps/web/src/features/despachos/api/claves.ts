import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of despachos: every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesDespachos = {
  todas: raicesConsulta.despachos,
  /** A page of POST despachos/turnos for its filters, page and size. */
  turnos: (consulta: object) => [...clavesDespachos.todas, 'turnos', consulta] as const,
  /** GET despachos/venta/{id}: the sale and its turn for the dispatch dialog. */
  venta: (ventaId: number) => [...clavesDespachos.todas, 'venta', ventaId] as const,
  /** GET terceros?role=Mensajero&no_page=1: the messengers offered when dispatching. */
  mensajeros: () => [...clavesDespachos.todas, 'mensajeros'] as const,
};
