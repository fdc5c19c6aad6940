import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, CopyButton, Group, Paper, Radio, Stack, Table, Text, TextInput, type MantineColor } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconLink, IconMail } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  enviarCorreoDocumentosSchema,
  MENSAJES_ENVIO,
  mensajeCompartirDocumento,
  NOMBRES_CANAL_ENVIO,
  NOMBRES_ESTADO_ENVIO,
  urlWhatsApp,
  type DocumentoEnvio,
  type EnlaceDocumentoRespuesta,
  type EnviosVenta,
  type EstadoEnvio,
} from '@tablero/domain';
import { CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { Encabezados, FilaVacia, TablaDetalle, type Encabezado } from '@/components/tabla-detalle';
import { formatearFechaHora } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useCrearEnlaceDocumento, useEnviarCorreoDocumentos, useEnvios } from '../api/envios';

/**
 * 'Enviar documentos' in the sale detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): the sale's
 * document and the customer's statement by e-mail, or a signed link to share by WhatsApp; and the history of sends.
 * The kinds come from the server (GET facturas/{id}/envios): a new kind needs nothing here.
 */
export function EnviarDocumentosVenta({ ventaId }: { ventaId: number }) {
  const consulta = useEnvios(ventaId);
  const [dialogo, setDialogo] = useState<'correo' | 'enlace' | null>(null);
  const datos = consulta.data;
  return (
    <Paper withBorder p="sm" radius="sm" aria-label="Enviar documentos" role="region">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          Enviar documentos
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconMail size={14} />} disabled={!datos} onClick={() => setDialogo('correo')}>
            Enviar por correo
          </Button>
          <Button size="xs" variant="light" color="teal" leftSection={<IconLink size={14} />} disabled={!datos} onClick={() => setDialogo('enlace')}>
            Compartir enlace
          </Button>
        </Group>
      </Group>
      <HistorialEnvios datos={datos} cargando={consulta.isPending} />
      <ModalFormulario opened={dialogo === 'correo'} onClose={() => setDialogo(null)} titulo="Enviar documentos por correo" size="md">
        {dialogo === 'correo' && datos ? <FormularioCorreo ventaId={ventaId} datos={datos} /> : null}
      </ModalFormulario>
      <ModalFormulario opened={dialogo === 'enlace'} onClose={() => setDialogo(null)} titulo="Compartir enlace del documento" size="md" soloLectura>
        {dialogo === 'enlace' && datos ? <CompartirEnlace ventaId={ventaId} datos={datos} /> : null}
      </ModalFormulario>
    </Paper>
  );
}

const ENCABEZADOS: Encabezado[] = [
  { titulo: 'Fecha', ancho: 150 },
  { titulo: 'Documento', ancho: 170 },
  { titulo: 'Medio', ancho: 160 },
  { titulo: 'Destino' },
  { titulo: 'Estado', ancho: 170 },
  { titulo: 'Usuario', ancho: 150 },
];
const COLORES_ESTADO: Record<EstadoEnvio, MantineColor> = { PENDIENTE: 'blue', ENVIADO: 'teal', BANDEJA_SALIDA: 'yellow', ERROR: 'red' };

