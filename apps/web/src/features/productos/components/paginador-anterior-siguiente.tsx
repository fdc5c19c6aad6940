import { Button, Group, Text } from '@mantine/core';
import type { Pagina } from '@tablero/domain';

interface PaginadorAnteriorSiguienteProps {
  pagina: Pick<Pagina<unknown>, 'current_page' | 'last_page' | 'per_page' | 'total' | 'data'>;
  onCambiar: (pagina: number) => void;
  deshabilitado?: boolean;
}

/** Previous/Next paging by page number (spec 001 Products list): 'Mostrando 11–20 de 25', 'Página 2 de 3'. */
export function PaginadorAnteriorSiguiente({ pagina, onCambiar, deshabilitado }: PaginadorAnteriorSiguienteProps) {
  const desde = pagina.data.length === 0 ? 0 : (pagina.current_page - 1) * pagina.per_page + 1;
  const hasta = desde === 0 ? 0 : desde + pagina.data.length - 1;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">{`Mostrando ${desde}–${hasta} de ${pagina.total.toLocaleString('es-CO')}`}</Text>
      <Group component="nav" aria-label="Paginación" gap={6} wrap="nowrap">
        <Button size="compact-sm" variant="default" disabled={deshabilitado || pagina.current_page <= 1} onClick={() => onCambiar(pagina.current_page - 1)}>
          Anterior
        </Button>
        <Text size="sm" aria-current="page">{`Página ${pagina.current_page} de ${pagina.last_page}`}</Text>
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
