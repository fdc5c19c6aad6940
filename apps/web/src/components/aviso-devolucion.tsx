import { Alert, Loader, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DevolucionPrevia } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * The money an annulment gives back, said before confirming (docs/decisions-reportes-dinero.md "Devoluciones"): the
 * server's preview of the same rows the annulment writes, 'Devuelva al cliente $ 120,000 en Efectivo'. `ruta` is the
 * origin's preview: facturas/{id}/devolucion, creditos/abonos/{id}/devolucion, anticipos/movimientos/{id}/devolucion.
 */
export function AvisoDevolucion({ ruta }: { ruta: string }) {
  const previa = useQuery({
    queryKey: ['devolucion', ruta],
    queryFn: async ({ signal }) => (await api.get<DevolucionPrevia>(ruta, { signal })).data,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (previa.isPending) {
    return (
      <Text size="sm" c="dimmed">
        <Loader size="xs" mr={6} />
        Calculando el dinero que se devuelve…
      </Text>
    );
  }
  if (previa.isError) {
    return (
      <Alert color="red" variant="light" p="xs">
        {previa.error instanceof ApiError ? previa.error.message : 'No se pudo calcular el dinero que se devuelve'}
      </Alert>
    );
  }
  return (
    <Alert color={previa.data.total > 0 ? 'orange' : 'gray'} variant="light" p="xs" icon={<IconCash size={18} />} data-testid="aviso-devolucion">
      <Text size="sm" fw={600}>
        {previa.data.mensaje}
      </Text>
      {previa.data.total > 0 ? (
        <Text size="xs" c="dimmed">
          Se registra como salida de dinero en el cuadre de caja de hoy.
        </Text>
      ) : null}
    </Alert>
  );
}
