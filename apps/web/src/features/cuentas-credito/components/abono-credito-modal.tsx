import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconFileTypePdf, IconPigMoney, IconPlus, IconTrash } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { hoyNegocio, OBSERVACION_ABONO_MAXIMA, type AbonoCredito, type FormaPago, type VentaPendienteCredito } from '@tablero/domain';
import { CampoAreaTexto, CampoSelect } from '@/components/campos-formulario';
import { CampoFecha, EntradaFecha } from '@/components/entrada-fecha';
import { EntradaMonto } from '@/components/entradas-numericas';
import { FormularioModal, ModalFormulario, useCierreModal } from '@/components/modal-formulario';
import { ApiError } from '@/lib/api-error';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { useFormasPago } from '@/lib/formas-pago';
import { formatearFecha, formatearMoneda, formatearMonedaLista } from '@/lib/formato';
import { notificarAviso, notificarError } from '@/lib/notificaciones';
import { useRegistrarAbonoCredito, useSaldoAnticipo, useVentasPendientes } from '../api/creditos';
import {
  agregarAnticipo,
  agregarFila,
  esquemaAbonoCredito,
  excesoAnticipo,
  formaAnticipo,
  formasOfrecidas,
  mensajeInvalido,
  motivoNoAgregar,
  saldoDeVenta,
  totalAbono,
  type FilaAbono,
  type FormularioAbonoCredito,
} from './abono-credito.logica';

/** The credit whose sale is paid: its id and the customer (the title carries the names, spec 002 §2.3). */
export interface CreditoAbono {
  id: number;
  cliente_id: number;
  nombres: string;
  apellidos: string;
}

interface AbonoCreditoModalProps {
  /** The credit; null: the dialog is closed. */
  credito: CreditoAbono | null;
  /** Opened from a sale's row: that sale, locked and preselected. */
  ventaId?: number | null;
  onCerrar: () => void;
}


/**
 * The credit payment form (spec 002 §2.3, §5 Credit payment; issue 17 point 3), a large static dialog: the sale (locked
 * when opened from one) among the pending ones with their balances, the date (not after today), the observation, the
 * methods with their amounts (and voucher code and deposit date where the method asks for them), the customer's
 * advance balance usable as a method, the total, and the sale's receipt once one is chosen. Saving posts one payment.
 */
export function AbonoCreditoModal({ credito, ventaId = null, onCerrar }: AbonoCreditoModalProps) {
  // The title keeps the names while the dialog fades out.
  const [ultimo, setUltimo] = useState(credito);
  if (credito !== null && credito !== ultimo) setUltimo(credito);
  const titulo = ultimo ? `Registrar abono de ${ultimo.nombres} ${ultimo.apellidos}`.trim() : 'Registrar abono';
  return (
    <ModalFormulario opened={credito !== null} onClose={onCerrar} titulo={titulo} size="lg">
      {credito ? <Cargar key={`${credito.id}:${ventaId ?? ''}`} credito={credito} ventaId={ventaId} /> : null}
    </ModalFormulario>
  );
}

function Cargar({ credito, ventaId }: { credito: CreditoAbono; ventaId: number | null }) {
  const ventas = useVentasPendientes(credito.id);
  const formas = useFormasPago();
  const anticipo = useSaldoAnticipo(credito.cliente_id);
  const cierre = useCierreModal();
  const error = ventas.error ?? formas.error ?? anticipo.error;
  if (error) {
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {error instanceof ApiError ? error.message : 'No se pudo cargar el crédito'}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => cierre?.cerrar()}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!ventas.data || !formas.data || anticipo.data === undefined) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Cargando crédito" />
      </Group>
    );
  }
  return <Formulario ventas={ventas.data} formas={formas.data} saldoAnticipo={anticipo.data} ventaId={ventaId} />;
}

interface FormularioProps {
  ventas: VentaPendienteCredito[];
  formas: FormaPago[];
  saldoAnticipo: number;
  ventaId: number | null;
}

