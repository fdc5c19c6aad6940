import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCash } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  CONCEPTO_DEVOLUCION_PARCIAL,
  devolucionParcialSchema,
  MENSAJES_DEVOLUCION_PARCIAL,
  MOTIVO_ANULACION_MAXIMO,
  textoConceptoNota,
  type DevolucionesVenta,
  type DevolucionParcial,
} from '@tablero/domain';
import { CampoCantidad, CampoEntero, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { ApiError } from '@/lib/api-error';
import { formatearCantidad, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useDevolucionesVenta, useDevolucionPrevia, useDevolverVenta } from '../api/facturas';

interface DevolucionVentaDialogProps {
  /** The billed sale; none: the dialog is closed. */
  ventaId: number | null;
  /** A POS sale: its return is credited by a nota de ajuste (docs/decisions-factura-electronica.md, "Documento equivalente POS"). */
  pos?: boolean;
  onCerrar: () => void;
}

/**
 * Devolución (docs/decisions-factura-electronica.md, "Devolución parcial"): SuperAdministrador gives back some lines of
 * a billed sale, or part of a line's quantity: the quantity per line (up to what is left), the reason, and, before
 * confirming, what the server says it gives back (credit, money by method). A sale with an electronic invoice shows the
 * credit note's DIAN concept, fixed to 1. Devolver runs once however often Enter or the button is pressed.
 */
export function DevolucionVentaDialog({ ventaId, pos = false, onCerrar }: DevolucionVentaDialogProps) {
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onCerrar} titulo={ventaId === null ? 'Devolución' : `Devolución de la venta No. ${ventaId}`} size="xl">
      {ventaId === null ? null : <Cargar key={ventaId} ventaId={ventaId} pos={pos} />}
    </ModalFormulario>
  );
}

function Cargar({ ventaId, pos }: { ventaId: number; pos: boolean }) {
  const devoluciones = useDevolucionesVenta(ventaId);
  if (devoluciones.isPending) return <Loader size="sm" />;
  if (devoluciones.isError) {
    return <Alert color="red">{devoluciones.error instanceof ApiError ? devoluciones.error.message : 'No se pudieron leer las líneas de la venta'}</Alert>;
  }
  return <Formulario ventaId={ventaId} datos={devoluciones.data} pos={pos} />;
}

/** The form: one quantity per line (blank or 0: the line stays), and the reason; the body is the server's contract. */
const formularioSchema = z
  .object({
    motivo: z.string(),
    lineas: z.array(z.object({ venta_detalle_id: z.number(), cantidad: z.union([z.number(), z.literal('')]) })),
  })
  .transform(({ motivo, lineas }, ctx): DevolucionParcial => {
    const revisado = devolucionParcialSchema.safeParse({ motivo, lineas: lineas.filter((l) => l.cantidad !== '' && l.cantidad > 0) });
    if (revisado.success) return revisado.data;
    // The reason's message under its field; a line's (the filtered index means nothing on screen) under the table.
    for (const issue of revisado.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path[0] === 'motivo' ? 'motivo' : 'lineas'] });
    return z.NEVER;
  });
type Valores = z.input<typeof formularioSchema>;

function cuerpo(valores: Valores): DevolucionParcial | null {
  const lineas = valores.lineas.flatMap((l) => (l.cantidad !== '' && l.cantidad > 0 ? [{ venta_detalle_id: l.venta_detalle_id, cantidad: l.cantidad }] : []));
  // The preview needs a reason to pass the contract; the one typed is sent when there is one.
  return lineas.length > 0 ? { motivo: valores.motivo.trim() || 'Vista previa', lineas } : null;
}

