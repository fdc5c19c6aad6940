import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { MENSAJES_FE } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useTimbrarDian } from '../api/factura-electronica';

interface VentaAEnviar {
  id: number;
  numero: string;
  pos?: boolean;
}

interface EnviarDianDialogProps {
  /** The billed sale, its document number and whether it is a POS document; none: the dialog is closed. */
  venta: VentaAEnviar | null;
  onCerrar: () => void;
}

/**
 * spec 000 §2.10 'Envío factura electrónica': SuperAdministrador confirms before the invoice is sent to DIAN. A form
 * without fields, so Enviar runs once however often it is pressed; the server queues the send and the row's state
 * follows it ('Enviando', then 'Enviado a la DIAN' or the rejection).
 */
export function EnviarDianDialog({ venta, onCerrar }: EnviarDianDialogProps) {
  return (
    <ModalFormulario opened={venta !== null} onClose={onCerrar} titulo={MENSAJES_FE.tituloEnvio} size="md">
      {venta !== null ? <Confirmacion key={venta.id} venta={venta} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ venta }: { venta: VentaAEnviar }) {
  const timbrar = useTimbrarDian();
  const form = useForm();
  return (
    <FormularioModal form={form} textoGuardar="Enviar" textoCerrar="Cancelar" guardar={() => timbrar.mutateAsync(venta.id)}>
      <Text size="sm">{MENSAJES_FE.confirmarEnvio(venta.numero, venta.pos ? 'POS' : 'FACTURA')}</Text>
    </FormularioModal>
  );
}
