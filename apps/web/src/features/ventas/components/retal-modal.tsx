import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Input, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconRecycle } from '@tabler/icons-react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MENSAJES_RETAL, RUTAS, retalMedidasSchema, TIPOS_CANTO_RETAL, type RetalCotizado, type RetalMedidas } from '@tablero/domain';
import { CampoEntero, CampoSelect } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario, type PropsModal } from '@/components/modal-formulario';
import { formatearCantidad, formatearMoneda, formatearNumero } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useCrearVentaRetal, useImpuestoRetal, useMaterialesTablero, usePreciosRetal } from '../api/retales';
import type { RetalLinea } from '../pedido/linea-pedido';
import { useRetalesDisponibles } from './corte/corte.api';
import {
  cotizarRetal,
  cuerpoFacturaRetal,
  etiquetaRetalGuardado,
  valorRetalConIva,
  VALORES_INICIALES_RETAL,
  vinculoRetal,
  type PreciosRetal,
  type RetalElegido,
  type ValoresRetal,
} from './retal-modal.logica';

const CAMPOS = ['base', 'altura', 'tipo_canto'] as const;

const OPCIONES_CANTO = [
  { value: String(TIPOS_CANTO_RETAL.ninguno), label: 'Sin canto' },
  { value: String(TIPOS_CANTO_RETAL.rigido), label: 'Rígido' },
  { value: String(TIPOS_CANTO_RETAL.flexible), label: 'Flexible' },
];

const LADOS = [
  { lado: 'superior', etiqueta: 'Superior' },
  { lado: 'inferior', etiqueta: 'Inferior' },
  { lado: 'izquierdo', etiqueta: 'Izquierdo' },
  { lado: 'derecho', etiqueta: 'Derecho' },
] as const;

const SIN_LADOS = VALORES_INICIALES_RETAL.lados;

/** 0.24 m², 1.5 m: up to 6 decimals (whole mm² and mm), no trailing zeros. */
const medida = (valor: number) => formatearNumero(valor, 6);

/** The order form's router state when it opens with an offcut line (the sales order form reads `lineaRetal`). */
interface EstadoPedidoConRetal {
  lineaRetal: RetalCotizado['linea'] & { retal: RetalLinea };
}

/**
 * The offcut calculator (spec 000 §2.11, §5, §9), opened from home's Retales: base and height in whole mm, the edge
 * type and its sides, the three base prices from the parameters, the price as it is typed, and Crear venta, which
 * asks the server to price it (facturas/retal) and opens the order form with the offcut line.
 */
export function RetalModal({ opened, onClose }: PropsModal) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Calculadora de retales" size="lg">
      {opened ? <CalculadoraRetal /> : null}
    </ModalFormulario>
  );
}

