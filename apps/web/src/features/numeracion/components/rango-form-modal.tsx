import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Text } from '@mantine/core';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  NOMBRES_TIPO_DOCUMENTO,
  rangoNumeracionGuardarSchema,
  TIPOS_DOCUMENTO_NUMERACION,
  type RangoNumeracion,
  type RangoNumeracionGuardar,
} from '@tablero/domain';
import { CampoEntero, CampoSelect, CampoSwitch, CampoTexto } from '@/components/campos-formulario';
import { CampoFecha } from '@/components/entrada-fecha';
import { FormularioModal, ModalFormulario, type PropsModal } from '@/components/modal-formulario';
import { useCreateRango, useUpdateRango } from '../api/rangos';

const CAMPOS = [
  'codigo_tienda',
  'tipo_documento',
  'prefijo',
  'numero_desde',
  'numero_hasta',
  'resolucion_numero',
  'resolucion_fecha',
  'clave_tecnica',
  'fecha_desde',
  'fecha_hasta',
  'activo',
] as const;

const OPCIONES_TIPO = TIPOS_DOCUMENTO_NUMERACION.map((tipo) => ({ value: tipo, label: NOMBRES_TIPO_DOCUMENTO[tipo] }));

/** The form's values: the numbers '' while empty, the dates 'YYYY-MM-DD' or null; the schema reads and checks them. */
interface Formulario {
  codigo_tienda: string | null;
  tipo_documento: (typeof TIPOS_DOCUMENTO_NUMERACION)[number] | null;
  prefijo: string;
  numero_desde: number | '';
  numero_hasta: number | '';
  resolucion_numero: string;
  resolucion_fecha: string | null;
  clave_tecnica: string;
  fecha_desde: string | null;
  fecha_hasta: string | null;
  activo: boolean;
}

interface RangoFormularioProps {
  rango: RangoNumeracion | null;
  tiendas: { value: string; label: string }[];
}

function RangoFormulario({ rango, tiendas }: RangoFormularioProps) {
  const crear = useCreateRango();
  const actualizar = useUpdateRango();
  // A range that already numbered documents keeps its store, kind, prefix and first number (the server says so too).
  const usado = (rango?.usados ?? 0) > 0;

  const form = useForm<Formulario, unknown, RangoNumeracionGuardar>({
    // The schema reads the numbers and dates from the form's values; its input type is wider than the form's.
    resolver: zodResolver(rangoNumeracionGuardarSchema) as Resolver<Formulario, unknown, RangoNumeracionGuardar>,
    defaultValues: {
      codigo_tienda: rango?.codigo_tienda ?? (tiendas.length === 1 ? (tiendas[0]?.value ?? null) : null),
      tipo_documento: rango?.tipo_documento ?? 'FACTURA',
      prefijo: rango?.prefijo ?? '',
      numero_desde: rango?.numero_desde ?? '',
      numero_hasta: rango?.numero_hasta ?? '',
      resolucion_numero: rango?.resolucion_numero ?? '',
      resolucion_fecha: rango?.resolucion_fecha ?? null,
      clave_tecnica: rango?.clave_tecnica ?? '',
      fecha_desde: rango?.fecha_desde ?? null,
      fecha_hasta: rango?.fecha_hasta ?? null,
      activo: rango?.activo ?? true,
    },
  });
  const { control } = form;
  const tipo = useWatch({ control, name: 'tipo_documento' });
  const esFactura = tipo === 'FACTURA';
  // An invoice range and a POS range are numbered under a DIAN resolution; only the invoice's carries the technical
  // key (the POS document's CUDE uses the software PIN: docs/decisions-factura-electronica.md, "Documento equivalente POS").
  const conResolucion = tipo !== 'REMISION';

  const guardar = (datos: RangoNumeracionGuardar) => {
    // What was typed before switching the kind is not sent: a remission carries no resolution, a POS range no key.
    const enviar =
      datos.tipo_documento === 'FACTURA'
        ? datos
        : datos.tipo_documento === 'POS'
          ? { ...datos, clave_tecnica: null }
          : { ...datos, resolucion_numero: null, resolucion_fecha: null, clave_tecnica: null };
    return rango ? actualizar.mutateAsync({ id: rango.id, datos: enviar }) : crear.mutateAsync(enviar);
  };

  return (
    <FormularioModal form={form} camposServidor={CAMPOS} textoGuardar="Guardar datos" guardar={guardar}>
        <Group grow align="flex-start">
          <CampoSelect
            control={control}
            name="codigo_tienda"
            label="Tienda"
            placeholder="Seleccione"
            withAsterisk
            data={tiendas}
            allowDeselect={false}
            disabled={usado}
          />
          <CampoSelect
            control={control}
            name="tipo_documento"
            label="Tipo de documento"
            withAsterisk
            data={OPCIONES_TIPO}
            allowDeselect={false}
            disabled={usado}
          />
        </Group>
        <Group grow align="flex-start">
          <CampoTexto control={control} name="prefijo" label="Prefijo" withAsterisk maxLength={10} placeholder="Ej. FE" disabled={usado} data-autofocus />
          <CampoEntero control={control} name="numero_desde" label="Número desde" withAsterisk disabled={usado} />
          <CampoEntero control={control} name="numero_hasta" label="Número hasta" withAsterisk />
        </Group>
        {conResolucion ? (
          <Group grow align="flex-start">
            <CampoTexto control={control} name="resolucion_numero" label="Resolución DIAN No." withAsterisk maxLength={40} />
            <CampoFecha control={control} name="resolucion_fecha" label="Fecha de la resolución" withAsterisk clearable style={{ flex: 1 }} />
          </Group>
        ) : null}
        {esFactura ? (
          <CampoTexto
            control={control}
            name="clave_tecnica"
            label="Clave técnica"
            maxLength={100}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            description="La entrega la DIAN con la resolución; sin ella las facturas electrónicas del rango no se pueden enviar."
          />
        ) : null}
        <Group grow align="flex-start">
          <CampoFecha control={control} name="fecha_desde" label="Vigente desde" withAsterisk={conResolucion} clearable style={{ flex: 1 }} />
          <CampoFecha control={control} name="fecha_hasta" label="Vigente hasta" withAsterisk={conResolucion} clearable style={{ flex: 1 }} />
        </Group>
        <CampoSwitch control={control} name="activo" label="Activo" description="Activar un rango desactiva el otro rango activo de la tienda para el mismo tipo de documento" />
        {rango ? (
          <Text size="xs" c="dimmed">
            {usado
              ? `Este rango ya numeró ${rango.usados} documentos (siguiente número: ${rango.siguiente_numero}): solo se pueden cambiar el número final, ${rango.tipo_documento !== 'REMISION' ? 'la resolución, ' : ''}la vigencia y si está activo.`
              : 'Este rango aún no ha numerado documentos.'}
          </Text>
        ) : null}
    </FormularioModal>
  );
}

/** 'Rango de numeración': the form dialog of a new range (`rango` null) or of the one chosen. */
export function RangoFormModal({ opened, onClose, rango, tiendas }: PropsModal & RangoFormularioProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo={rango ? `Rango de numeración ${rango.prefijo}` : 'Nuevo rango de numeración'} size="lg">
      <RangoFormulario key={rango ? rango.id : '__nuevo__'} rango={rango} tiendas={tiendas} />
    </ModalFormulario>
  );
}
