import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ingresoSchema, MENSAJE_INGRESO, type Ingreso, type UsuarioSesion } from '@tablero/domain';
import { useIngresar } from '../api/ingresar';

interface IngresoFormProps {
  onIngreso: (sesion: UsuarioSesion) => void;
}

/**
 * Login form (spec 000 §2.2, §4.5, §5): e-mail and password, both required and the e-mail well
 * formed ('Debe ingresar todos los campos'); 'Ingresar' stays disabled with a loader until the
 * answer or an error; the server's refusal is shown on the page (and as a toast).
 */
export function IngresoForm({ onIngreso }: IngresoFormProps) {
  const ingreso = useIngresar();
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<Ingreso>({
    resolver: zodResolver(ingresoSchema),
    defaultValues: { email: '', password: '' },
  });

  const hayErroresLocales = Object.keys(errors).length > 0 && submitCount > 0;
  const mensajeError = hayErroresLocales ? MENSAJE_INGRESO : ingreso.isError ? ingreso.error.message : null;

  const enviar = handleSubmit((datos) => {
    ingreso.mutate(datos, { onSuccess: onIngreso });
  });

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        {mensajeError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {mensajeError}
          </Alert>
        ) : null}
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          placeholder="usuario@empresa.com"
          leftSection={<IconMail size={16} />}
          error={Boolean(errors.email)}
          autoFocus
          {...register('email', { onChange: () => ingreso.reset() })}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          error={Boolean(errors.password)}
          {...register('password', { onChange: () => ingreso.reset() })}
        />
        <Button type="submit" fullWidth mt="xs" loading={ingreso.isPending} disabled={ingreso.isPending}>
          Ingresar
        </Button>
      </Stack>
    </form>
  );
}
