import { useMemo } from 'react';
import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ACCIONES,
  aCentavos,
  cuentaCreditoGuardarSchema,
  etiquetaTercero,
  formatearPesos,
  MENSAJES_CUENTA_CREDITO,
  PLAZO_CREDITO,
  puedeAcceder,
  type CuentaCreditoGuardar,
  type CuentaCreditoGuardarEntrada,
} from '@tablero/domain';
import { CampoMonto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { CampoPlazo, useCrearCuentaCreditoPedido, useCupoMaximoVendedor, useSaveCuentaCredito } from '@/features/cuentas-credito';
import { notificarError } from '@/lib/notificaciones';
import { useSesion } from '@/lib/sesion';
import type { ClientePedido } from './pedido.logica';

interface CrearCuentaCreditoModalProps {
  /** The order's customer; none: the dialog is closed. */
  cliente: ClientePedido | null;
  onClose: () => void;
  /** The account exists: the order form goes on with its save (spec 000 §8). */
  onCreada: () => void;
}

/**
 * spec 000 §8: the customer of a credit sale has no credit account and the seller chose to create it. The customer is
 * the order's (shown, not chosen again); only the quota and the term (30 days unless changed) are asked. The roles that manage credit save it through the
 * credit accounts' own save; a seller through the order form's create, with the ceiling CUPO_MAXIMO_VENDEDOR shown
 * under the field and checked on it (docs/decisions.md "Quién mueve el dinero de un crédito").
 */
export function CrearCuentaCreditoModal({ cliente, onClose, onCreada }: CrearCuentaCreditoModalProps) {
  return (
    <ModalFormulario opened={cliente !== null} onClose={onClose} titulo="Crear cuenta crédito">
      {cliente ? <Formulario key={cliente.id} cliente={cliente} onCreada={onCreada} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ cliente, onCreada }: { cliente: ClientePedido; onCreada: () => void }) {
  const gestiona = puedeAcceder(useSesion()?.role, ACCIONES.gestionarCredito.acceso);
  const guardar = useSaveCuentaCredito();
  const crearDesdePedido = useCrearCuentaCreditoPedido();
  // undefined while it loads (the server checks it anyway); null when the parameter has no valid value.
  const maximo = useCupoMaximoVendedor(!gestiona).data;
  const techo = gestiona || maximo == null ? null : maximo;
  const mensajeTecho = techo === null ? null : MENSAJES_CUENTA_CREDITO.cupoVendedor(formatearPesos(techo));
  const esquema = useMemo(
    () =>
      techo === null
        ? cuentaCreditoGuardarSchema
        : cuentaCreditoGuardarSchema.refine((datos) => aCentavos(datos.total_cupo_permitido) <= aCentavos(techo), {
            path: ['total_cupo_permitido'],
            message: MENSAJES_CUENTA_CREDITO.cupoVendedor(formatearPesos(techo)),
          }),
    [techo],
  );
  const form = useForm<CuentaCreditoGuardarEntrada, unknown, CuentaCreditoGuardar>({
    resolver: zodResolver(esquema),
    defaultValues: { id: null, tercero_id: cliente.id, total_cupo_permitido: '', plazo_dias: PLAZO_CREDITO.defecto },
  });
  return (
    <FormularioModal
      form={form}
      guardar={async (datos) => {
        const mensaje = gestiona
          ? await guardar.mutateAsync(datos)
          : await crearDesdePedido.mutateAsync({ tercero_id: datos.tercero_id, total_cupo_permitido: datos.total_cupo_permitido, plazo_dias: datos.plazo_dias });
        onCreada();
        return mensaje;
      }}
      camposServidor={['tercero_id', 'total_cupo_permitido', 'plazo_dias']}
      // A quota above the ceiling is said on its field; 'Debe ingresar todos los campos' is for what is missing.
      alInvalido={(errores) => {
        if (errores.total_cupo_permitido?.message !== mensajeTecho) notificarError(MENSAJES_CUENTA_CREDITO.faltanCampos);
      }}
      textoCerrar="Cancelar"
    >
      <TextInput label="Cliente" readOnly variant="filled" value={etiquetaTercero(cliente)} />
      <CampoMonto
        control={form.control}
        name="total_cupo_permitido"
        label="Total cupo permitido"
        description={techo === null ? undefined : MENSAJES_CUENTA_CREDITO.cupoVendedorAyuda(formatearPesos(techo))}
        withAsterisk
        decimales={0}
        data-autofocus
      />
      <CampoPlazo control={form.control} />
    </FormularioModal>
  );
}
