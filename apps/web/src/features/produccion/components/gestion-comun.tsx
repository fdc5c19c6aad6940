import type { ReactNode } from 'react';
import { Badge, Button, Group, Select, Stack, Text, type ButtonProps, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { etiquetaTercero, GRUPOS_SERVICIO, type EtapaProduccion, type ProductoVentaProduccion, type Tercero } from '@tablero/domain';

/** spec 002 §2.18, §9: the services a stage works for, in the order the stages run. */
export const SERVICIOS_PRODUCCION = [
  { id: GRUPOS_SERVICIO.CORTE, nombre: 'Corte' },
  { id: GRUPOS_SERVICIO.ENCHAPE, nombre: 'Enchape' },
  { id: GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, nombre: 'Servicios especiales' },
  { id: GRUPOS_SERVICIO.EMPAQUE, nombre: 'Empaque' },
] as const;

/** The product references of a sale (the products, not the services), in item order, without repeats. */
export function referenciasDeVenta(lineas: readonly ProductoVentaProduccion[], ventaId: number): string[] {
  const propias = lineas.filter((l) => l.venta_id === ventaId).sort((a, b) => a.item - b.item);
  return [...new Set(propias.map((l) => l.referencia))];
}

export const nombreOperario = (etapa: Pick<EtapaProduccion, 'nombres_operario' | 'apellidos_operario'>) =>
  `${etapa.nombres_operario ?? ''} ${etapa.apellidos_operario ?? ''}`.trim();

interface SelectorOperarioProps {
  operarios: Tercero[] | undefined;
  cargando: boolean;
  value: number | null;
  /** A message under the field, or true to only mark it (the message is said elsewhere, once). */
  error?: string | boolean | null;
  onChange: (operarioId: number | null) => void;
}

/** The operator picker (terceros with role Operario), sized for a finger. */
export function SelectorOperario({ operarios, cargando, value, error, onChange }: SelectorOperarioProps) {
  return (
    <Select
      size="xl"
      label="Operario"
      placeholder={cargando ? 'Cargando operarios…' : 'Seleccione un operario'}
      data={(operarios ?? []).map((o) => ({ value: String(o.id), label: etiquetaTercero(o) }))}
      value={value === null ? null : String(value)}
      onChange={(valor) => onChange(valor === null ? null : Number(valor))}
      searchable
      clearable
      // Tapping the chosen operator again (a double tap on a tablet) keeps it: only the clear button empties it.
      allowDeselect={false}
      nothingFoundMessage="No se encontraron operarios"
      error={error ?? undefined}
      maxDropdownHeight={420}
      data-testid="gestion-operario"
    />
  );
}

/** The head of a stage card: OP, OV, service, priority, and its sale's references. */
export function ResumenEtapa({ etapa, referencias }: { etapa: EtapaProduccion; referencias: string[] }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Text fz={26} fw={700} lh={1.1}>
          OP {etapa.produccion_venta_id}
        </Text>
        <Text fz="xl" c="dimmed" lh={1.1}>
          OV {etapa.venta_id}
        </Text>
        <Badge size="lg" variant="light" color="blue" radius="sm">
          {etapa.nombre_grupo_servicio}
        </Badge>
        {etapa.prioritario ? (
          <Badge size="lg" color="red" radius="sm">
            Prioritario
          </Badge>
        ) : null}
        {etapa.suspendido ? (
          <Badge size="lg" color="orange" variant="filled" radius="sm">
            Suspendida
          </Badge>
        ) : null}
      </Group>
      {referencias.length > 0 ? (
        <Text fz="lg" lh={1.3}>
          {referencias.join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}

interface BotonTabletaProps extends Pick<ButtonProps, 'variant' | 'loading' | 'disabled'> {
  /** The action's icon, drawn at the size of the button's text. */
  icono?: Icon;
  color?: MantineColor;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A stage action on the shop-floor tablet (Continuar, Finalizar etapa, Parar, and the stop dialog's Cancelar): sized
 * for a finger like the rest of Gestionar (docs/decisions-produccion.md, "Tableta"), its icon as large as its text.
 */
export function BotonTableta({ icono: Icono, children, ...boton }: BotonTabletaProps) {
  return (
    <Button size="xl" leftSection={Icono ? <Icono size={28} /> : undefined} {...boton}>
      {children}
    </Button>
  );
}
