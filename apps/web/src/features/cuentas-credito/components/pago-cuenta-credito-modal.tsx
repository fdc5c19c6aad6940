import { useMemo } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  aCentavos,
  FORMAS_PAGO,
  formasOfrecidas,
  MENSAJES_CREDITOS,
  MENSAJES_CUENTA_CREDITO,
  pagoCuentaCreditoSchema,
  type CuentaCredito,
  type PagoCuentaCredito,
  type PagoCuentaCreditoEntrada,
} from '@tablero/domain';
import { CampoFormaPago, CampoMonto, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useFormasPago } from '@/lib/formas-pago';
import { formatearMoneda } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useCreatePagoCuentaCredito } from '../api/create-pago-cuenta-credito';

interface PagoCuentaCreditoModalProps {
  opened: boolean;
  onClose: () => void;
  cuenta: CuentaCredito;
}

/**
 * Credit payment dialog (spec 001 Credit account detail; §5 Credit payment): the amount to pay, applied by the server to
 * the oldest pending sales first, and the payment method it came in with, Efectivo unless told, with its
 * voucher code where the method asks for one.
 */
export function PagoCuentaCreditoModal({ opened, onClose, cuenta }: PagoCuentaCreditoModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Realizar pago">
      {opened ? <Formulario cuenta={cuenta} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ cuenta }: { cuenta: CuentaCredito }) {
  const pagar = useCreatePagoCuentaCredito();
  const formas = useFormasPago();
  // Every active method but Crédito (6) and Anticipo (8): the payment rows rule of an account payment.
  const opciones = useMemo(() => formasOfrecidas('pagoCuenta', formas.data ?? [], []), [formas.data]);
  const conCodigo = useMemo(() => opciones.filter((forma) => forma.requiere_codigo_comprobante).map((forma) => forma.id), [opciones]);
  // spec 001 §5, §9 as docs/decisions-creditos.md 'Pago a la cuenta' reads it: more than 0 and at most this account's total credit (the whole debt may be
  // paid); a method that asks for a voucher code needs it.
  const esquema = useMemo(
    () =>
      pagoCuentaCreditoSchema
        .refine((pago) => aCentavos(pago.valor_pago) <= aCentavos(cuenta.total_credito), {
          message: MENSAJES_CUENTA_CREDITO.pagoInvalido,
          path: ['valor_pago'],
        })
        .refine((pago) => !conCodigo.includes(pago.forma_pago_id ?? FORMAS_PAGO.efectivo) || pago.codigo_comprobante !== null, {
          message: MENSAJES_CREDITOS.valoresVacios,
          path: ['codigo_comprobante'],
        }),
    [cuenta.total_credito, conCodigo],
  );
  const form = useForm<PagoCuentaCreditoEntrada, unknown, PagoCuentaCredito>({
    resolver: zodResolver(esquema),
    defaultValues: { cuenta_credito_id: cuenta.id, valor_pago: '', forma_pago_id: FORMAS_PAGO.efectivo, codigo_comprobante: '' },
  });
  const formaId = useWatch({ control: form.control, name: 'forma_pago_id' });
  const requiereCodigo = conCodigo.includes(Number(formaId ?? FORMAS_PAGO.efectivo));

  return (
    <FormularioModal
      form={form}
      guardar={(datos) => pagar.mutateAsync({ ...datos, codigo_comprobante: requiereCodigo ? datos.codigo_comprobante : null })}
      camposServidor={['valor_pago', 'forma_pago_id', 'codigo_comprobante']}
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
      <SimpleGrid cols={2} spacing="sm">
        <CampoFormaPago control={form.control} name="forma_pago_id" formas={opciones} />
        {requiereCodigo ? <CampoTexto control={form.control} name="codigo_comprobante" label="Código comprobante" withAsterisk maxLength={60} /> : <div />}
      </SimpleGrid>
    </FormularioModal>
  );
}
