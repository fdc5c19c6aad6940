import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR, type PagoProveedor } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearFecha, formatearMoneda } from '@/lib/formato';
import { useEliminarPagoProveedor } from '../api/pagos-proveedores';

interface EliminarPagoDialogProps {
  pago: PagoProveedor | null;
  onCerrar: () => void;
}

/**
 * spec 002 §2.11: delete asks 'Eliminar pago' / '¿Desea eliminar el ítem seleccionado?' with 'Eliminar datos' and
 * 'Cancelar acción'. A form with no fields: it deletes once however often it is pressed, and the list reloads after it.
 */
export function EliminarPagoDialog({ pago, onCerrar }: EliminarPagoDialogProps) {
  return (
    <ModalFormulario opened={pago !== null} onClose={onCerrar} titulo={CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.titulo} size="sm">
      {pago ? <Confirmacion key={pago.id} pago={pago} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ pago }: { pago: PagoProveedor }) {
  const eliminar = useEliminarPagoProveedor();
  const form = useForm();
  return (
    <FormularioModal
      form={form}
      textoGuardar={CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.confirmar}
      colorGuardar="red"
      textoCerrar={CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.cancelar}
      guardar={() => eliminar.mutateAsync(pago.id)}
    >
      <Text size="sm">{CONFIRMACION_ELIMINAR_PAGO_PROVEEDOR.texto}</Text>
      <Text size="sm" c="dimmed">
        {`${pago.nombre_proveedor}${pago.codigo_factura ? `, factura ${pago.codigo_factura}` : ''}: ${formatearMoneda(pago.valor_total_pagar)}${pago.fecha_pago ? ` pagado el ${formatearFecha(pago.fecha_pago)}` : ''}`}
      </Text>
    </FormularioModal>
  );
}
