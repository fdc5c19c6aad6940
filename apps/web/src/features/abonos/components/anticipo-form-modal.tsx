import { useState } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  anticipoCrearSchema,
  COMPROBANTE_ANTICIPO_MAXIMO,
  etiquetaTercero,
  FORMA_PAGO_ANTICIPO_POR_DEFECTO,
  formasOfrecidas,
  hoyNegocio,
  MENSAJES_ANTICIPOS,
  OBSERVACION_ANTICIPO_MAXIMA,
  type AnticipoCrear,
  type Tercero,
} from '@tablero/domain';
import { CampoAreaTexto, CampoFormaPago, CampoMonto, CampoTexto } from '@/components/campos-formulario';
import { ClienteTypeahead } from '@/components/cliente-typeahead';
import { CampoFecha } from '@/components/entrada-fecha';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useFormasPago } from '@/lib/formas-pago';
import { notificarError } from '@/lib/notificaciones';
import { useGuardarAnticipo } from '../api/anticipos';

/** The customer an advance is for, when the dialog is opened from their row (locked then, spec 002 §2.6). */
export type ClienteAnticipo = Pick<Tercero, 'id' | 'numero_documento' | 'nombres' | 'apellidos'>;

interface AnticipoFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** null: the customer is chosen in the dialog. */
  cliente: ClienteAnticipo | null;
}

/** The form's values: the customer, method and date null while not chosen, the value '' while empty. */
interface FormularioAnticipo {
  cliente_id: number | null;
  fecha_anticipo: string | null;
  valor_anticipo: number | '';
  observacion_anticipo: string;
  forma_pago_id: number | null;
  codigo_comprobante: string;
}

/** What the resolver reads besides the values: the methods that ask for a voucher code. */
interface ContextoAnticipo {
  conCodigo: readonly number[];
}


/**
 * The advance form (spec 002 §2.6, §5 Advance), a medium static dialog: customer (locked when opened
 * from a row), date (not after today), value, observation and the payment method the money came in with (Efectivo
 * unless told; its voucher code where the method asks for one).
 */
export function AnticipoFormModal({ opened, onClose, cliente }: AnticipoFormModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Agregar anticipo">
      {opened ? <Formulario key={cliente?.id ?? '__nuevo__'} cliente={cliente} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ cliente }: { cliente: ClienteAnticipo | null }) {
  const guardar = useGuardarAnticipo();
  const formas = useFormasPago();
  const hoy = hoyNegocio();
  const [elegido, setElegido] = useState<Tercero | null>(null);
  // spec 002 §5 Advance: an advance is not received with credit or with an advance (the payment rows rule).
  const opciones = formasOfrecidas('anticipo', formas.data ?? [], []);
  const form = useForm<FormularioAnticipo, unknown, AnticipoCrear>({
    // The methods that ask for a voucher code reach the resolver as the form's context, read when the form is sent
    // (typed unknown, the context FormularioModal takes).
    context: { conCodigo: opciones.filter((forma) => forma.requiere_codigo_comprobante).map((forma) => forma.id) },
    // The schema reads the form's values (a number or '' for the value, null ids); its input type is wider.
    resolver: ((valores, contexto, opciones) =>
      zodResolver(
        anticipoCrearSchema.superRefine((anticipo, ctx) => {
          if ((contexto as ContextoAnticipo | undefined)?.conCodigo.includes(anticipo.forma_pago_id) && !anticipo.codigo_comprobante) {
            ctx.addIssue({ code: 'custom', path: ['codigo_comprobante'], message: MENSAJES_ANTICIPOS.comprobante });
          }
        }),
      )(valores as never, contexto, opciones as never)) as Resolver<FormularioAnticipo, unknown, AnticipoCrear>,
    defaultValues: {
      cliente_id: cliente?.id ?? null,
      fecha_anticipo: hoy,
      valor_anticipo: '',
      observacion_anticipo: '',
      forma_pago_id: FORMA_PAGO_ANTICIPO_POR_DEFECTO,
      codigo_comprobante: '',
    },
  });
  const { control } = form;
  const formaId = useWatch({ control, name: 'forma_pago_id' });
  const requiereCodigo = opciones.find((forma) => forma.id === formaId)?.requiere_codigo_comprobante ?? false;

  return (
    <FormularioModal
      form={form}
      camposServidor={['cliente_id', 'fecha_anticipo', 'valor_anticipo', 'observacion_anticipo', 'forma_pago_id', 'codigo_comprobante']}
      guardar={async (datos) => {
        // The voucher code travels only with a method that asks for one.
        const cuerpo = { ...datos, codigo_comprobante: requiereCodigo ? datos.codigo_comprobante : null };
        return (await guardar.mutateAsync(cuerpo)).mensaje;
      }}
      // spec 002 §5: a value of 0 says so; any other invalid form, 'Faltan campos por ingresar' (field messages below).
      alInvalido={(errores) =>
        notificarError(errores.valor_anticipo?.message === MENSAJES_ANTICIPOS.valorCero && Object.keys(errores).length === 1 ? MENSAJES_ANTICIPOS.valorCero : MENSAJES_ANTICIPOS.faltanCampos)
      }
    >
      {cliente ? (
        <TextInput label="Cliente" readOnly variant="filled" value={etiquetaTercero(cliente)} />
      ) : (
        <Controller
          control={control}
          name="cliente_id"
          render={({ field, fieldState }) => (
            <ClienteTypeahead
              value={elegido}
              onChange={(tercero) => {
                setElegido(tercero);
                field.onChange(tercero?.id ?? null);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <SimpleGrid cols={2} spacing="sm">
        <CampoFecha control={control} name="fecha_anticipo" label="Fecha del anticipo" withAsterisk maxDate={hoy} />
        <CampoMonto control={control} name="valor_anticipo" label="Valor" withAsterisk data-autofocus={cliente ? true : undefined} />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <CampoFormaPago control={control} name="forma_pago_id" formas={opciones} withAsterisk />
        {requiereCodigo ? (
          <CampoTexto control={control} name="codigo_comprobante" label="Código comprobante" withAsterisk maxLength={COMPROBANTE_ANTICIPO_MAXIMO} />
        ) : (
          <div />
        )}
      </SimpleGrid>
      <CampoAreaTexto
        control={control}
        name="observacion_anticipo"
        label="Observación"
        withAsterisk
        autosize
        minRows={2}
        maxLength={OBSERVACION_ANTICIPO_MAXIMA}
      />
    </FormularioModal>
  );
}
