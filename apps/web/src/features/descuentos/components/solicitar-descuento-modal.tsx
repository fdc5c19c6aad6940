import { Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { calcularDescuento, porcentajeDescuentoSchema, PORCENTAJE_DESCUENTO_MINIMO, type Descuento } from '@tablero/domain';
import { CampoNumero } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { useTienda } from '@/lib/sesion';
import { useSolicitarDescuento } from '../api/solicitar-descuento';

/** The order line a discount is asked for (spec 000 §3 Order line). */
export interface LineaDescuento {
  tercero_id: number;
  producto_id: number;
  referencia: string;
  nombre_producto: string;
  cantidad_solicitada: number;
  precio_unitario: number;
}

interface SolicitarDescuentoModalProps {
  opened: boolean;
  onClose: () => void;
  linea: LineaDescuento | null;
  /** Called with the request as saved (its id included) once the server accepted it: the order form waits for its decision. */
  onSolicitado?: (descuento: Descuento) => void;
}

const formularioSchema = z.object({ porcentaje_descuento: porcentajeDescuentoSchema });
type Entrada = z.input<typeof formularioSchema>;
type Salida = z.infer<typeof formularioSchema>;

/**
 * The discount request dialog (spec 000 §2.14), opened from an order line once a customer is chosen: the percentage
 * (minimum 1) with the line's subtotal, the amount discounted and the subtotal with discount as it is typed,
 * computed in centavos like the order's totals. Guardar sends the request; an approver decides it later.
 */
export function SolicitarDescuentoModal({ opened, onClose, linea, onSolicitado }: SolicitarDescuentoModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Solicitar descuento">
      {linea ? (
        <Formulario
          key={`${linea.producto_id}-${linea.cantidad_solicitada}-${linea.precio_unitario}`}
          linea={linea}
          {...(onSolicitado ? { onSolicitado } : {})}
        />
      ) : null}
    </ModalFormulario>
  );
}

function Formulario({ linea, onSolicitado }: { linea: LineaDescuento; onSolicitado?: (descuento: Descuento) => void }) {
  // The saved request (with its id), not only the message: the order form ties the decision to the line by it.
  const solicitar = useSolicitarDescuento();
  const tienda = useTienda();
  const form = useForm<Entrada, unknown, Salida>({
    resolver: zodResolver(formularioSchema),
    defaultValues: { porcentaje_descuento: '' },
  });
  const porcentaje = useWatch({ control: form.control, name: 'porcentaje_descuento' });
  const valido = formularioSchema.safeParse({ porcentaje_descuento: porcentaje }).success;
  const base = { cantidad_solicitada: linea.cantidad_solicitada, precio_unitario: linea.precio_unitario };
  const cifras = calcularDescuento({ ...base, porcentaje_descuento: valido && typeof porcentaje === 'number' ? porcentaje : 0 });

  return (
    <FormularioModal
      form={form}
      camposServidor={['porcentaje_descuento']}
      textoGuardar="Guardar"
      textoCerrar="Cancelar"
      guardar={async (datos) => {
        const { mensaje, descuento } = await solicitar.mutateAsync({
          porcentaje_descuento: datos.porcentaje_descuento,
          tercero_id: linea.tercero_id,
          producto_id: linea.producto_id,
          cantidad_solicitada: linea.cantidad_solicitada,
          precio_unitario: linea.precio_unitario,
          sub_total: cifras?.sub_total ?? 0,
          ...(tienda ? { codigo_tienda: tienda.codigo_tienda } : {}),
        });
        onSolicitado?.(descuento);
        return mensaje;
      }}
    >
      <Text size="sm">
        {linea.referencia} - {linea.nombre_producto}
      </Text>
      <CampoNumero
        control={form.control}
        name="porcentaje_descuento"
        label="Porcentaje de descuento"
        decimales={2}
        sufijo=" %"
        placeholder={`Mínimo ${PORCENTAJE_DESCUENTO_MINIMO}`}
        withAsterisk
        data-autofocus
      />
      <Stack gap={4}>
        <Cifra etiqueta="Subtotal" valor={cifras?.sub_total} />
        <Cifra etiqueta="Valor descuento" valor={cifras?.valor_descuento} />
        <Cifra etiqueta="Subtotal con descuento" valor={cifras?.sub_total_con_descuento} fuerte />
      </Stack>
    </FormularioModal>
  );
}

function Cifra({ etiqueta, valor, fuerte = false }: { etiqueta: string; valor: number | undefined; fuerte?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" fw={fuerte ? 700 : 500} data-cifra={etiqueta}>
        {formatearMoneda(valor ?? 0)}
      </Text>
    </Group>
  );
}
