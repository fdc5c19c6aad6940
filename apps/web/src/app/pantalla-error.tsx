import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useRouteError } from 'react-router';
import { RUTAS } from '@tablero/domain';

/**
 * What the user sees when a screen fails while rendering, instead of the router's English page
 * with a stack trace. The session is left alone (nothing here touches the stored session), so the
 * user only has to go home. `completa` is the root version, shown when even the frame failed.
 */
export function PantallaError({ completa = false }: { completa?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();

  useEffect(() => {
    // Kept for whoever debugs it in the browser console; the user never sees the details.
    console.error(error);
  }, [error]);

  return (
    <Center mih={completa ? '100dvh' : 320} p="md">
      <Stack align="center" gap="sm" maw={440} role="alert">
        <IconAlertTriangle size={40} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={3} ta="center">
          Algo salió mal
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          Ocurrió un error inesperado al mostrar esta pantalla. Sus datos y su sesión no se han perdido; vuelva al inicio e intente de nuevo.
        </Text>
        <Button mt="xs" onClick={() => void navigate(RUTAS.inicio.path, { replace: true })}>
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
