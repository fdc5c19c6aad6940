import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of informe-ventas: every query of the feature starts with `todas`. */
export const clavesInformeVentas = {
  todas: raicesConsulta.informeVentas,
  informe: (filtro: object) => [...clavesInformeVentas.todas, 'informe', filtro] as const,
  comisiones: () => [...clavesInformeVentas.todas, 'comisiones'] as const,
};
