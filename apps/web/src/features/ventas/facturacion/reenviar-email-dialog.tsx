import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { enviarEmailFeSchema, MENSAJES_FE } from '@tablero/domain';
import { CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { CargandoPantalla } from '@/components/cargando-pantalla';
import { useEnviarEmailFe, useFacturaElectronica } from '../api/factura-electronica';

interface ReenviarEmailDialogProps {
  /** The sale whose accepted invoice is sent again and its number; none: closed. */
  venta: { id: number; numero: string } | null;
  onCerrar: () => void;
}

const formularioSchema = enviarEmailFeSchema.pick({ lista_email: true });

/**
 * spec 000 §2.10 'Reenviar email FE': the addresses separated by semicolons (the customer's proposed), checked as the
 * server checks them ('Debe ingresar los email'); the e-mail with the PDF and the XML goes out from a job.
 */
export function ReenviarEmailDialog({ venta, onCerrar }: ReenviarEmailDialogProps) {
  return (
    <ModalFormulario opened={venta !== null} onClose={onCerrar} titulo={MENSAJES_FE.tituloReenvio} size="md">
      {venta !== null ? <ConCorreoCliente key={venta.id} venta={venta} /> : null}
    </ModalFormulario>
  );
}

/** The customer's address comes with the sale's documents; the form waits for it to propose it. */
function ConCorreoCliente({ venta }: { venta: { id: number; numero: string } }) {
  const documentos = useFacturaElectronica(venta.id);
  if (documentos.isPending) return <CargandoPantalla />;
  return <Formulario venta={{ ...venta, correo: documentos.data?.correo_cliente ?? null }} />;
}

function Formulario({ venta }: { venta: { id: number; numero: string; correo: string | null } }) {
  const enviar = useEnviarEmailFe();
  const form = useForm<z.input<typeof formularioSchema>, unknown, z.output<typeof formularioSchema>>({
    resolver: zodResolver(formularioSchema),
    defaultValues: { lista_email: venta.correo ?? '' },
  });
  return (
    <FormularioModal
      form={form}
      camposServidor={['lista_email']}
      textoGuardar="Enviar"
      textoCerrar="Cancelar"
      guardar={(datos) => enviar.mutateAsync({ ventaId: venta.id, lista_email: datos.lista_email.join('; ') })}
    >
      <Text size="sm">{`Factura electrónica ${venta.numero}`}</Text>
      <CampoTexto
        control={form.control}
        name="lista_email"
        label="Correos"
        description="Separe los correos con punto y coma (;)"
        placeholder="cliente@correo.com; contabilidad@correo.com"
        data-autofocus
      />
    </FormularioModal>
  );
}
