import { Button, Group, Text } from '@mantine/core';

/** spec 001 §9: the pager shows at most 5 page links, plus first and last (boundary) links. */
const ENLACES_MAXIMOS = 5;

/** The page numbers shown around the current one: a window of at most 5, kept inside 1..total. */
export function paginasVisibles(actual: number, total: number, maximo = ENLACES_MAXIMOS): number[] {
  if (total <= 0) return [];
  const inicio = Math.max(1, Math.min(actual - Math.floor(maximo / 2), total - maximo + 1));
  const fin = Math.min(total, inicio + maximo - 1);
  return Array.from({ length: fin - inicio + 1 }, (_, indice) => inicio + indice);
}

interface PaginadorProps {
  /** Current page, from 1. */
  pagina: number;
  /** Number of pages. */
  totalPaginas: number;
  onCambiar: (pagina: number) => void;
  /** Rows in the whole list, for the 'Mostrando x–y de z' text. */
  totalFilas?: number;
  filasPorPagina?: number;
  deshabilitado?: boolean;
  /** Hide (instead of disabling) the arrows that lead nowhere (spec 002 §2.19: previous only if page > 1, next only if page < last). */
  ocultarSinDestino?: boolean;
}

/** Pager with visible Spanish texts (Primera, Anterior, pages, Siguiente, Última), keyboard reachable. */
export function Paginador({ pagina, totalPaginas, onCambiar, totalFilas, filasPorPagina, deshabilitado, ocultarSinDestino }: PaginadorProps) {
  const total = Math.max(totalPaginas, 1);
  const actual = Math.min(Math.max(pagina, 1), total);
  const ir = (destino: number) => {
    if (destino !== actual && destino >= 1 && destino <= total) onCambiar(destino);
  };
  const enPrimera = actual <= 1 || deshabilitado;
  const enUltima = actual >= total || deshabilitado;
  const mostrarAtras = !ocultarSinDestino || actual > 1;
  const mostrarAdelante = !ocultarSinDestino || actual < total;

  let resumen: string | null = null;
  if (totalFilas !== undefined && filasPorPagina) {
    const desde = totalFilas === 0 ? 0 : (actual - 1) * filasPorPagina + 1;
    const hasta = Math.min(actual * filasPorPagina, totalFilas);
    resumen = `Mostrando ${desde}–${hasta} de ${totalFilas}`;
  }

  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">
        {resumen}
      </Text>
      <Group component="nav" aria-label="Paginación" gap={4} wrap="nowrap">
        {mostrarAtras ? (
          <>
            <Button size="compact-sm" variant="default" disabled={enPrimera} onClick={() => ir(1)}>
              Primera
            </Button>
            <Button size="compact-sm" variant="default" disabled={enPrimera} onClick={() => ir(actual - 1)}>
              Anterior
            </Button>
          </>
        ) : null}
        {paginasVisibles(actual, total).map((numero) => (
          <Button
            key={numero}
            size="compact-sm"
            miw={30}
            variant={numero === actual ? 'filled' : 'default'}
            aria-label={`Página ${numero}`}
            aria-current={numero === actual ? 'page' : undefined}
            disabled={deshabilitado}
            onClick={() => ir(numero)}
          >
            {numero}
          </Button>
        ))}
        {mostrarAdelante ? (
          <>
            <Button size="compact-sm" variant="default" disabled={enUltima} onClick={() => ir(actual + 1)}>
              Siguiente
            </Button>
            <Button size="compact-sm" variant="default" disabled={enUltima} onClick={() => ir(total)}>
              Última
            </Button>
          </>
        ) : null}
      </Group>
    </Group>
  );
}
