import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { guardarDespachoSchema, MENSAJES_DESPACHOS, OBSERVACION_DESPACHO_MAXIMO } from '@tablero/domain';
import { CampoAreaTexto, CampoSelect } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { notificarError } from '@/lib/notificaciones';
import { useSesion } from '@/lib/sesion';
import { useGuardarDespacho, useMensajeros } from '../api/despachos';

/** spec 001 §5 Dispatch: messenger and observation, both required, with one message for either. */
const formularioSchema = z.object({
  mensajero_id: guardarDespachoSchema.shape.mensajero_id,
  observacion_despacho: guardarDespachoSchema.shape.observacion_despacho,
});
type Entrada = z.input<typeof formularioSchema>;
type Salida = z.output<typeof formularioSchema>;
const CAMPOS = ['mensajero_id', 'observacion_despacho'] as const;

interface RealizarDespachoModalProps {
  /** The sale dispatched; none: the dialog is closed. */
  ventaId: number | null;
  onCerrar: () => void;
  /** After the server accepted the dispatch (the caller may close what opened this dialog). */
  onDespachado?: () => void;
}

/**
 * 'Realizar despacho' (spec 001 Dispatches screen, §5 Dispatch): the messenger (third parties with role Mensajero) and
 * an observation; the dispatch is recorded with the session's user, once however often Enter is pressed.
 */
export function RealizarDespachoModal({ ventaId, onCerrar, onDespachado }: RealizarDespachoModalProps) {
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onCerrar} titulo={`Realizar despacho de la venta No. ${ventaId ?? ''}`}>
      {ventaId !== null ? <Formulario key={ventaId} ventaId={ventaId} onDespachado={onDespachado} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ ventaId, onDespachado }: { ventaId: number; onDespachado?: () => void }) {
  const usuarioId = useSesion()?.id ?? 0;
  const mensajeros = useMensajeros();
  const despachar = useGuardarDespacho();
  const form = useForm<Entrada, unknown, Salida>({
    resolver: zodResolver(formularioSchema),
    defaultValues: { mensajero_id: null, observacion_despacho: '' },
  });
  const opciones = (mensajeros.data ?? []).map((m) => ({ value: String(m.id), label: `${m.nombres} ${m.apellidos}`.trim() }));

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoGuardar="Realizar despacho"
      alInvalido={() => notificarError(MENSAJES_DESPACHOS.mensajeroObservacion)}
      guardar={async (datos) => {
        const mensaje = await despachar.mutateAsync({ venta_id: ventaId, usuario_id: usuarioId, ...datos });
        onDespachado?.();
        return mensaje;
      }}
    >
      <CampoSelect
        control={form.control}
        name="mensajero_id"
        numerico
        label="Mensajero"
        placeholder={mensajeros.isPending ? 'Cargando mensajeros…' : 'Seleccione un mensajero'}
        data={opciones}
        searchable
        nothingFoundMessage={mensajeros.isPending ? 'Cargando…' : 'No hay mensajeros registrados'}
        withAsterisk
        data-autofocus
      />
      <CampoAreaTexto
        control={form.control}
        name="observacion_despacho"
        label="Observación"
        withAsterisk
        autosize
        minRows={3}
        maxLength={OBSERVACION_DESPACHO_MAXIMO}
      />
    </FormularioModal>
  );
}
