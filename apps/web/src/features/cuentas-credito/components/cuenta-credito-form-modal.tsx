import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  cuentaCreditoGuardarSchema,
  MENSAJES_CUENTA_CREDITO,
  type CuentaCredito,
  type Tercero,
} from '@tablero/domain';
import { EntradaMonto } from '@/components/entradas-numericas';
import { ApiError } from '@/lib/api-error';
import { useEnvioUnico } from '@/lib/envio-unico';
import { formatearMoneda } from '@/lib/formato';
import { notificarError, notificarExito } from '@/lib/notificaciones';
import { useSaveCuentaCredito } from '../api/save-cuenta-credito';
import { ClienteTypeahead } from './cliente-typeahead';

interface CuentaCreditoFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The account whose quota is edited; null when creating one. */
  cuenta: CuentaCredito | null;
}

/** Credit account dialog: client typeahead and total cupo (spec 001 Credit accounts list; §5 Credit account form). */
export function CuentaCreditoFormModal({ opened, onClose, cuenta }: CuentaCreditoFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={cuenta ? 'Editar cuenta crédito' : 'Crear cuenta crédito'}
      size="md"
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Formulario key={cuenta?.id ?? '__nueva__'} cuenta={cuenta} onClose={onClose} />
    </Modal>
  );
}

function Formulario({ cuenta, onClose }: { cuenta: CuentaCredito | null; onClose: () => void }) {
  const guardar = useSaveCuentaCredito();
  const [cliente, setCliente] = useState<Tercero | null>(null);
  const [cupo, setCupo] = useState<number | string>(cuenta ? cuenta.total_cupo_permitido : '');
  const [errores, setErrores] = useState<{ tercero_id?: string | undefined; total_cupo_permitido?: string | undefined }>({});

  const unaVez = useEnvioUnico();
  const enviar = async () => {
    const leido = cuentaCreditoGuardarSchema.safeParse({
      id: cuenta?.id ?? null,
      tercero_id: cuenta ? cuenta.tercero_id : (cliente?.id ?? null),
      total_cupo_permitido: cupo,
    });
    if (!leido.success) {
      const porCampo = Object.fromEntries(leido.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      setErrores(porCampo);
      notificarError(MENSAJES_CUENTA_CREDITO.faltanCampos);
      return;
    }
    setErrores({});
    try {
      notificarExito(await guardar.mutateAsync(leido.data));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setErrores({ total_cupo_permitido: error.errors.total_cupo_permitido?.[0], tercero_id: error.errors.tercero_id?.[0] });
    }
  };

  return (
    <form onSubmit={unaVez(enviar)} noValidate>
      <Stack gap="sm">
        {cuenta ? (
          <TextInput
            label="Cliente"
            readOnly
            variant="filled"
            value={`${cuenta.numero_documento_tercero} - ${cuenta.nombres_tercero} ${cuenta.apellidos_tercero}`}
          />
        ) : (
          <ClienteTypeahead
            value={cliente}
            onChange={(elegido) => {
              setCliente(elegido);
              setErrores((actuales) => ({ ...actuales, tercero_id: undefined }));
            }}
            error={errores.tercero_id}
          />
        )}
        {/* spec 001 §5: the quota is whole pesos (step 1), so a typed '.' is refused with a message, not dropped. */}
        <EntradaMonto
          label="Total cupo permitido"
          withAsterisk
          decimales={0}
          value={cupo}
          onChange={(valor) => {
            setCupo(valor);
            setErrores((actuales) => ({ ...actuales, total_cupo_permitido: undefined }));
          }}
          description={cuenta ? `Crédito actual: ${formatearMoneda(cuenta.total_credito)}` : undefined}
          error={errores.total_cupo_permitido}
          data-autofocus={cuenta ? true : undefined}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={guardar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={guardar.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