function CalculadoraRetal() {
  const navigate = useNavigate();
  const { cargando, error, lectura, recargar } = usePreciosRetal();
  const crear = useCrearVentaRetal();
  const precios = lectura?.precios ?? null;
  const impuesto = useImpuestoRetal();
  const sinProducto = impuesto.data === null;

  const form = useForm<ValoresRetal, unknown, RetalMedidas>({
    resolver: zodResolver(retalMedidasSchema) as unknown as Resolver<ValoresRetal, unknown, RetalMedidas>,
    defaultValues: VALORES_INICIALES_RETAL,
  });
  const { control, setValue } = form;
  const valores = useWatch({ control }) as ValoresRetal;
  const [elegido, setElegido] = useState<RetalElegido | null>(null);
  const vinculo = vinculoRetal(valores, elegido);
  // docs/decisions-retales.md: base or height changed by hand after choosing a kept offcut drops the link; typed back
  // to the offcut's measures, the link returns.
  useEffect(() => {
    if (vinculo === 'roto' && valores.retal_id != null) setValue('retal_id', null);
    else if (vinculo === 'vinculado' && elegido && valores.retal_id !== elegido.id) setValue('retal_id', elegido.id);
  }, [vinculo, valores.retal_id, elegido, setValue]);
  const conCanto = valores.tipo_canto !== TIPOS_CANTO_RETAL.ninguno;
  const precio = cotizarRetal(valores, precios);
  // What the customer pays, as the order line will carry it (with the RETAL product's IVA).
  const valor = precio && typeof impuesto.data === 'number' ? valorRetalConIva(precio, impuesto.data) : null;

  const guardar = async (medidas: RetalMedidas) => {
    if (!precios) throw new Error(MENSAJES_RETAL.sinPrecios);
    try {
      const respuesta = await crear.mutateAsync(cuerpoFacturaRetal(medidas, precios));
      const { linea } = respuesta.data;
      // The line names the kept offcut it sells by its code (the server's answer carries only its id).
      const codigo = medidas.retal_id != null && elegido?.id === medidas.retal_id ? elegido.codigo : null;
      const estado: EstadoPedidoConRetal = { lineaRetal: { ...linea, retal: { ...linea.retal, retal_id: linea.retal.retal_id ?? medidas.retal_id ?? null, codigo } } };
      void navigate(RUTAS.facturacionCrear.path, { state: estado });
      return respuesta.message ?? 'Retal agregado al pedido';
    } catch (fallo) {
      // The prices may have changed since the dialog read them (the server refuses other amounts): read them again.
      recargar();
      throw fallo;
    }
  };

  return (
    <FormularioModal
      form={form}
      guardar={guardar}
      camposServidor={CAMPOS}
      alInvalido={() => notificarError(MENSAJES_RETAL.campos)}
      textoGuardar="Crear venta"
      deshabilitado={!precios || sinProducto}
    >
      <RetalGuardado
        elegido={elegido}
        vinculo={vinculo}
        onElegir={(retal) => {
          setElegido(retal);
          if (!retal) {
            setValue('retal_id', null, { shouldDirty: true });
            return;
          }
          setValue('base', retal.base, { shouldDirty: true, shouldValidate: true });
          setValue('altura', retal.altura, { shouldDirty: true, shouldValidate: true });
          setValue('retal_id', retal.id, { shouldDirty: true });
        }}
      />
      <SimpleGrid cols={3} spacing="sm">
        <CampoEntero control={control} name="base" label="Base (mm)" withAsterisk maxLength={6} data-autofocus />
        <CampoEntero control={control} name="altura" label="Altura (mm)" withAsterisk maxLength={6} />
        <CampoSelect
          control={control}
          name="tipo_canto"
          numerico
          label="Tipo de canto"
          data={OPCIONES_CANTO}
          allowDeselect={false}
          alCambiar={(elegido) => {
            // Without an edge type no side carries edge band: the ticks go, as the price already ignores them.
            if (elegido === String(TIPOS_CANTO_RETAL.ninguno)) setValue('lados', SIN_LADOS, { shouldDirty: true });
          }}
        />
      </SimpleGrid>
      <Input.Wrapper
        labelElement="div"
        label="Lados con canto"
        description={conCanto ? 'Superior e inferior miden la base; izquierdo y derecho, la altura' : 'Elija un tipo de canto para marcar los lados'}
      >
        <Group gap="lg" mt={6} role="group" aria-label="Lados con canto">
          {LADOS.map(({ lado, etiqueta }) => (
            <Controller
              key={lado}
              control={control}
              name={`lados.${lado}`}
              render={({ field }) => (
                <Checkbox
                  label={etiqueta}
                  checked={Boolean(field.value)}
                  disabled={!conCanto}
                  onChange={(evento) => field.onChange(evento.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          ))}
        </Group>
      </Input.Wrapper>
      <PreciosBase cargando={cargando} error={error} precios={precios} faltantes={lectura?.faltantes ?? []} recargar={recargar} />
      {sinProducto ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No se puede calcular el retal">
          <Text size="sm">{MENSAJES_RETAL.sinProducto}.</Text>
        </Alert>
      ) : null}
      <Paper withBorder radius="sm" p={0}>
        <Table verticalSpacing={6} horizontalSpacing="md" layout="fixed" aria-label="Valor del retal">
          <Table.Tbody>
            <Fila etiqueta="Área (m²)" valor={precio ? medida(precio.area) : ''} />
            <Fila etiqueta="Valor pieza" valor={precio ? formatearMoneda(precio.total_precio_base) : ''} />
            <Fila etiqueta="Metros de canto" valor={precio ? medida(precio.cantidad_canto) : ''} />
            <Fila etiqueta="Valor canto" valor={precio ? formatearMoneda(precio.total_precio_canto) : ''} />
            <Fila etiqueta="Subtotal sin IVA" valor={valor ? formatearMoneda(valor.base) : ''} />
            <Fila etiqueta={valor ? `IVA ${formatearNumero(valor.porcentaje_impuesto, 2)} %` : 'IVA'} valor={valor ? formatearMoneda(valor.iva) : ''} />
            <Fila etiqueta="Total con IVA" valor={valor ? formatearMoneda(valor.total) : ''} total />
          </Table.Tbody>
        </Table>
      </Paper>
    </FormularioModal>
  );
}

function Fila({ etiqueta, valor, total = false }: { etiqueta: string; valor: string; total?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="60%" fw={total ? 700 : 500} fz={total ? 'md' : 'sm'}>
        {etiqueta}
      </Table.Th>
      <Table.Td ta="right" fw={total ? 700 : 400} fz={total ? 'md' : 'sm'} aria-label={etiqueta}>
        {valor || '—'}
      </Table.Td>
    </Table.Tr>
  );
}

interface PreciosBaseProps {
  cargando: boolean;
  error: boolean;
  precios: PreciosRetal | null;
  faltantes: string[];
  recargar: () => void;
}

/** The three base prices, read-only: they come from the parameters (SuperAdministrador edits them in Parámetros). */
function PreciosBase({ cargando, error, precios, faltantes, recargar }: PreciosBaseProps) {
  if (cargando) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Cargando precios base…
        </Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No se pudieron leer los precios base">
        <Group justify="space-between" gap="xs">
          <Text size="sm">Revise su conexión e intente de nuevo.</Text>
          <Button size="xs" variant="default" onClick={recargar}>
            Reintentar
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!precios) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No se puede calcular el retal">
        <Stack gap={4}>
          <Text size="sm">{MENSAJES_RETAL.sinPrecios}.</Text>
          <Text size="sm">{`Falta o no es un valor válido: ${faltantes.join(', ')}. Un SuperAdministrador los registra en Parámetros.`}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Input.Wrapper labelElement="div" label="Precios base">
      <SimpleGrid cols={3} spacing="sm" mt={6}>
        <TextInput label="Pieza (m²)" value={formatearMoneda(precios.pieza)} readOnly variant="filled" tabIndex={-1} />
        <TextInput label="Canto rígido (metro)" value={formatearMoneda(precios.canto_rigido)} readOnly variant="filled" tabIndex={-1} />
        <TextInput label="Canto flexible (metro)" value={formatearMoneda(precios.canto_flexible)} readOnly variant="filled" tabIndex={-1} />
      </SimpleGrid>
    </Input.Wrapper>
  );
}

interface RetalGuardadoProps {
  elegido: RetalElegido | null;
  vinculo: ReturnType<typeof vinculoRetal>;
  onElegir: (retal: RetalElegido | null) => void;
}

/**
 * 'Desde un retal guardado' (docs/decisions-retales.md): the seller picks the board material, then one of the store's
 * kept offcuts of it; base and height take its measures and the sale will consume it. Closed until asked for, so the
 * calculator reads nothing more for an offcut measured at the counter.
 */
function RetalGuardado({ elegido, vinculo, onElegir }: RetalGuardadoProps) {
  const [abierto, setAbierto] = useState(false);
  const [materialId, setMaterialId] = useState<number | null>(null);
  const materiales = useMaterialesTablero(abierto);
  const retales = useRetalesDisponibles(abierto ? materialId : null, null);
  const lista = retales.data ?? [];

  if (!abierto) {
    return (
      <Group>
        <Button variant="light" color="teal" size="xs" leftSection={<IconRecycle size={16} />} onClick={() => setAbierto(true)}>
          Desde un retal guardado
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="xs" data-testid="retal-guardado">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Desde un retal guardado
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Material del retal"
            placeholder={materiales.isLoading ? 'Cargando materiales…' : 'Seleccione el material'}
            data={(materiales.data ?? []).map((producto) => ({ value: String(producto.id), label: `${producto.referencia} - ${producto.nombre_producto}` }))}
            value={materialId === null ? null : String(materialId)}
            onChange={(valor) => {
              setMaterialId(valor === null ? null : Number(valor));
              onElegir(null);
            }}
            searchable
            clearable
            nothingFoundMessage="No se encontraron materiales"
          />
          <Select
            label="Retal guardado"
            placeholder={materialId === null ? 'Elija primero el material' : retales.isLoading ? 'Cargando retales…' : lista.length === 0 ? 'Sin retales de este material' : 'Seleccione el retal'}
            disabled={materialId === null || lista.length === 0}
            data={lista.map((retal) => ({ value: String(retal.id), label: etiquetaRetalGuardado(retal, formatearCantidad) }))}
            value={elegido === null ? null : String(elegido.id)}
            onChange={(valor) => {
              const retal = lista.find((r) => String(r.id) === valor);
              onElegir(retal ? { id: retal.id, codigo: retal.codigo, base: retal.base, altura: retal.altura } : null);
            }}
            searchable
            clearable
            nothingFoundMessage="No se encontraron retales"
          />
        </SimpleGrid>
        {elegido && vinculo === 'vinculado' ? (
          <Text size="xs" c="teal.9" data-testid="retal-vinculado">
            {`Se venderá el retal ${elegido.codigo} del inventario con sus medidas.`}
          </Text>
        ) : null}
        {elegido && vinculo === 'roto' ? (
          <Text size="xs" c="orange.9" data-testid="retal-desvinculado">
            {`Las medidas cambiaron a mano: la venta ya no usará el retal ${elegido.codigo} del inventario.`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
