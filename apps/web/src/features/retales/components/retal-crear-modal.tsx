import { useState } from 'react';
import { Button, Group, Input, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type Control } from 'react-hook-form';
import { esMaterialRetal, MENSAJES_RETALES, retalCrearSchema, type Producto, type RetalCrear } from '@tablero/domain';
import { CampoAreaTexto, CampoEntero, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario, type PropsModal } from '@/components/modal-formulario';
import { ProductoBusquedaModal, useGruposTableros } from '@/features/productos';
import { useCreateRetal } from '../api/guardar-retal';
import { pistaLadoMinimo, textoMedidas } from '../retales.logica';

interface Valores {
  producto_id: number | null;
  base: number | '';
  altura: number | '';
  ubicacion: string;
  observacion: string;
}

const CAMPOS_SERVIDOR = ['producto_id', 'base', 'altura', 'ubicacion', 'observacion'] as const;

/** Agregar retal (docs/decisions-retales.md): an offcut added by hand, its material a board product. */
export function RetalCrearModal({ opened, onClose, ladoMinimo }: PropsModal & { ladoMinimo: number | undefined }) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Agregar retal" size="md">
      {opened ? <Formulario ladoMinimo={ladoMinimo} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ ladoMinimo }: { ladoMinimo: number | undefined }) {
  const crear = useCreateRetal();
  const form = useForm<Valores, unknown, RetalCrear>({
    resolver: zodResolver(retalCrearSchema) as never,
    defaultValues: { producto_id: null, base: '', altura: '', ubicacion: '', observacion: '' },
  });
  const { control } = form;
  const pista = pistaLadoMinimo(ladoMinimo);

  return (
    <FormularioModal form={form} camposServidor={CAMPOS_SERVIDOR} textoCerrar="Cancelar" guardar={(datos) => crear.mutateAsync(datos)}>
      <CampoMaterial control={control} />
      <Group grow align="flex-start">
        <CampoEntero control={control} name="base" label="Base (mm)" withAsterisk description={pista} />
        <CampoEntero control={control} name="altura" label="Altura (mm)" withAsterisk description={pista} />
      </Group>
      <CampoTexto control={control} name="ubicacion" label="Ubicación" placeholder="Ej. Estante 3" maxLength={60} />
      <CampoAreaTexto control={control} name="observacion" label="Observación" autosize minRows={2} maxRows={4} maxLength={500} />
    </FormularioModal>
  );
}

/**
 * The offcut's material: the product search dialog, taking only a board product with its measures (the server checks
 * it too, MENSAJES_RETALES.noEsTablero). With one board group the search lists only that group.
 */
function CampoMaterial({ control }: { control: Control<Valores, unknown, RetalCrear> }) {
  const { field, fieldState } = useController({ control, name: 'producto_id' });
  const [buscando, setBuscando] = useState(false);
  const [elegido, setElegido] = useState<Producto | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const grupos = useGruposTableros().data ?? [];
  const grupo = grupos.length === 1 ? grupos[0] : undefined;

  const seleccionar = (producto: Producto) => {
    setBuscando(false);
    if (!esMaterialRetal(producto, grupos)) {
      setRechazo(`${producto.referencia}: ${MENSAJES_RETALES.noEsTablero}`);
      return;
    }
    setRechazo(null);
    setElegido(producto);
    field.onChange(producto.id);
  };

  return (
    <Input.Wrapper label="Material" withAsterisk error={rechazo ?? fieldState.error?.message}>
      <Group gap="xs" wrap="nowrap" justify="space-between" mt={4}>
        <div style={{ minWidth: 0 }}>
          {elegido ? (
            <>
              <Text size="sm" fw={600}>
                {`${elegido.referencia} · ${elegido.nombre_producto}`}
              </Text>
              <Text size="xs" c="dimmed">{`Tablero de ${textoMedidas(elegido.medida_largo ?? 0, elegido.medida_ancho ?? 0)}`}</Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Ningún material elegido
            </Text>
          )}
        </div>
        <Button variant="light" leftSection={<IconSearch size={14} />} onClick={() => setBuscando(true)} data-autofocus>
          {elegido ? 'Cambiar material' : 'Elegir material'}
        </Button>
      </Group>
      <ProductoBusquedaModal opened={buscando} titulo="Material del retal" onClose={() => setBuscando(false)} onSeleccionar={seleccionar} {...(grupo !== undefined ? { grupoId: grupo } : {})} />
    </Input.Wrapper>
  );
}
