import { useState } from 'react';
import { Badge } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { cajaGuardarSchema, type Caja, type CajaGuardar, type CajaGuardarEntrada, type OrdenCaja } from '@tablero/domain';
import { CampoSwitch, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeFormulario } from '@/components/modal-formulario';
import { BotonEditar, PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useCajas, useGuardarCaja } from '../api/cajas';

const COLUMNAS: Columna<Caja, OrdenCaja>[] = [
  { titulo: 'Nombre', orden: 'nombre_caja', ajustar: true, celda: (caja) => caja.nombre_caja },
  {
    titulo: 'Estado',
    orden: 'activa',
    ancho: 130,
    celda: (caja) => (caja.activa ? <Badge color="teal">Activa</Badge> : <Badge color="gray">Inactiva</Badge>),
  },
  { titulo: 'Turno abierto por', ancho: 220, celda: (caja) => caja.turno_abierto_por ?? '—' },
];

function CajaFormulario({ caja }: { caja: Caja | null }) {
  const guardar = useGuardarCaja();
  const form = useForm<CajaGuardarEntrada, unknown, CajaGuardar>({
    resolver: zodResolver(cajaGuardarSchema) as Resolver<CajaGuardarEntrada, unknown, CajaGuardar>,
    defaultValues: { nombre_caja: caja?.nombre_caja ?? '', activa: caja?.activa ?? true },
  });
  return (
    <FormularioModal form={form} camposServidor={['nombre_caja']} textoGuardar="Guardar caja" guardar={(datos) => guardar.mutateAsync({ id: caja?.id ?? null, datos })}>
      <CampoTexto control={form.control} name="nombre_caja" label="Nombre de la caja" withAsterisk maxLength={60} placeholder="Ej. Caja 1" data-autofocus />
      <CampoSwitch control={form.control} name="activa" label="Activa (se pueden abrir turnos en ella)" />
    </FormularioModal>
  );
}

const CajaFormModal = modalDeFormulario('caja', CajaFormulario, { titulo: (caja) => (caja ? 'Editar caja' : 'Nueva caja'), size: 'sm' });

/** Maestros → Cajas (docs/decisions-cajas.md): the selected store's registers; Administrador and SuperAdministrador. */
export function CajasList() {
  const lista = useEstadoLista<OrdenCaja>();
  const consulta = useCajas(lista.parametros);
  const [formulario, setFormulario] = useState<{ abierto: boolean; caja: Caja | null }>({ abierto: false, caja: null });
  return (
    <PantallaLista
      titulo="Cajas"
      descripcion="Las cajas registradoras de la tienda seleccionada. Cada cajero abre su turno en una de ellas."
      crear={{ texto: 'Agregar caja', onClick: () => setFormulario({ abierto: true, caja: null }) }}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      buscador={{ placeholder: 'Nombre de la caja' }}
      anchoMaximo={900}
      acciones={{ celda: (caja) => <BotonEditar nombre={caja.nombre_caja} onClick={() => setFormulario({ abierto: true, caja })} /> }}
    >
      <CajaFormModal opened={formulario.abierto} onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))} caja={formulario.caja} />
    </PantallaLista>
  );
}
