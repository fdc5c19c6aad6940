import { useState } from 'react';
import { ActionIcon, Badge, Text, Tooltip } from '@mantine/core';
import { IconCash, IconEye, IconHistory, IconPencil } from '@tabler/icons-react';
import { NOMBRES_TIPO_TERCERO, puedeEditarTercero, type OrdenTercero, type Tercero } from '@tablero/domain';
import { AbonoFormModal, AbonosHistorialModal } from '@/features/abonos';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFecha, formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useSesion } from '@/lib/sesion';
import { useTerceros } from '../api/get-terceros';
import { TerceroFormModal } from './tercero-form-modal';

type Dialogo = 'formulario' | 'abono' | 'historial';

/** 'Perfil': the role of the linked user, or the type's name ('Cliente' for customers, spec 001 Customers screen). */
function perfilDe(tercero: Tercero): string {
  return tercero.nombre_perfil ?? NOMBRES_TIPO_TERCERO[tercero.tipo_tercero];
}

const nombreDe = (tercero: Tercero) => `${tercero.nombres} ${tercero.apellidos}`;

const COLUMNAS: Columna<Tercero, OrdenTercero>[] = [
  {
    titulo: 'Número documento',
    orden: 'numero_documento',
    ancho: 130,
    celda: (tercero) => (
      <Text size="sm" ff="monospace">
        {tercero.numero_documento}
      </Text>
    ),
  },
  { titulo: 'Nombres completos', orden: 'nombres', ajustar: true, celda: nombreDe },
  { titulo: 'Correo electrónico', orden: 'correo_electronico', ajustar: true, celda: (tercero) => tercero.correo_electronico },
  {
    titulo: 'Números contacto',
    ancho: 130,
    ajustar: true,
    celda: (tercero) => [tercero.numero_celular, tercero.numero_telefonico].filter(Boolean).join(' - '),
  },
  {
    titulo: 'Perfil',
    ancho: 120,
    celda: (tercero) => (
      <Badge variant="light" radius="sm" size="sm" color={tercero.tipo_tercero === 'C' ? 'blue' : 'grape'} style={{ overflow: 'visible' }}>
        {perfilDe(tercero)}
      </Badge>
    ),
  },
  { titulo: 'Saldo abono', orden: 'saldo_abono', ancho: 120, alineacion: 'right', celda: (tercero) => formatearMoneda(tercero.saldo_abono) },
  {
    titulo: 'Fecha registro',
    orden: 'fecha_registro',
    ancho: 120,
    celda: (tercero) => <span title={formatearFechaHora(tercero.fecha_registro)}>{formatearFecha(tercero.fecha_registro)}</span>,
  },
  {
    titulo: 'Estado',
    orden: 'activo',
    ancho: 96,
    celda: (tercero) => (
      <Badge variant="light" radius="sm" size="sm" color={tercero.activo ? 'green' : 'red'} style={{ overflow: 'visible' }}>
        {tercero.activo ? 'Activo' : 'Inactivo'}
      </Badge>
    ),
  },
];

/** Customers screen (Clientes, spec 001): third parties paged by the server, with edit, abono and history. */
export function TercerosList() {
  const sesion = useSesion();
  const lista = useEstadoLista<OrdenTercero>();
  const consulta = useTerceros(lista.parametros);
  // The row stays while a modal closes, so its title does not flip during the transition.
  const [dialogo, setDialogo] = useState<{ tipo: Dialogo | null; tercero: Tercero | null }>({ tipo: null, tercero: null });
  const abrir = (tipo: Dialogo, tercero: Tercero | null) => setDialogo({ tipo, tercero });
  const cerrar = () => setDialogo((actual) => ({ ...actual, tipo: null }));

  return (
    <PantallaLista
      titulo="Clientes"
      descripcion="Clientes, vendedores, administradores, bodega, operarios y mensajeros."
      crear={{ texto: 'Agregar tercero', onClick: () => abrir('formulario', null) }}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(tercero) => tercero.id}
      buscador={{ placeholder: 'Documento, nombres o correo electrónico' }}
      anchoMinimo={1000}
      acciones={{
        ancho: 112,
        celda: (tercero) => {
          const nombre = nombreDe(tercero);
          // The same rule as the form (and the server): rows this user may not edit say 'Ver', not 'Editar'.
          const accion = sesion !== null && puedeEditarTercero(sesion.role, tercero.tipo_tercero) ? 'Editar' : 'Ver';
          return (
            <>
              <Tooltip label={accion}>
                <ActionIcon variant="light" aria-label={`${accion} ${nombre}`} onClick={() => abrir('formulario', tercero)}>
                  {accion === 'Editar' ? <IconPencil size={16} /> : <IconEye size={16} />}
                </ActionIcon>
              </Tooltip>
              {tercero.tipo_tercero === 'C' ? (
                <>
                  <Tooltip label="Agregar abono">
                    <ActionIcon variant="light" color="teal" aria-label={`Agregar abono a ${nombre}`} onClick={() => abrir('abono', tercero)}>
                      <IconCash size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Historial de abonos">
                    <ActionIcon variant="light" color="gray" aria-label={`Historial de abonos de ${nombre}`} onClick={() => abrir('historial', tercero)}>
                      <IconHistory size={16} />
                    </ActionIcon>
                  </Tooltip>
                </>
              ) : null}
            </>
          );
        },
      }}
    >
      <TerceroFormModal opened={dialogo.tipo === 'formulario'} onClose={cerrar} tercero={dialogo.tercero} />
      <AbonoFormModal opened={dialogo.tipo === 'abono'} onClose={cerrar} tercero={dialogo.tercero} />
      <AbonosHistorialModal opened={dialogo.tipo === 'historial'} onClose={cerrar} tercero={dialogo.tercero} />
    </PantallaLista>
  );
}
