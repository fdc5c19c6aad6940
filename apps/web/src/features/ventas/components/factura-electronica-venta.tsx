import { useState } from 'react';
import { Badge, Button, Group, List, Paper, Stack, Table, Text, type MantineColor } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import {
  esNotaFe,
  etiquetaCodigoFe,
  MENSAJES_FE,
  NOMBRES_DOCUMENTO_FE,
  SUPER_ADMINISTRADOR,
  TEXTOS_ESTADO_FE,
  textoConceptoNota,
  type DocumentoFe,
  type EstadoDocumentoFe,
} from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearFechaHora } from '@/lib/formato';
import { useSesion } from '@/lib/sesion';
import { useFacturaElectronica, useReenviarNotaFe } from '../api/factura-electronica';
import { EnviarDianDialog } from '../facturacion/enviar-dian-dialog';

export const COLORES_ESTADO_FE: Record<EstadoDocumentoFe, MantineColor> = {
  ENVIANDO: 'blue',
  PENDIENTE_ENVIO: 'yellow',
  ACEPTADA: 'teal',
  RECHAZADA: 'red',
};

const RESULTADOS: Record<string, string> = {
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'Rechazada',
  PENDIENTE: 'En validación',
  NO_ENCONTRADA: 'No recibida aún',
  ERROR: 'Sin respuesta',
};
const OPERACIONES: Record<string, string> = { ENVIO: 'Envío', CONSULTA: 'Consulta de estado' };
const ESTADOS_CORREO: Record<string, string> = {
  PENDIENTE: 'En cola',
  ENVIADO: 'Enviado',
  BANDEJA_SALIDA: 'En la bandeja de salida (sin SMTP)',
  ERROR: 'No se pudo enviar',
};
const PROVEEDORES: Record<string, string> = { DIAN: 'DIAN directo', SIIGO: 'Siigo', NINGUNO: 'Sin proveedor' };

/** The document a SuperAdministrador is asked to confirm sending again. */
interface AReenviar {
  documento: DocumentoFe;
}

/**
 * The sale's electronic documents in its detail (docs/decisions-factura-electronica.md): each one's state, a note's
 * DIAN concept and reason, CUFE/CUDE, DIAN's messages (the reasons of a rejection, or what a note waits for), every
 * call made to the provider and every e-mail. Nothing shows for a sale never sent. SuperAdministrador gets 'Reenviar'
 * on a rejected invoice (Timbrar, its own rule) and on a note DIAN rejected or left pending once the document it
 * corrects is accepted ("Reenvío de una nota"); before that the note waits and the invoice is what to send.
 */
export function FacturaElectronicaVenta({ ventaId }: { ventaId: number }) {
  const consulta = useFacturaElectronica(ventaId);
  const sesion = useSesion();
  const [aReenviar, setAReenviar] = useState<AReenviar | null>(null);
  if (!consulta.data || consulta.data.documentos.length === 0) return null;
  const documentos = consulta.data.documentos;
  const corregidoAceptado = documentos.some((d) => (d.tipo === 'FACTURA' || d.tipo === 'POS') && d.estado === 'ACEPTADA');
  const reenviable = (documento: DocumentoFe) =>
    sesion?.role === SUPER_ADMINISTRADOR &&
    (esNotaFe(documento.tipo)
      ? corregidoAceptado && (documento.estado === 'RECHAZADA' || documento.estado === 'PENDIENTE_ENVIO')
      : documento.tipo === 'FACTURA' && documento.estado === 'RECHAZADA');
  const factura = aReenviar && !esNotaFe(aReenviar.documento.tipo) ? { id: ventaId, numero: aReenviar.documento.numero } : null;
  const nota = aReenviar && esNotaFe(aReenviar.documento.tipo) ? aReenviar.documento : null;
  return (
    <Stack gap="xs" aria-label="Factura electrónica">
      {documentos.map((documento) => (
        <Documento key={documento.id} documento={documento} onReenviar={reenviable(documento) ? () => setAReenviar({ documento }) : undefined} />
      ))}
      <EnviarDianDialog venta={factura} onCerrar={() => setAReenviar(null)} />
      <ModalFormulario opened={nota !== null} onClose={() => setAReenviar(null)} titulo={MENSAJES_FE.tituloReenvioNota} size="md">
        {nota !== null ? <ConfirmarReenvioNota key={nota.id} ventaId={ventaId} nota={nota} /> : null}
      </ModalFormulario>
    </Stack>
  );
}

