import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm, useWatch, Controller } from 'react-hook-form';
import { DENOMINACIONES, diferenciaCaja, textoDiferencia, totalConteo, type ClaveDenominacion, type CerrarTurnoEntrada } from '@tablero/domain';
import { CampoAreaTexto, CampoMonto } from '@/components/campos-formulario';
import { EntradaEntero } from '@/components/entradas-numericas';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { useCerrarTurno, type TurnoJson } from '../api/cajas';

interface Valores {
  modo: 'denominacion' | 'total';
  cantidades: Record<ClaveDenominacion, number | ''>;
  efectivo_contado: number | '';
  observacion_cierre: string;
}

const CANTIDADES_VACIAS = Object.fromEntries(DENOMINACIONES.map((d) => [d.clave, ''])) as Record<ClaveDenominacion, ''>;

/** The count's body: by denomination (pieces of each bill and coin) or the total alone. */
export function cuerpoCierre(valores: Valores): CerrarTurnoEntrada {
  const observacion_cierre = valores.observacion_cierre.trim() || null;
  if (valores.modo === 'total') return { conteo: null, efectivo_contado: valores.efectivo_contado === '' ? null : valores.efectivo_contado, observacion_cierre };
  const conteo = DENOMINACIONES.map((d) => ({ denominacion: d.clave, cantidad: valores.cantidades[d.clave] === '' ? 0 : Number(valores.cantidades[d.clave]) })).filter((f) => f.cantidad !== 0);
  return { conteo, efectivo_contado: null, observacion_cierre };
}

/** What the count adds up to (pesos), for the live total; a half-typed field counts 0. */
function contadoDe(valores: Pick<Valores, 'modo' | 'cantidades' | 'efectivo_contado'>): number {
  if (valores.modo === 'total') return typeof valores.efectivo_contado === 'number' && Number.isFinite(valores.efectivo_contado) ? valores.efectivo_contado : 0;
  return totalConteo(DENOMINACIONES.map((d) => ({ denominacion: d.clave, cantidad: Number(valores.cantidades[d.clave]) || 0 })));
}

function FormularioCierre({ turno, onCerrado }: { turno: TurnoJson; onCerrado: (turno: TurnoJson) => void }) {
  const cerrar = useCerrarTurno();
  const form = useForm<Valores>({ defaultValues: { modo: 'denominacion', cantidades: CANTIDADES_VACIAS, efectivo_contado: '', observacion_cierre: '' } });
  const [modo, cantidades, efectivo] = useWatch({ control: form.control, name: ['modo', 'cantidades', 'efectivo_contado'] });
  const contado = contadoDe({ modo, cantidades, efectivo_contado: efectivo });
  const diferencia = diferenciaCaja(contado, turno.efectivo_esperado);
  const color = diferencia === 0 ? 'teal' : diferencia > 0 ? 'blue' : 'red';
  return (
    <FormularioModal
      form={form}
      camposServidor={['efectivo_contado', 'observacion_cierre']}
      textoGuardar="Cerrar turno"
      guardar={async (valores) => {
        const { mensaje, turno: cerrado } = await cerrar.mutateAsync({ id: turno.id, datos: cuerpoCierre(valores) });
        onCerrado(cerrado);
        return mensaje;
      }}
    >
      <Controller
        control={form.control}
        name="modo"
        render={({ field }) => (
          <SegmentedControl
            value={field.value}
            onChange={field.onChange}
            aria-label="Forma de contar"
            data={[
              { value: 'denominacion', label: 'Por denominación' },
              { value: 'total', label: 'Solo el total' },
            ]}
          />
        )}
      />
      {modo === 'denominacion' ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6}>
          {DENOMINACIONES.map((d) => (
            <Controller
              key={d.clave}
              control={form.control}
              name={`cantidades.${d.clave}`}
              render={({ field }) => (
                <EntradaEntero
                  label={`${d.tipo} ${formatearMoneda(d.valor)}`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="0"
                  size="xs"
                />
              )}
            />
          ))}
        </SimpleGrid>
      ) : (
        <CampoMonto control={form.control} name="efectivo_contado" label="Efectivo contado" withAsterisk data-autofocus />
      )}
      <Stack gap={2} p="xs" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 4 }} aria-live="polite">
        <Group justify="space-between">
          <Text size="sm">Efectivo esperado</Text>
          <Text size="sm" fw={600}>
            {formatearMoneda(turno.efectivo_esperado)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Efectivo contado</Text>
          <Text size="sm" fw={600} data-testid="total-contado">
            {formatearMoneda(contado)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Diferencia ({textoDiferencia(diferencia)})</Text>
          <Text size="sm" fw={700} c={color} data-testid="diferencia-conteo">
            {formatearMoneda(diferencia)}
          </Text>
        </Group>
      </Stack>
      <CampoAreaTexto control={form.control} name="observacion_cierre" label="Observación" maxLength={500} autosize minRows={1} />
    </FormularioModal>
  );
}

/** 'Cerrar turno de caja': the count with its live total and difference against the expected cash. */
export function CerrarTurnoModal({ turno, onClose, onCerrado }: { turno: TurnoJson | null; onClose: () => void; onCerrado: (turno: TurnoJson) => void }) {
  return (
    <ModalFormulario opened={turno !== null} onClose={onClose} titulo={turno ? `Cerrar turno · ${turno.nombre_caja}` : ''} size="lg">
      {turno ? <FormularioCierre turno={turno} onCerrado={onCerrado} /> : null}
    </ModalFormulario>
  );
}
