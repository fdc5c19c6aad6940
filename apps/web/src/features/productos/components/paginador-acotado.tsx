import { Button, Group, Text } from '@mantine/core';
import type { PaginaAcotada } from '@tablero/domain';

interface PaginadorAcotadoProps {
  pagina: Pick<PaginaAcotada<unknown>, 'current_page' | 'last_page' | 'per_page' | 'total' | 'total_exacto' | 'data'>;
  onCambiar: (pagina: number) => void;
  deshabilitado?: boolean;
}

/**
 * Previous/Next paging by page number (spec 001 Products list) for lists whose total is counted up to 1000
 * (issue 4 item 7): 'Mostrando 1–10 de 25', or 'de más de 1.000' when the count stopped at the cap; Siguiente
 * is offered while a next page exists.
 */
export function PaginadorAcotado({ pagina, onCambiar, deshabilitado }: PaginadorAcotadoProps) {
  const desde = pagina.data.length === 0 ? 0 : (pagina.current_page - 1) * pagina.per_page + 1;
  const hasta = desde === 0 ? 0 : desde + pagina.data.length - 1;
  const total = `${pagina.total_exacto ? '' : 'más de '}${pagina.total.toLocaleString('es-CO')}`;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">{`Mostrando ${desde}–${hasta} de ${total}`}</Text>
      <Group component="nav" aria-label="Paginación" gap={6} wrap="nowrap">
        <Button size="compact-sm" variant="default" disabled={deshabilitado || pagina.current_page <= 1} onClick={() => onCambiar(pagina.current_page - 1)}>
          Anterior
        </Button>
        <Text size="sm" aria-current="page">{`Página ${pagina.current_page}${pagina.total_exacto ? ` de ${pagina.last_page}` : ''}`}</Text>
        <Button
          size="compact-sm"
          variant="default"
          disabled={deshabilitado || pagina.current_page >= pagina.last_page}
          onClick={() => onCambiar(pagina.current_page + 1)}
        >
          Siguiente
        </Button>
      </Group>
    </Group>
  );
}
