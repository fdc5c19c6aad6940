import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { CONFIRMACION_ANULAR_VENTA } from '@tablero/domain';
import { AvisoDevolucion } from '@/components/aviso-devolucion';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useAnularVenta } from '../api/facturas';

interface AnularVentaDialogProps {
  /** The billed sale to annul; none: the dialog is closed. */
  ventaId: number | null;
  onCerrar: () => void;
}

/**
 * spec 000 §2.10, §4.1 Anular: SuperAdministrador confirms ('Anulacion de venta') before a billed sale is annulled. A
 * form with no fields, so Anular runs once however often it is pressed; it closes with the server's message only when
 * the sale was annulled, and stays with the server's reason otherwise (an invoice the DIAN accepted, a sale annulled
 * meanwhile).
 */
export function AnularVentaDialog({ ventaId, onCerrar }: AnularVentaDialogProps) {
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onCerrar} titulo={CONFIRMACION_ANULAR_VENTA.titulo} size="md">
      {ventaId !== null ? <Confirmacion key={ventaId} ventaId={ventaId} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ ventaId }: { ventaId: number }) {
  const anular = useAnularVenta();
  const form = useForm();
  return (
    <FormularioModal form={form} textoGuardar="Anular" colorGuardar="red" textoCerrar="Cancelar" guardar={() => anular.mutateAsync(ventaId)}>
      <Text size="sm">{CONFIRMACION_ANULAR_VENTA.texto(ventaId)}</Text>
      <AvisoDevolucion ruta={`facturas/${ventaId}/devolucion`} />
    </FormularioModal>
  );
}
