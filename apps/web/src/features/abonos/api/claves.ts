import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of abonos (Anticipos): every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesAbonos = {
  todas: raicesConsulta.abonos,
  anticipos: (consulta: object) => [...clavesAbonos.todas, 'anticipos', consulta] as const,
  movimientos: (clienteId: number, consulta: object) => [...clavesAbonos.todas, 'movimientos', clienteId, consulta] as const,
};
