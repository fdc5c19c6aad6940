import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  aCentavos,
  MENSAJES_CUENTA_CREDITO,
  pagoCuentaCreditoSchema,
  type CuentaCredito,
  type PagoCuentaCredito,
  type PagoCuentaCreditoEntrada,
} from '@tablero/domain';
import { CampoMonto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useCreatePagoCuentaCredito } from '../api/create-pago-cuenta-credito';

interface PagoCuentaCreditoModalProps {
  opened: boolean;
  onClose: () => void;
  cuenta: CuentaCredito;
}

/** Credit payment dialog: one field, the amount to pay (spec 001 Credit account detail; §5 Credit payment). */
export function PagoCuentaCreditoModal({ opened, onClose, cuenta }: PagoCuentaCreditoModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Realizar pago">
      {opened ? <Formulario cuenta={cuenta} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ cuenta }: { cuenta: CuentaCredito }) {
  const pagar = useCreatePagoCuentaCredito();
  // spec 001 §5, §9: more than 0 and strictly below this account's total credit.
  const esquema = useMemo(
    () =>
      pagoCuentaCreditoSchema.refine((pago) => aCentavos(pago.valor_pago) < aCentavos(cuenta.total_credito), {
        message: MENSAJES_CUENTA_CREDITO.pagoInvalido,
        path: ['valor_pago'],
      }),
    [cuenta.total_credito],
  );
  const form = useForm<PagoCuentaCreditoEntrada, unknown, PagoCuentaCredito>({
    resolver: zodResolver(esquema),
    defaultValues: { cuenta_credito_id: cuenta.id, valor_pago: '' },
  });

  return (
    <FormularioModal
      form={form}
      guardar={(datos) => pagar.mutateAsync(datos)}
      camposServidor={['valor_pago']}
      // An empty amount: 'Debe ingresar todos los campos'; one out of range: 'Debe ingresar un valor de pago válido'.
      alInvalido={(fallos) =>
        notificarError(
          fallos.valor_pago?.message === MENSAJES_CUENTA_CREDITO.valorPago ? MENSAJES_CUENTA_CREDITO.faltanCamposPago : MENSAJES_CUENTA_CREDITO.pagoInvalido,
        )
      }
      textoCerrar="Cancelar"
      textoGuardar="Pagar"
    >
      <Text size="sm">
        {'Total crédito: '}
        <strong>{formatearMoneda(cuenta.total_credito)}</strong>
      </Text>
      <CampoMonto control={form.control} name="valor_pago" label="Valor a pagar" withAsterisk data-autofocus />
    </FormularioModal>
  );
}
