import { Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { DescuentoSolicitado } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { useDecidirDescuento } from '../api/decidir-descuento';

export interface DecisionDescuento {
  descuento: DescuentoSolicitado;
  aprobado: boolean;
}

interface DecidirDescuentoDialogProps {
  opened: boolean;
  onClose: () => void;
  decision: DecisionDescuento | null;
}

/**
 * The confirmation before approving or rejecting a request (spec 000 §4.3), static like every dialog of the spec: a
 * form with no fields, so the decision is sent once however often the button is pressed; on success the dialog
 * closes with the server's message and the list reloads.
 */
export function DecidirDescuentoDialog({ opened, onClose, decision }: DecidirDescuentoDialogProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo={decision?.aprobado === false ? 'Rechazar descuento' : 'Aprobar descuento'}>
      {decision ? <Confirmacion key={`${decision.descuento.id}-${String(decision.aprobado)}`} decision={decision} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ decision: { descuento, aprobado } }: { decision: DecisionDescuento }) {
  const decidir = useDecidirDescuento();
  const form = useForm();

  return (
    <FormularioModal
      form={form}
      textoGuardar={aprobado ? 'Aprobar' : 'Rechazar'}
      colorGuardar={aprobado ? 'green' : 'red'}
      textoCerrar="Cancelar"
      guardar={() => decidir.mutateAsync({ descuento_solicitado_id: descuento.id, aprobado })}
    >
      <Stack gap="xs">
        <Text size="sm">
          Descuento del <strong>{descuento.porcentaje_descuento}%</strong> sobre {descuento.referencia} - {descuento.nombre_producto} para{' '}
          {descuento.nombres_cliente} {descuento.apellidos_cliente}, solicitado por {descuento.nombre_vendedor}: subtotal{' '}
          {formatearMoneda(descuento.sub_total)}, con descuento {formatearMoneda(descuento.sub_total_con_descuento)}.
        </Text>
        <Text size="sm">{aprobado ? '¿Desea aprobar este descuento?' : '¿Desea rechazar este descuento?'}</Text>
      </Stack>
    </FormularioModal>
  );
}
