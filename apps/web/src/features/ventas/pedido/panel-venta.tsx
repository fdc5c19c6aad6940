import { memo, type Dispatch } from 'react';
import { Button, Divider, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconFileDescription } from '@tabler/icons-react';
import { ESTADOS_VENTA, NOMBRES_ESTADO_VENTA, OBSERVACION_VENTA_MAXIMA, type Impuesto, type ResultadoTotalesVenta, type TipoPago } from '@tablero/domain';
import { formatearMoneda, formatearPorcentaje } from '@/lib/formato';
import { cifrasPanel, type EstadoPedido } from './pedido.logica';
import type { AccionPedido } from './pedido.reductor';

/** The save shortcut, said on the button (a seller saves without the mouse). */
export const ATAJO_GUARDAR = 'Ctrl+Enter';

interface PanelVentaProps {
  observacion_venta: string;
  impuesto_adicional_id: number | null;
  estado_venta_id: EstadoPedido['estado_venta_id'];
  tipo_pago_id: EstadoPedido['tipo_pago_id'];
  /** Editing an existing order: Anular (3) is offered (spec 000 §2.12). */
  editando: boolean;
  impuestos: readonly Impuesto[];
  tiposPago: readonly TipoPago[];
  totales: ResultadoTotalesVenta | null;
  /** Why the totals cannot be computed (a line's amount beyond the largest): shown in their place. */
  motivoSinTotales: string | null;
  guardando: boolean;
  despachar: Dispatch<AccionPedido>;
  onGuardar: () => void;
  /** The form holds a quotation (docs/decisions-cotizaciones.md): it saves as one and has no state to choose. */
  cotizacion: boolean;
  /** 'Guardar como cotización': the same lines saved as a quotation (state 7). */
  onGuardarCotizacion: () => void;
}

const aOpcion = (valor: number | null) => (valor === null ? null : String(valor));

/**
 * The sale panel (spec 000 §2.12): observation, the order-level other tax (the active taxes), the status (1 Pendiente
 * facturar, 4 En edición, and 3 Anular only when editing), the payment type (1 by default), the totals of
 * calcularTotalesVenta (cifrasPanel: Subtotal before the discount, Descuento, the base, the taxes — other taxes as an
 * absolute value, spec 000 §9 — and Total) and Guardar.
 */
export const PanelVenta = memo(function PanelVenta({ totales, motivoSinTotales, guardando, onGuardar, onGuardarCotizacion, ...campos }: PanelVentaProps) {
  const cifras = totales ? cifrasPanel(totales) : null;
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label="Venta">
      <Stack gap={8}>
        <CamposVenta {...campos} />
        <Divider />
        <Stack gap={2} aria-label="Totales">
          <Cifra etiqueta="Subtotal" valor={cifras?.subtotal} />
          <Cifra etiqueta="Descuento" valor={cifras?.descuento} />
          <Cifra etiqueta="Subtotal con descuento" valor={cifras?.base} />
          <Cifra etiqueta="Impuestos" valor={cifras?.impuestos} />
          <Cifra etiqueta="Otros impuestos" valor={cifras?.otros} />
          <Cifra etiqueta="Total" valor={cifras?.total} fuerte />
          {motivoSinTotales ? (
            <Text size="xs" c="red.8" role="alert">
              {motivoSinTotales}
            </Text>
          ) : null}
        </Stack>
        <Button
          fullWidth
          leftSection={<IconDeviceFloppy size={16} />}
          loading={guardando}
          onClick={onGuardar}
          title={`Guardar (${ATAJO_GUARDAR} o Alt+G)`}
          aria-keyshortcuts="Control+Enter Alt+G"
        >
          {campos.cotizacion ? 'Guardar cotización' : 'Guardar'}
        </Button>
        {/* A new order can be saved as a quotation; an order being edited stays an order. */}
        {!campos.cotizacion && !campos.editando ? (
          <Button fullWidth variant="light" leftSection={<IconFileDescription size={16} />} loading={guardando} onClick={onGuardarCotizacion}>
            Guardar como cotización
          </Button>
        ) : null}
        <Text size="xs" c="dimmed" ta="center">
          Atajo: {ATAJO_GUARDAR}
        </Text>
      </Stack>
    </Paper>
  );
});

/**
 * The panel's fields, memoised apart from the totals: a typed quantity changes the totals only, and redrawing the
 * autosized observation measures it again (a forced layout of the whole page, several ms with 150 lines).
 */
const CamposVenta = memo(function CamposVenta({
  observacion_venta,
  impuesto_adicional_id,
  estado_venta_id,
  tipo_pago_id,
  editando,
  cotizacion,
  impuestos,
  tiposPago,
  despachar,
}: Omit<PanelVentaProps, 'totales' | 'motivoSinTotales' | 'guardando' | 'onGuardar' | 'onGuardarCotizacion'>) {
  const estados = [
    { value: String(ESTADOS_VENTA.pendienteFacturar), label: NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.pendienteFacturar] },
    { value: String(ESTADOS_VENTA.enEdicion), label: NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.enEdicion] },
    ...(editando ? [{ value: String(ESTADOS_VENTA.anulado), label: 'Anular' }] : []),
  ];
  const opcionesImpuesto = impuestos
    .filter((i) => i.activo || i.id === impuesto_adicional_id)
    .map((i) => ({ value: String(i.id), label: `${i.nombre_impuesto} (${formatearPorcentaje(i.porcentaje_impuesto)})` }));

  return (
    <>
      <Textarea
        label="Observación"
        size="xs"
        autosize
        minRows={2}
        maxRows={4}
        maxLength={OBSERVACION_VENTA_MAXIMA}
        value={observacion_venta}
        onChange={(evento) => despachar({ tipo: 'campo', cambio: { observacion_venta: evento.currentTarget.value } })}
      />
      <Select
        label="Otros impuestos"
        size="xs"
        placeholder="Ninguno"
        clearable
        data={opcionesImpuesto}
        value={aOpcion(impuesto_adicional_id)}
        onChange={(valor) => despachar({ tipo: 'campo', cambio: { impuesto_adicional_id: valor === null ? null : Number(valor) } })}
      />
      {cotizacion ? (
        <Text size="sm" aria-label="Estado">
          Estado: {NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.cotizacion]}
        </Text>
      ) : (
        <Select
          label="Estado"
          size="xs"
          withAsterisk
          allowDeselect={false}
          data={estados}
          value={aOpcion(estado_venta_id)}
          onChange={(valor) => despachar({ tipo: 'campo', cambio: { estado_venta_id: valor === null ? null : (Number(valor) as 1 | 3 | 4) } })}
        />
      )}
      <Select
        label="Tipo de pago"
        size="xs"
        withAsterisk
        allowDeselect={false}
        data={tiposPago.map((t) => ({ value: String(t.id), label: t.nombre_tipo_pago }))}
        value={aOpcion(tipo_pago_id)}
        onChange={(valor) => despachar({ tipo: 'campo', cambio: { tipo_pago_id: valor === null ? null : (Number(valor) as 1 | 2) } })}
      />
    </>
  );
});

function Cifra({ etiqueta, valor, fuerte = false }: { etiqueta: string; valor: number | undefined; fuerte?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size={fuerte ? 'md' : 'sm'} c={fuerte ? undefined : 'dimmed'} fw={fuerte ? 700 : undefined}>
        {etiqueta}
      </Text>
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 500} data-total={etiqueta}>
        {valor === undefined ? '—' : formatearMoneda(valor)}
      </Text>
    </Group>
  );
}