function HistorialEnvios({ datos, cargando }: { datos: EnviosVenta | undefined; cargando: boolean }) {
  const nombres = new Map(datos?.documentos.map((d) => [d.documento, d.nombre]));
  return (
    <TablaDetalle etiqueta="Historial de envíos" anchoMinimo={820} altoMaximo={200}>
      <Encabezados columnas={ENCABEZADOS} />
      <Table.Tbody>
        {!datos || datos.envios.length === 0 ? (
          <FilaVacia columnas={ENCABEZADOS.length}>{cargando ? 'Consultando los envíos…' : 'Aún no se han enviado documentos de esta venta.'}</FilaVacia>
        ) : (
          datos.envios.map((envio) => (
            <Table.Tr key={envio.id}>
              <Table.Td>{formatearFechaHora(envio.fecha)}</Table.Td>
              <Table.Td>{nombres.get(envio.documento) ?? envio.documento}</Table.Td>
              <Table.Td>{NOMBRES_CANAL_ENVIO[envio.canal]}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{envio.destino ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={COLORES_ESTADO[envio.estado]} variant="light" title={envio.mensaje ?? undefined}>
                  {NOMBRES_ESTADO_ENVIO[envio.estado]}
                </Badge>
              </Table.Td>
              <Table.Td>{envio.nombre_usuario ?? '—'}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TablaDetalle>
  );
}

type EntradaCorreo = { correo: string; documentos: DocumentoEnvio[] };

/** The addresses (the customer's proposed, editable, ';'-separated) and the documents, checked as the server checks them. */
function FormularioCorreo({ ventaId, datos }: { ventaId: number; datos: EnviosVenta }) {
  const enviar = useEnviarCorreoDocumentos();
  const form = useForm<EntradaCorreo, unknown, z.output<typeof enviarCorreoDocumentosSchema>>({
    resolver: zodResolver(enviarCorreoDocumentosSchema),
    defaultValues: { correo: datos.correo_cliente ?? '', documentos: ['VENTA'] },
  });
  const documentos = useController({ control: form.control, name: 'documentos' });
  return (
    <FormularioModal
      form={form}
      camposServidor={['correo', 'documentos']}
      textoGuardar="Enviar"
      textoCerrar="Cancelar"
      guardar={(valores) => enviar.mutateAsync({ ventaId, correo: valores.correo.join('; '), documentos: valores.documentos })}
    >
      <CampoTexto
        control={form.control}
        name="correo"
        label="Correos"
        description="Separe los correos con punto y coma (;)"
        placeholder="cliente@correo.com"
        data-autofocus
      />
      <Checkbox.Group label="Documentos" value={documentos.field.value} onChange={(valor) => documentos.field.onChange(valor as DocumentoEnvio[])} error={documentos.fieldState.error?.message}>
        <Stack gap={6} mt={6}>
          {datos.documentos.map((documento) => (
            <Checkbox key={documento.documento} value={documento.documento} label={documento.nombre} disabled={!documento.disponible} description={documento.motivo ?? undefined} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormularioModal>
  );
}

/** Picks the document, makes its signed link (recorded as a send), copies it and offers 'Compartir por WhatsApp'. */
function CompartirEnlace({ ventaId, datos }: { ventaId: number; datos: EnviosVenta }) {
  const crear = useCrearEnlaceDocumento();
  const disponibles = datos.documentos.filter((documento) => documento.disponible);
  const [documento, setDocumento] = useState<DocumentoEnvio>(disponibles[0]?.documento ?? 'VENTA');
  const [enlace, setEnlace] = useState<(EnlaceDocumentoRespuesta & { url: string }) | null>(null);

  const generar = async () => {
    if (crear.isPending) return;
    let respuesta: EnlaceDocumentoRespuesta;
    try {
      respuesta = await crear.mutateAsync({ ventaId, documento });
    } catch {
      // The API client already said why (its toast).
      return;
    }
    const url = new URL(respuesta.ruta, window.location.origin).toString();
    setEnlace({ ...respuesta, url });
    const copiado = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    notificarExito(copiado ? MENSAJES_ENVIO.enlaceCreado : MENSAJES_ENVIO.enlaceSinCopiar);
  };

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Documento"
        value={documento}
        onChange={(valor) => {
          setDocumento(valor as DocumentoEnvio);
          setEnlace(null);
        }}
      >
        <Stack gap={6} mt={6}>
          {datos.documentos.map((d) => (
            <Radio key={d.documento} value={d.documento} label={d.nombre} disabled={!d.disponible} description={d.motivo ?? undefined} />
          ))}
        </Stack>
      </Radio.Group>
      {enlace ? (
        <Stack gap={6}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label="Enlace" value={enlace.url} readOnly style={{ flex: 1 }} onFocus={(evento) => evento.currentTarget.select()} />
            <CopyButton value={enlace.url}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">{`Abre el PDF sin iniciar sesión durante ${enlace.vigencia_dias} días.`}</Text>
          <Anchor href={urlWhatsApp(mensajeCompartirDocumento(enlace.nombre, enlace.url))} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconBrandWhatsapp size={16} /> Compartir por WhatsApp
            </Group>
          </Anchor>
        </Stack>
      ) : null}
      <PieCerrar>
        <Button leftSection={<IconLink size={14} />} onClick={() => void generar()} loading={crear.isPending} disabled={disponibles.length === 0}>
          {enlace ? 'Crear otro enlace' : 'Crear y copiar enlace'}
        </Button>
      </PieCerrar>
    </Stack>
  );
}