function Formulario({ ventaId, datos, pos }: { ventaId: number; datos: DevolucionesVenta; pos: boolean }) {
  const devolver = useDevolverVenta();
  const form = useForm<Valores, unknown, DevolucionParcial>({
    resolver: zodResolver(formularioSchema),
    defaultValues: { motivo: '', lineas: datos.lineas.map((l) => ({ venta_detalle_id: l.venta_detalle_id, cantidad: '' })) },
  });
  const valores = useWatch({ control: form.control }) as Valores;
  const previa = useDevolucionPrevia(ventaId, useDeferredValue(cuerpo(valores)));
  const sinNada = datos.lineas.every((l) => l.cantidad_disponible <= 0);
  return (
    <FormularioModal
      form={form}
      camposServidor={['motivo']}
      alInvalido={(errores) => form.setError('root', { message: errores.lineas?.message ?? errores.lineas?.root?.message ?? MENSAJES_DEVOLUCION_PARCIAL.lineas })}
      textoGuardar="Devolver"
      colorGuardar="orange"
      textoCerrar="Cancelar"
      deshabilitado={sinNada}
      guardar={(devolucion) => devolver.mutateAsync({ ventaId, devolucion: { ...devolucion, devoluciones_previas: datos.devoluciones.length } })}
    >
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Producto</Table.Th>
            <Table.Th ta="right">Facturado</Table.Th>
            <Table.Th ta="right">Devuelto</Table.Th>
            <Table.Th ta="right">Disponible</Table.Th>
            <Table.Th ta="right">Valor línea</Table.Th>
            <Table.Th w={140}>A devolver</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {datos.lineas.map((linea, n) => (
            <Table.Tr key={linea.venta_detalle_id}>
              <Table.Td>
                {linea.referencia} — {linea.nombre_producto}
              </Table.Td>
              <Table.Td ta="right">{formatearCantidad(linea.cantidad_facturada)}</Table.Td>
              <Table.Td ta="right">{formatearCantidad(linea.cantidad_devuelta)}</Table.Td>
              <Table.Td ta="right">{formatearCantidad(linea.cantidad_disponible)}</Table.Td>
              <Table.Td ta="right">{formatearMoneda(linea.valor_total)}</Table.Td>
              <Table.Td>
                {linea.unidades_enteras ? (
                  <CampoEntero control={form.control} name={`lineas.${n}.cantidad`} aria-label={`Cantidad a devolver de ${linea.nombre_producto}`} disabled={linea.cantidad_disponible <= 0} />
                ) : (
                  <CampoCantidad control={form.control} name={`lineas.${n}.cantidad`} aria-label={`Cantidad a devolver de ${linea.nombre_producto}`} disabled={linea.cantidad_disponible <= 0} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {datos.devoluciones.length > 0 ? (
        <Stack gap={2} aria-label="Devoluciones anteriores" role="list">
          <Text size="sm" fw={600}>
            Devoluciones anteriores
          </Text>
          {datos.devoluciones.map((d) => (
            <Text key={d.id} size="sm" role="listitem">
              No. {d.id} · {formatearFechaHora(d.fecha)} · {d.nombre_usuario ?? ''} · {formatearMoneda(d.valor_total)} · {d.motivo}
              {d.nota_credito ? ` · ${pos ? 'Nota de ajuste' : 'Nota crédito'} ${d.nota_credito}` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
      <CampoTexto control={form.control} name="motivo" label="Motivo de la devolución" withAsterisk maxLength={MOTIVO_ANULACION_MAXIMO} data-autofocus />
      {datos.con_nota_credito ? (
        <Text size="sm">
          {pos
            ? `La venta tiene documento equivalente POS: se emite una nota de ajuste con el concepto DIAN ${textoConceptoNota(CONCEPTO_DEVOLUCION_PARCIAL)}, solo con lo devuelto.`
            : `La venta tiene factura electrónica: se emite una nota crédito con el concepto DIAN ${textoConceptoNota(CONCEPTO_DEVOLUCION_PARCIAL)}, solo con lo devuelto.`}
        </Text>
      ) : null}
      {form.formState.errors.root?.message ? (
        <Alert color="red" variant="light" p="xs">
          {form.formState.errors.root.message}
        </Alert>
      ) : null}
      {previa.isFetching ? (
        <Text size="sm" c="dimmed">
          <Loader size="xs" mr={6} />
          Calculando lo que se devuelve…
        </Text>
      ) : previa.isError ? (
        <Alert color="red" variant="light" p="xs">
          {previa.error instanceof ApiError ? previa.error.message : 'No se pudo calcular lo que se devuelve'}
        </Alert>
      ) : previa.data ? (
        <Alert color="orange" variant="light" p="xs" icon={<IconCash size={18} />} data-testid="previa-devolucion">
          <Text size="sm" fw={600}>
            Valor devuelto: {formatearMoneda(previa.data.valor_total)}
          </Text>
          <Text size="sm">{previa.data.mensaje}</Text>
        </Alert>
      ) : null}
    </FormularioModal>
  );
}
