import { Badge, Group, List, Paper, Stack, Table, Text, type MantineColor } from '@mantine/core';
import { etiquetaCodigoFe, NOMBRES_DOCUMENTO_FE, TEXTOS_ESTADO_FE, textoConceptoNota, type DocumentoFe, type EstadoDocumentoFe } from '@tablero/domain';
import { formatearFechaHora } from '@/lib/formato';
import { useFacturaElectronica } from '../api/factura-electronica';

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

/**
 * The sale's electronic documents in its detail (docs/decisions-factura-electronica.md): each one's state, a credit
 * note's DIAN concept and reason, CUFE/CUDE, DIAN's messages (the reasons of a rejection, or what a note waits for),
 * every call made to the provider and every e-mail. Nothing shows for a sale never sent.
 */
export function FacturaElectronicaVenta({ ventaId }: { ventaId: number }) {
  const consulta = useFacturaElectronica(ventaId);
  if (!consulta.data || consulta.data.documentos.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Factura electrónica">
      {consulta.data.documentos.map((documento) => (
        <Documento key={documento.id} documento={documento} />
      ))}
    </Stack>
  );
}

function Documento({ documento }: { documento: DocumentoFe }) {
  const titulo = NOMBRES_DOCUMENTO_FE[documento.tipo];
  const rechazada = documento.estado === 'RECHAZADA';
  return (
    <Paper withBorder p="sm" radius="sm" data-documento-fe={documento.tipo}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>{`${titulo} ${documento.numero}`}</Text>
          <Badge size="sm" radius="sm" variant="light" color={COLORES_ESTADO_FE[documento.estado]}>
            {TEXTOS_ESTADO_FE[documento.estado]}
          </Badge>
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
