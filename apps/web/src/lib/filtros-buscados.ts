import { useState } from 'react';

/**
 * The filters a list's Buscar applies (the filter bars of production, dispatch and audit, components/formulario-filtros):
 * new filters take effect, back on page 1 when the list pages; the same ones again read the list again, so Buscar
 * always answers.
 */
export function useFiltrosBuscados<F>(iniciales: F | (() => F), lista?: { irAPagina: (pagina: number) => void }) {
  const [filtros, setFiltros] = useState<F>(iniciales);
  const aplicar = (nuevos: F, consulta: { refetch: () => unknown }) => {
    if (JSON.stringify(nuevos) === JSON.stringify(filtros)) void consulta.refetch();
    else setFiltros(nuevos);
    lista?.irAPagina(1);
  };
  return { filtros, aplicar };
}
