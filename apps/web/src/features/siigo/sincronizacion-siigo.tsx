import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { notificarExito } from '@/lib/notificaciones';
import { useSincronizarCategorias, useSincronizarProductos } from './api/sincronizar';

/**
 * The two syncs with Siigo (spec 001 §7 productos/sincronizar and categorias-productos/sincronizar), for the settings
 * screen once the connection is saved: each button waits for its answer (a first product sync may take minutes) and
 * leaves its summary on screen; a refusal (not configured, already running, Siigo down) is the client's error toast.
 */
export function SincronizacionSiigo() {
  const categorias = useSincronizarCategorias();
  const productos = useSincronizarProductos();
  const ocupado = categorias.isPending || productos.isPending;
  const ejecutar = (mutacion: typeof categorias) => mutacion.mutate(undefined, { onSuccess: (mensaje) => notificarExito(mensaje) });
  return (
    <div>
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={categorias.isPending} disabled={ocupado && !categorias.isPending} onClick={() => ejecutar(categorias)}>
          Sincronizar clasificaciones e impuestos
        </Button>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={productos.isPending} disabled={ocupado && !productos.isPending} onClick={() => ejecutar(productos)}>
          Sincronizar productos
        </Button>
      </Group>
      {productos.isPending ? (
        <Text size="xs" c="dimmed" mt={4}>
          Enviando los productos a Siigo; puede tardar unos minutos.
        </Text>
      ) : null}
      {[categorias.data, productos.data].filter(Boolean).map((mensaje) => (
        <Alert key={mensaje} mt={6} p="xs" color="teal" variant="light">
          <Text size="xs">{mensaje}</Text>
        </Alert>
      ))}
    </div>
  );
}
