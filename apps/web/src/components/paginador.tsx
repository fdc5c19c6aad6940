import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { TAMANOS_PAGINA, type TamanoPagina } from '@tablero/domain';
import { formatearCantidad } from '@/lib/formato';

/** spec 001 §9: the pager shows at most 5 page links, plus first and last (boundary) links. */
const ENLACES_MAXIMOS = 5;

/** The page numbers shown around the current one: a window of at most 5, kept inside 1..total. */
export function paginasVisibles(actual: number, total: number, maximo = ENLACES_MAXIMOS): number[] {
  if (total <= 0) return [];
  const inicio = Math.max(1, Math.min(actual - Math.floor(maximo / 2), total - maximo + 1));
  const fin = Math.min(total, inicio + maximo - 1);
  return Array.from({ length: fin - inicio + 1 }, (_, indice) => inicio + indice);
}

/**
 * The spec's two pagers: 'enlaces' (spec 001 §9: up to 5 page links with Primera/Última) and
 * 'anterior-siguiente' (spec 001 products, 002 lists: Anterior/Siguiente with 'Página x de y'; spec 002 §2.19:
 * an arrow that leads nowhere is hidden).
 */
export type VariantePaginador = 'enlaces' | 'anterior-siguiente';

interface PaginadorProps {
  /** Current page, from 1. */
  pagina: number;
  /** Number of pages. */
  totalPaginas: number;
  onCambiar: (pagina: number) => void;
  /** Rows in the whole list, for the 'Mostrando x–y de z' text. */
  totalFilas?: number;
  filasPorPagina?: number;
  /** The page-size choice; none: the list has a fixed size. */
  tamano?: TamanoPagina;
  onCambiarTamano?: (tamano: TamanoPagina) => void;
  deshabilitado?: boolean;
  variante?: VariantePaginador;
}



/** The pager of every list, with visible Spanish texts, keyboard reachable. */
export function Paginador({
  pagina,
  totalPaginas,
  onCambiar,
  totalFilas,
  filasPorPagina,
  tamano,
  onCambiarTamano,
  deshabilitado,
  variante = 'anterior-siguiente',
}: PaginadorProps) {
  const total = Math.max(totalPaginas, 1);
  const actual = Math.min(Math.max(pagina, 1), total);
  const ir = (destino: number) => {
    if (destino !== actual && destino >= 1 && destino <= total) onCambiar(destino);
  };
  const enPrimera = actual <= 1 || deshabilitado;
  const enUltima = actual >= total || deshabilitado;

  let resumen: string | null = null;
  if (totalFilas !== undefined && filasPorPagina) {
    const desde = totalFilas === 0 ? 0 : (actual - 1) * filasPorPagina + 1;
    const hasta = Math.min(actual * filasPorPagina, totalFilas);
    resumen = `Mostrando ${formatearCantidad(desde)}–${formatearCantidad(hasta)} de ${formatearCantidad(totalFilas)}`;
  }

  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="sm">
        <Text size="xs" c="dimmed">
          {resumen}
        </Text>
        {tamano && onCambiarTamano ? (
          <NativeSelect
            size="xs"
            aria-label="Filas por página"
            value={String(tamano)}
            data={TAMANOS_PAGINA.map((opcion) => ({ value: String(opcion), label: `${opcion} por página` }))}
            onChange={(evento) => onCambiarTamano(Number(evento.currentTarget.value) as TamanoPagina)}
            disabled={deshabilitado}
          />
        ) : null}
      </Group>
      {variante === 'enlaces' ? (
        <Group component="nav" aria-label="Paginación" gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="default" disabled={enPrimera} onClick={() => ir(1)}>
            Primera
          </Button>
          <Button size="compact-sm" variant="default" disabled={enPrimera} onClick={() => ir(actual - 1)}>
            Anterior
          </Button>
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
          <Button size="compact-sm" variant="default" disabled={enUltima} onClick={() => ir(actual + 1)}>
            Siguiente
          </Button>
          <Button size="compact-sm" variant="default" disabled={enUltima} onClick={() => ir(total)}>
            Última
          </Button>
        </Group>
      ) : (
        <Group component="nav" aria-label="Paginación" gap={6} wrap="nowrap">
          {actual > 1 ? (
            <Button size="compact-sm" variant="default" disabled={deshabilitado} onClick={() => ir(actual - 1)}>
              Anterior
            </Button>
          ) : null}
          <Text size="sm" aria-current="page">{`Página ${actual} de ${total}`}</Text>
          {actual < total ? (
            <Button size="compact-sm" variant="default" disabled={deshabilitado} onClick={() => ir(actual + 1)}>
              Siguiente
            </Button>
          ) : null}
        </Group>
      )}
    </Group>
  );
}