/** The confirmation of a note's re-send: a form without fields, so Enviar runs once however often it is pressed. */
function ConfirmarReenvioNota({ ventaId, nota }: { ventaId: number; nota: DocumentoFe }) {
  const reenviar = useReenviarNotaFe();
  const form = useForm();
  return (
    <FormularioModal
      form={form}
      textoGuardar="Enviar"
      textoCerrar="Cancelar"
      guardar={() => reenviar.mutateAsync({ ventaId, documentoId: nota.id, numero: nota.numero })}
    >
      <Text size="sm">{MENSAJES_FE.confirmarReenvioNota(nota.numero)}</Text>
    </FormularioModal>
  );
}

function Documento({ documento, onReenviar }: { documento: DocumentoFe; onReenviar: (() => void) | undefined }) {
  const rechazada = documento.estado === 'RECHAZADA';
  return (
    <Paper withBorder p="sm" radius="sm" data-documento-fe={documento.tipo}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>{`${NOMBRES_DOCUMENTO_FE[documento.tipo]} ${documento.numero}`}</Text>
          <Badge size="sm" radius="sm" variant="light" color={COLORES_ESTADO_FE[documento.estado]}>
            {TEXTOS_ESTADO_FE[documento.estado]}
          </Badge>
          {onReenviar ? (
            <Button size="compact-xs" variant="light" color="teal" leftSection={<IconSend size={12} />} onClick={onReenviar} aria-label={`Reenviar ${documento.numero}`}>
              Reenviar
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {[
            documento.proveedor ? PROVEEDORES[documento.proveedor] : null,
            documento.ambiente ? (documento.ambiente === 1 ? 'Producción' : 'Pruebas') : null,
            documento.fecha_emision ? `Emitida ${documento.fecha_emision} ${documento.hora_emision ?? ''}` : null,
            documento.firmado ? 'Firmada' : documento.fecha_emision ? 'Sin firma' : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      {documento.concepto_nota ? (
        <Text size="xs" aria-label="Concepto y motivo">
          {`Concepto DIAN: ${textoConceptoNota(documento.concepto_nota)} · Motivo: ${documento.motivo ?? ''}`}
        </Text>
      ) : null}
      {documento.cufe ? (
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {`${etiquetaCodigoFe(documento.tipo)}: ${documento.cufe}`}
        </Text>
      ) : null}
      {documento.mensajes.length > 0 ? (
        <List size="xs" mt={4} c={rechazada ? 'red.8' : 'dimmed'} aria-label={rechazada ? 'Motivos del rechazo' : 'Mensajes'}>
          {documento.mensajes.map((mensaje, i) => (
            <List.Item key={i}>{mensaje}</List.Item>
          ))}
        </List>
      ) : null}
      {documento.intentos.length > 0 ? (
        <Table mt={6} fz="xs" verticalSpacing={2} withRowBorders={false} aria-label="Intentos de envío">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Operación</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th>Detalle</Table.Th>
              <Table.Th>Usuario</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documento.intentos.map((intento) => (
              <Table.Tr key={intento.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatearFechaHora(intento.inicio)}</Table.Td>
                <Table.Td>{OPERACIONES[intento.operacion] ?? intento.operacion}</Table.Td>
                <Table.Td>{RESULTADOS[intento.resultado] ?? intento.resultado}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{intento.mensaje ?? ''}</Table.Td>
                <Table.Td>{intento.nombre_usuario ?? 'Automático'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {documento.correos.length > 0 ? (
        <Stack gap={0} mt={6} aria-label="Correos">
          {documento.correos.map((correo) => (
            <Text key={correo.id} size="xs" c={correo.estado === 'ERROR' ? 'red.8' : undefined}>
              {`Correo a ${correo.destinatarios}: ${ESTADOS_CORREO[correo.estado] ?? correo.estado} (${formatearFechaHora(correo.enviado_at ?? correo.created_at)})${correo.mensaje && correo.estado === 'ERROR' ? ` — ${correo.mensaje}` : ''}`}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
