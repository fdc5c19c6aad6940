import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutBoard } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { RUTAS, type UsuarioSesion } from '@tablero/domain';
import { IngresoForm } from './components/ingreso-form';
import { guardarSesion } from '@/lib/sesion';

/** #/inicio-sesion (spec 000 §2.2): on success the session is kept and the user goes home. */
export function InicioSesionPage() {
  const navigate = useNavigate();
  const alIngresar = (sesion: UsuarioSesion) => {
    // The failed attempts' toasts say nothing about the new session.
    notifications.clean();
    guardarSesion(sesion);
    navigate(RUTAS.inicio.path, { replace: true });
  };

  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Box w="100%" maw={380}>
        <Stack gap={4} align="center" mb="md">
          <IconLayoutBoard size={40} stroke={1.4} color="var(--mantine-color-marca-7)" aria-hidden />
          <Title order={1} fz="h2">
            Tablero
          </Title>
          <Text size="sm" c="dimmed">
            Ingrese con su correo y contraseña
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <IngresoForm onIngreso={alIngresar} />
        </Paper>
      </Box>
    </Center>
  );
}
