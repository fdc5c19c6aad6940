import { useState } from 'react';
import { Badge, Button, Divider, Group, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { MENSAJES_CAJAS, NOMBRES_EVENTO_TURNO_CAJA, textoDiferencia } from '@tablero/domain';
import { Dato } from '@/components/dato';
import { ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { abrirDocumento } from '@/lib/descargar';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useReabrirTurno, useRevisarTurno, useTurno, type TurnoDetalleJson } from '../api/cajas';

/** The cash of a shift by origin, and the expected cash. */
export function EfectivoTurno({ turno }: { turno: Pick<TurnoDetalleJson, 'base_inicial' | 'movimientos' | 'efectivo_esperado'> }) {
  const m = turno.movimientos;
  const filas: [string, number][] = [
    ['Base inicial', turno.base_inicial],
    ['+ Ventas en efectivo', m.ventas],
    ['+ Abonos a crédito', m.abonos_credito],
    ['+ Anticipos', m.anticipos],
    ['+ Ingresos', m.ingresos],
    ['− Devoluciones', m.devoluciones],
    ['− Egresos', m.egresos],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label="Efectivo del turno">
      <Table.Tbody>
        {filas.map(([etiqueta, valor]) => (
          <Table.Tr key={etiqueta}>
            <Table.Td>{etiqueta}</Table.Td>
            <Table.Td ta="right">{formatearMoneda(valor)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Efectivo esperado</Table.Td>
          <Table.Td ta="right" fw={700} data-testid="efectivo-esperado">
            {formatearMoneda(turno.efectivo_esperado)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The difference as a badge: Sobrante (blue), Faltante (red), Cuadrada (teal). */
export function DiferenciaBadge({ diferencia }: { diferencia: number | null }) {
  if (diferencia === null) return <>—</>;
  const texto = textoDiferencia(diferencia);
  const color = texto === 'Cuadrada' ? 'teal' : texto === 'Sobrante' ? 'blue' : 'red';
  return (
    <Badge color={color} variant="light">
      {texto} {diferencia === 0 ? '' : formatearMoneda(Math.abs(diferencia))}
    </Badge>
  );
}

/** A shift's state with its review in one badge: Abierto, Por revisar, Aprobado or Comentado. */
export function EstadoTurnoBadge({ turno }: { turno: Pick<TurnoDetalleJson, 'estado' | 'estado_revision'> }) {
  if (turno.estado === 'ABIERTO') return <Badge color="teal">Abierto</Badge>;
  if (turno.estado_revision === 'APROBADO') return <Badge color="green" variant="outline">Aprobado</Badge>;
  if (turno.estado_revision === 'COMENTADO') return <Badge color="blue" variant="outline">Comentado</Badge>;
  return <Badge color="gray">Por revisar</Badge>;
}

/** The closing PDF's two buttons (letter and 80 mm). */
export function BotonesPdf({ turno }: { turno: Pick<TurnoDetalleJson, 'enlace_pdf' | 'enlace_pdf_80mm'> }) {
  if (!turno.enlace_pdf || !turno.enlace_pdf_80mm) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void abrirDocumento(turno.enlace_pdf!, { texto: 'Abrir cierre de caja' })}>
        Cierre (carta)
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void abrirDocumento(turno.enlace_pdf_80mm!, { texto: 'Abrir cierre de caja' })}>
        Tirilla 80 mm
      </Button>
    </>
  );
}

function Detalle({ id, puedeRevisar }: { id: number; puedeRevisar: boolean }) {
  const consulta = useTurno(id);
  const revisar = useRevisarTurno();
  const reabrir = useReabrirTurno();
  const [comentario, setComentario] = useState('');
  const [motivo, setMotivo] = useState('');
  const [errorMotivo, setErrorMotivo] = useState<string | null>(null);
  const [errorComentario, setErrorComentario] = useState<string | null>(null);
  const t = consulta.data;
  if (!t) return <Text size="sm">{consulta.isError ? 'No se pudo cargar el turno.' : 'Cargando…'}</Text>;
  const cerrado = t.estado === 'CERRADO';
  const ocupado = revisar.isPending || reabrir.isPending;
  const enviarRevision = async (aprobado: boolean) => {
    if (!aprobado && !comentario.trim()) {
      setErrorComentario(MENSAJES_CAJAS.comentario);
      return;
    }
    setErrorComentario(null);
    // A refusal is announced by the query client; the dialog stays as it was.
    const mensaje = await revisar.mutateAsync({ id, datos: { aprobado, comentario: comentario.trim() || null } }).catch(() => null);
    if (mensaje === null) return;
    notificarExito(mensaje);
    setComentario('');
  };
  const enviarReapertura = async () => {
    if (!motivo.trim()) {
      setErrorMotivo(MENSAJES_CAJAS.motivo);
      return;
    }
    setErrorMotivo(null);
    const mensaje = await reabrir.mutateAsync({ id, datos: { motivo: motivo.trim() } }).catch(() => null);
    if (mensaje === null) return;
    notificarExito(mensaje);
    setMotivo('');
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Dato etiqueta="Caja">{t.nombre_caja}</Dato>
        <Dato etiqueta="Cajero">{t.nombre_usuario}</Dato>
        <Dato etiqueta="Estado">{t.estado === 'ABIERTO' ? 'Abierto' : 'Cerrado'}</Dato>
        <Dato etiqueta="Apertura">{formatearFechaHora(t.fecha_apertura)}</Dato>
        <Dato etiqueta="Cierre">{t.fecha_cierre ? formatearFechaHora(t.fecha_cierre) : ''}</Dato>
        <Dato etiqueta="Revisión">{t.estado_revision === 'APROBADO' ? `Aprobado por ${t.nombre_revisor ?? ''}` : t.estado_revision === 'COMENTADO' ? `Comentado por ${t.nombre_revisor ?? ''}` : cerrado ? 'Pendiente' : ''}</Dato>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EfectivoTurno turno={t} />
        <Stack gap="xs">
          {cerrado ? (
            <Group gap="lg">
              <Dato etiqueta="Efectivo contado">{formatearMoneda(t.efectivo_contado)}</Dato>
              <Dato etiqueta="Diferencia">
                <DiferenciaBadge diferencia={t.diferencia} />
              </Dato>
              {t.observacion_cierre ? <Dato etiqueta="Observación">{t.observacion_cierre}</Dato> : null}
              {t.comentario_revision ? <Dato etiqueta="Comentario de la revisión">{t.comentario_revision}</Dato> : null}
            </Group>
          ) : null}
          <Divider label="Historial del turno" labelPosition="left" />
          <Stack gap={2}>
            {t.eventos.map((e) => (
              <Text key={e.id} size="xs">
                {formatearFechaHora(e.fecha)} · <b>{NOMBRES_EVENTO_TURNO_CAJA[e.evento]}</b> · {e.nombre_usuario ?? 'Tablero (sistema)'}
                {e.detalle ? ` · ${e.detalle}` : ''}
              </Text>
            ))}
          </Stack>
        </Stack>
      </SimpleGrid>
      {puedeRevisar && cerrado ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
          <Textarea label="Comentario" value={comentario} onChange={(e) => setComentario(e.currentTarget.value)} maxLength={500} autosize minRows={1} error={errorComentario} />
          <Group gap="xs">
            <Button color="teal" loading={revisar.isPending} disabled={ocupado} onClick={() => void enviarRevision(true)}>
              Aprobar cierre
            </Button>
            <Button variant="default" disabled={ocupado} onClick={() => void enviarRevision(false)}>
              Solo comentar
            </Button>
          </Group>
          </Stack>
          <Stack gap="xs">
          <Textarea label="Motivo para reabrir" value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} maxLength={500} autosize minRows={1} error={errorMotivo} />
          <Group gap="xs">
            <Button color="orange" variant="light" loading={reabrir.isPending} disabled={ocupado} onClick={() => void enviarReapertura()}>
              Reabrir turno
            </Button>
          </Group>
          </Stack>
        </SimpleGrid>
      ) : null}
      <PieCerrar mt="xs">
        <BotonesPdf turno={t} />
      </PieCerrar>
    </Stack>
  );
}

/** A shift's detail: cash by origin, the count, its steps, the PDF; a reviewer approves, comments or reopens it here. */
export function TurnoDetalleModal({ id, onClose, puedeRevisar }: { id: number | null; onClose: () => void; puedeRevisar: boolean }) {
  return (
    <ModalFormulario opened={id !== null} onClose={onClose} titulo={id ? `Turno de caja No. ${id}` : ''} size="xl" soloLectura>
      {id ? <Detalle id={id} puedeRevisar={puedeRevisar} /> : null}
    </ModalFormulario>
  );
}
