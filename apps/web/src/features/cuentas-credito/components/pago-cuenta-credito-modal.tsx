import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { aCentavos, MENSAJES_CUENTA_CREDITO, pagoCuentaCreditoSchema, type CuentaCredito } from '@tablero/domain';
import { EntradaMonto } from '@/components/entradas-numericas';
import { ApiError } from '@/lib/api-error';
import { useEnvioUnico } from '@/lib/envio-unico';
import { formatearMoneda } from '@/lib/formato';
import { notificarError, notificarExito } from '@/lib/notificaciones';
import { useCreatePagoCuentaCredito } from '../api/create-pago-cuenta-credito';

interface PagoCuentaCreditoModalProps {
  opened: boolean;
  onClose: () => void;
  cuenta: CuentaCredito;
}

/** Credit payment dialog: one field, the amount to pay (spec 001 Credit account detail; §5 Credit payment). */
export function PagoCuentaCreditoModal({ opened, onClose, cuenta }: PagoCuentaCreditoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Realizar pago" size="md" closeOnClickOutside={false} closeOnEscape={false} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {opened ? <Formulario cuenta={cuenta} onClose={onClose} /> : null}
    </Modal>
  );
}

function Formulario({ cuenta, onClose }: { cuenta: CuentaCredito; onClose: () => void }) {
  const pagar = useCreatePagoCuentaCredito();
  const [valor, setValor] = useState<number | ''>('');
  const [error, setError] = useState<string | undefined>();

  const unaVez = useEnvioUnico();
  const enviar = async () => {
    if (valor === '' || valor === null) {
      setError(MENSAJES_CUENTA_CREDITO.valorPago);
      notificarError(MENSAJES_CUENTA_CREDITO.faltanCamposPago);
      return;
    }
    const leido = pagoCuentaCreditoSchema.safeParse({ cuenta_credito_id: cuenta.id, valor_pago: valor });
    // spec 001 §5, §9: more than 0 and strictly below the total credit.
    if (!leido.success || aCentavos(leido.data.valor_pago) >= aCentavos(cuenta.total_credito)) {
      setError(MENSAJES_CUENTA_CREDITO.pagoInvalido);
      notificarError(MENSAJES_CUENTA_CREDITO.pagoInvalido);
      return;
    }
    setError(undefined);
    try {
      notificarExito(await pagar.mutateAsync(leido.data));
      onClose();
    } catch (fallo) {
      if (fallo instanceof ApiError) setError(fallo.errors.valor_pago?.[0] ?? fallo.message);
    }
  };

  return (
    <form onSubmit={unaVez(enviar)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {'Total crédito: '}
          <strong>{formatearMoneda(cuenta.total_credito)}</strong>
        </Text>
        <EntradaMonto
          label="Valor a pagar"
          withAsterisk
          value={valor}
          onChange={(nuevo) => {
            setValor(nuevo);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pagar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pagar.isPending}>
            Pagar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
