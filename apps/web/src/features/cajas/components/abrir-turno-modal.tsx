import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { abrirTurnoSchema, type AbrirTurno } from '@tablero/domain';
import { CampoMonto, CampoSelect } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario, PieCerrar, type PropsModal } from '@/components/modal-formulario';
import { useAbrirTurno, useCajasActivas } from '../api/cajas';

interface Valores {
  caja_id: string | null;
  base_inicial: number | '';
}

function FormularioAbrir() {
  const cajas = useCajasActivas();
  const abrir = useAbrirTurno();
  const libres = (cajas.data ?? []).filter((caja) => caja.turno_abierto_por === null);
  const form = useForm<Valores, unknown, AbrirTurno>({
    resolver: zodResolver(abrirTurnoSchema) as Resolver<Valores, unknown, AbrirTurno>,
    defaultValues: { caja_id: libres.length === 1 ? String(libres[0]!.id) : null, base_inicial: '' },
  });
  if (cajas.isSuccess && cajas.data.length === 0) {
    return (
      <>
        <Alert color="yellow" role="status">
          La tienda no tiene cajas activas. Pida al administrador que cree una en Maestros → Cajas.
        </Alert>
        <PieCerrar mt="xs" />
      </>
    );
  }
  return (
    <FormularioModal form={form} camposServidor={['caja_id', 'base_inicial']} textoGuardar="Abrir turno" guardar={(datos) => abrir.mutateAsync(datos)}>
      <CampoSelect
        control={form.control}
        name="caja_id"
        label="Caja"
        placeholder="Seleccione"
        withAsterisk
        data={(cajas.data ?? []).map((caja) => ({
          value: String(caja.id),
          label: caja.turno_abierto_por ? `${caja.nombre_caja} (turno de ${caja.turno_abierto_por})` : caja.nombre_caja,
          disabled: caja.turno_abierto_por !== null,
        }))}
        allowDeselect={false}
      />
      <CampoMonto control={form.control} name="base_inicial" label="Base inicial (efectivo en la caja al empezar)" withAsterisk data-autofocus />
    </FormularioModal>
  );
}

/** 'Abrir turno de caja': a register of the store and the starting float; the dialog closes and says so once open. */
export function AbrirTurnoModal({ opened, onClose }: PropsModal) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Abrir turno de caja" size="sm">
      {opened ? <FormularioAbrir /> : null}
    </ModalFormulario>
  );
}
