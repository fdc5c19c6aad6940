import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  cuentaCreditoGuardarSchema,
  etiquetaTercero,
  MENSAJES_CUENTA_CREDITO,
  type CuentaCreditoGuardar,
  type CuentaCreditoGuardarEntrada,
} from '@tablero/domain';
import { CampoMonto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useSaveCuentaCredito } from '@/features/cuentas-credito';
import { notificarError } from '@/lib/notificaciones';
import type { ClientePedido } from './pedido.logica';

interface CrearCuentaCreditoModalProps {
  /** The order's customer; none: the dialog is closed. */
  cliente: ClientePedido | null;
  onClose: () => void;
  /** The account exists: the order form goes on with its save (spec 000 §4.1). */
  onCreada: () => void;
}

/**
 * spec 000 §8: the customer of a credit sale has no credit account and the seller chose to create it. The customer is
 * the order's (shown, not chosen again); only the quota is asked. Saved through the credit accounts' own save.
 */
export function CrearCuentaCreditoModal({ cliente, onClose, onCreada }: CrearCuentaCreditoModalProps) {
  return (
    <ModalFormulario opened={cliente !== null} onClose={onClose} titulo="Crear cuenta crédito">
      {cliente ? <Formulario key={cliente.id} cliente={cliente} onCreada={onCreada} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ cliente, onCreada }: { cliente: ClientePedido; onCreada: () => void }) {
  const guardar = useSaveCuentaCredito();
  const form = useForm<CuentaCreditoGuardarEntrada, unknown, CuentaCreditoGuardar>({
    resolver: zodResolver(cuentaCreditoGuardarSchema),
    defaultValues: { id: null, tercero_id: cliente.id, total_cupo_permitido: '' },
  });
  return (
    <FormularioModal
      form={form}
      guardar={async (datos) => {
        const mensaje = await guardar.mutateAsync(datos);
        onCreada();
        return mensaje;
      }}
      camposServidor={['tercero_id', 'total_cupo_permitido']}
      alInvalido={() => notificarError(MENSAJES_CUENTA_CREDITO.faltanCampos)}
      textoCerrar="Cancelar"
    >
      <TextInput label="Cliente" readOnly variant="filled" value={etiquetaTercero(cliente)} />
      <CampoMonto control={form.control} name="total_cupo_permitido" label="Total cupo permitido" withAsterisk decimales={0} data-autofocus />
    </FormularioModal>
  );
}