function Formulario({ ventas, formas, saldoAnticipo, ventaId }: FormularioProps) {
  const registrar = useRegistrarAbonoCredito();
  const hoy = hoyNegocio();
  const bloqueada = ventaId !== null;
  const ventaPendiente = ventaId === null || ventas.some((venta) => venta.venta_id === ventaId);
  const esquema = useMemo(() => esquemaAbonoCredito(ventas, saldoAnticipo, hoy), [ventas, saldoAnticipo, hoy]);
  const form = useForm<FormularioAbonoCredito, unknown, AbonoCredito>({
    // The schema reads the form's values (null while not chosen); its input type is narrower than the form's.
    resolver: zodResolver(esquema) as unknown as Resolver<FormularioAbonoCredito, unknown, AbonoCredito>,
    defaultValues: {
      // Opened from a sale: that one; otherwise the only pending sale when there is just one.
      venta_id: ventaId !== null ? (ventaPendiente ? ventaId : null) : ventas.length === 1 ? (ventas[0]?.venta_id ?? null) : null,
      fecha_abono: hoy,
      observacion_abono: '',
      formas: [],
    },
  });
  const { control, setValue } = form;
  const ventaElegida = useWatch({ control, name: 'venta_id' });
  const filas = useWatch({ control, name: 'formas' });
  const saldoPendiente = saldoDeVenta(ventas, ventaElegida);
  const venta = ventas.find((v) => v.venta_id === ventaElegida) ?? null;

  const [formaElegida, setFormaElegida] = useState<string | null>(null);
  const ofrecidas = formasOfrecidas(formas, filas);
  const metodoAnticipo = formaAnticipo(formas);
  const usaAnticipo = filas.some((fila) => fila.forma.id === metodoAnticipo?.id);
  const anticipo = excesoAnticipo(filas, saldoAnticipo);

  const cambiarFilas = (nuevas: FilaAbono[]) => setValue('formas', nuevas, { shouldDirty: true });
  const actualizarFila = (clave: number, cambio: Partial<Omit<FilaAbono, 'clave' | 'forma'>>) =>
    cambiarFilas(filas.map((fila) => (fila.clave === clave ? { ...fila, ...cambio } : fila)));

  const agregar = () => {
    const forma = ofrecidas.find((f) => String(f.id) === formaElegida);
    // spec 002 §5: no method chosen is an error; a row left incomplete is a warning.
    if (!forma) {
      notificarError(motivoNoAgregar(forma, filas) ?? '');
      return;
    }
    const motivo = motivoNoAgregar(forma, filas);
    if (motivo) {
      notificarAviso(motivo);
      return;
    }
    cambiarFilas(agregarFila(filas, forma, saldoPendiente));
    setFormaElegida(null);
  };

  const usarAnticipo = () => {
    const motivo = motivoNoAgregar(metodoAnticipo, filas);
    if (motivo) {
      notificarAviso(motivo);
      return;
    }
    const nuevas = agregarAnticipo(filas, formas, saldoAnticipo, saldoPendiente);
    if (nuevas) cambiarFilas(nuevas);
  };

  const opcionesVenta = ventas.map((v) => ({
    value: String(v.venta_id),
    label: `Venta No. ${v.venta_id} · ${formatearFecha(v.fecha_movimiento)} · Saldo ${formatearMonedaLista(v.valor_saldo_movimiento)}`,
  }));

  return (
    <FormularioModal
      form={form}
      guardar={async (datos) => (await registrar.mutateAsync(datos)).mensaje}
      camposServidor={['venta_id', 'fecha_abono', 'observacion_abono']}
      // spec 002 §5: a missing sale, date or observation is 'Faltan campos por ingresar'; the rules of the methods
      // say their own message.
      alInvalido={(errores) => notificarError(mensajeInvalido(errores))}
    >
      {!ventaPendiente ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {`La venta No. ${ventaId} no tiene saldo pendiente.`}
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <CampoSelect
          control={control}
          name="venta_id"
          numerico
          label="Venta"
          placeholder={ventas.length === 0 ? 'El crédito no tiene ventas pendientes' : 'Seleccione'}
          withAsterisk
          data={opcionesVenta}
          disabled={bloqueada}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Sin resultados"
          comboboxProps={{ withinPortal: true }}
          data-autofocus={!bloqueada || undefined}
          style={{ flex: 1 }}
        />
        <CampoFecha control={control} name="fecha_abono" label="Fecha del abono" withAsterisk maxDate={hoy} w={170} />
      </Group>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" data-testid="saldo-venta">
          {venta ? (
            <>
              {'Saldo pendiente de la venta: '}
              <strong>{formatearMonedaLista(venta.valor_saldo_movimiento)}</strong>
              {` de ${formatearMonedaLista(venta.valor_movimiento)}`}
            </>
          ) : (
            <Text span size="sm" c="dimmed">
              Seleccione la venta a abonar
            </Text>
          )}
        </Text>
        {venta ? (
          <Anchor href={venta.enlace_recibo} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconFileTypePdf size={16} />
              Recibo PDF
            </Group>
          </Anchor>
        ) : null}
      </Group>
      <CampoAreaTexto
        control={control}
        name="observacion_abono"
        label="Observación"
        withAsterisk
        autosize
        minRows={2}
        maxLength={OBSERVACION_ABONO_MAXIMA}
        data-autofocus={bloqueada || undefined}
      />

      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Forma de pago"
          placeholder="Seleccione"
          data={ofrecidas.map((forma) => ({ value: String(forma.id), label: forma.nombre_forma_pago }))}
          value={formaElegida}
          onChange={setFormaElegida}
          allowDeselect={false}
          searchable
          filter={filtroSinAcentos}
          nothingFoundMessage="Sin resultados"
          comboboxProps={{ withinPortal: true }}
          style={{ flex: 1 }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={agregar}>
          Agregar
        </Button>
      </Group>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c={anticipo.excede ? 'red' : undefined} data-testid="saldo-anticipo">
          {'Saldo de anticipos del cliente: '}
          <strong>{formatearMonedaLista(saldoAnticipo)}</strong>
          {anticipo.excede ? `. El valor en anticipo (${formatearMonedaLista(anticipo.valor)}) supera el saldo` : ''}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconPigMoney size={14} />}
          onClick={usarAnticipo}
          disabled={!metodoAnticipo || saldoAnticipo <= 0 || usaAnticipo}
        >
          Usar anticipo
        </Button>
      </Group>

      {/* Fixed widths: in the large dialog the amounts keep their room and a long method name wraps instead. */}
      <Table withTableBorder verticalSpacing={4} layout="fixed" aria-label="Formas de pago del abono">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Forma de pago</Table.Th>
            <Table.Th w={140}>Valor</Table.Th>
            <Table.Th w={130}>Comprobante</Table.Th>
            <Table.Th w={140}>Fecha consignación</Table.Th>
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed" ta="center">
                  Agregue las formas de pago del abono
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {filas.map((fila) => (
            <Table.Tr key={fila.clave}>
              <Table.Td>{fila.forma.nombre_forma_pago}</Table.Td>
              <Table.Td>
                <EntradaMonto
                  aria-label={`Valor ${fila.forma.nombre_forma_pago}`}
                  size="xs"
                  value={fila.valor}
                  onChange={(valor) => actualizarFila(fila.clave, { valor })}
                />
              </Table.Td>
              <Table.Td>
                {fila.forma.requiere_codigo_comprobante ? (
                  <TextInput
                    aria-label={`Código comprobante ${fila.forma.nombre_forma_pago}`}
                    size="xs"
                    maxLength={60}
                    value={fila.comprobante}
                    onChange={(evento) => actualizarFila(fila.clave, { comprobante: evento.currentTarget.value })}
                  />
                ) : null}
              </Table.Td>
              <Table.Td>
                {fila.forma.requiere_codigo_comprobante ? (
                  <EntradaFecha
                    aria-label={`Fecha consignación ${fila.forma.nombre_forma_pago}`}
                    size="xs"
                    maxDate={hoy}
                    value={fila.fecha_consignacion}
                    onChange={(fecha_consignacion) => actualizarFila(fila.clave, { fecha_consignacion })}
                  />
                ) : null}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Quitar ${fila.forma.nombre_forma_pago}`}
                  onClick={() => cambiarFilas(filas.filter((otra) => otra.clave !== fila.clave))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">
          {'Total a pagar: '}
          <Text span fw={700} size="lg" data-testid="total-abono">
            {formatearMoneda(totalAbono(filas))}
          </Text>
        </Text>
      </Group>
    </FormularioModal>
  );
}
