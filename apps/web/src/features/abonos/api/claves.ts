import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of abonos (a customer's prepaid balance: its history, and Anticipos): every query of the feature starts with `todas`, so one invalidation refreshes them all. */
export const clavesAbonos = {
  todas: raicesConsulta.abonos,
  historial: (consulta: object) => [...clavesAbonos.todas, 'historial', consulta] as const,
  anticipos: (consulta: object) => [...clavesAbonos.todas, 'anticipos', consulta] as const,
  movimientos: (clienteId: number, consulta: object) => [...clavesAbonos.todas, 'movimientos', clienteId, consulta] as const,
};
