import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  anulacionFacturaElectronicaSchema,
  CONCEPTOS_ANULACION,
  CONFIRMACION_ANULAR_VENTA,
  MOTIVO_ANULACION_MAXIMO,
  textoConceptoNota,
  type AnulacionFacturaElectronica,
} from '@tablero/domain';
import { AvisoDevolucion } from '@/components/aviso-devolucion';
import { CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useAnularVenta } from '../api/facturas';

/**
 * The billed sale to annul, whether it has an electronic invoice or POS document (in any state), and whether it is a
 * POS sale (its correction is a nota de ajuste, docs/decisions-factura-electronica.md "Documento equivalente POS").
 */
export interface VentaAAnular {
  id: number;
  facturaElectronica: boolean;
  pos?: boolean;
}

interface AnularVentaDialogProps {
  /** None: the dialog is closed. */
  venta: VentaAAnular | null;
  onCerrar: () => void;
}

const OPCIONES_CONCEPTO = CONCEPTOS_ANULACION.map((codigo) => ({ value: codigo, label: textoConceptoNota(codigo) }));

/**
 * spec 000 §2.10, §4.1 Anular: SuperAdministrador confirms ('Anulación de venta') before a billed sale is annulled, seeing
 * the money it gives back. A sale with an electronic invoice also asks DIAN's concept of its credit note and the reason
 * written in it (docs/decisions-factura-electronica.md, "Anulación con nota crédito"): the concept comes chosen (an
 * annulment has one), the reason is a one-line field, so typing it and pressing Enter annuls; Anular runs once however
 * often it is pressed. It closes with the server's message only when the sale was annulled, and stays with the
 * server's reason otherwise.
 */
export function AnularVentaDialog({ venta, onCerrar }: AnularVentaDialogProps) {
  return (
    <ModalFormulario opened={venta !== null} onClose={onCerrar} titulo={CONFIRMACION_ANULAR_VENTA.titulo} size="md">
      {venta === null ? null : venta.facturaElectronica ? <ConNotaCredito key={venta.id} ventaId={venta.id} pos={venta.pos ?? false} /> : <Confirmacion key={venta.id} ventaId={venta.id} />}
    </ModalFormulario>
  );
}

function Confirmacion({ ventaId }: { ventaId: number }) {
  const anular = useAnularVenta();
  const form = useForm();
  return (
    <FormularioModal form={form} textoGuardar="Anular" colorGuardar="red" textoCerrar="Cancelar" guardar={() => anular.mutateAsync({ ventaId })}>
      <Text size="sm">{CONFIRMACION_ANULAR_VENTA.texto(ventaId)}</Text>
      <AvisoDevolucion ruta={`facturas/${ventaId}/devolucion`} />
    </FormularioModal>
  );
}

function ConNotaCredito({ ventaId, pos }: { ventaId: number; pos: boolean }) {
  const anular = useAnularVenta();
  const form = useForm<AnulacionFacturaElectronica, unknown, AnulacionFacturaElectronica>({
    resolver: zodResolver(anulacionFacturaElectronicaSchema),
    defaultValues: { concepto_nota: CONCEPTOS_ANULACION[0] ?? '', motivo: '' },
  });
  return (
    <FormularioModal
      form={form}
      camposServidor={['concepto_nota', 'motivo']}
      textoGuardar="Anular"
      colorGuardar="red"
      textoCerrar="Cancelar"
      guardar={(datos) => anular.mutateAsync({ ventaId, anulacion: datos })}
    >
      <Text size="sm">{CONFIRMACION_ANULAR_VENTA.texto(ventaId)}</Text>
      <AvisoDevolucion ruta={`facturas/${ventaId}/devolucion`} />
      <Text size="sm">{pos ? CONFIRMACION_ANULAR_VENTA.notaAjuste : CONFIRMACION_ANULAR_VENTA.notaCredito}</Text>
      <CampoSelect control={form.control} name="concepto_nota" label={`Concepto DIAN de la ${pos ? 'nota de ajuste' : 'nota crédito'}`} data={OPCIONES_CONCEPTO} allowDeselect={false} withAsterisk />
      <CampoTexto control={form.control} name="motivo" label="Motivo de la anulación" withAsterisk maxLength={MOTIVO_ANULACION_MAXIMO} data-autofocus />
    </FormularioModal>
  );
}
