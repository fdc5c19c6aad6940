import { useState } from 'react';
import { Badge, Group } from '@mantine/core';
import { IconBan, IconPencil } from '@tabler/icons-react';
import type { Conexion, EstadoConexion, OrdenConexion } from '@tablero/domain';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFechaHora } from '@/lib/formato';
import { useConexiones } from '../api/get-conexiones';
import { ConexionFormModal } from './conexion-form-modal';
import { RevocarConexionDialog } from './revocar-conexion-dialog';
import { BotonFila } from '@/components/accion-fila';

const COLOR_ESTADO: Record<EstadoConexion, string> = {
  Activa: 'green',
  Cerrada: 'gray',
  Expirada: 'orange',
};

const COLUMNAS: Columna<Conexion, OrdenConexion>[] = [
  { titulo: 'Nombre conexión', orden: 'name_connection', ajustar: true, celda: (conexion) => conexion.name_connection },
  { titulo: 'Usuario', orden: 'email', ajustar: true, celda: (conexion) => `${conexion.email} - ${conexion.name}` },
  { titulo: 'Fecha registro', orden: 'fecha_registro', ancho: 180, celda: (conexion) => formatearFechaHora(conexion.fecha_registro) },
  {
    titulo: 'Estado',
    ancho: 190,
    celda: (conexion) => (
      <Group gap={6} wrap="nowrap">
        <Badge color={COLOR_ESTADO[conexion.estado]} variant="light" radius="sm">
          {conexion.estado}
        </Badge>
        {conexion.es_actual ? (
          <Badge color="blue" variant="outline" radius="sm">
            Esta sesión
          </Badge>
        ) : null}
      </Group>
    ),
  },
];

type Dialogo = { tipo: 'editar' | 'revocar'; conexion: Conexion };

/** Connections screen (spec 001): the sessions opened by logging in, paged by the server, to rename or revoke. */
export function ConexionesList() {
  const lista = useEstadoLista<OrdenConexion>();
  const consulta = useConexiones(lista.parametros);
  // The connection stays while its dialog closes, so the dialog's text does not vanish during the transition.
  const [dialogo, setDialogo] = useState<{ abierto: boolean } & Partial<Dialogo>>({ abierto: false });
  const cerrar = () => setDialogo((actual) => ({ ...actual, abierto: false }));

  return (
    <PantallaLista
      titulo="Conexiones"
      descripcion="Sesiones abiertas al ingresar a la aplicación, de la más reciente a la más antigua."
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(conexion) => conexion.id}
      buscador={{ placeholder: 'Nombre de la conexión, correo o usuario' }}
      anchoMinimo={860}
      acciones={{
        ancho: 190,
        celda: (conexion) => (
          <>
            <BotonFila icono={IconPencil} onClick={() => setDialogo({ abierto: true, tipo: 'editar', conexion })}>
              Editar
            </BotonFila>
            {conexion.estado === 'Activa' ? (
              <BotonFila icono={IconBan} color="red" onClick={() => setDialogo({ abierto: true, tipo: 'revocar', conexion })}>
                Revocar
              </BotonFila>
            ) : null}
          </>
        ),
      }}
    >
      <ConexionFormModal opened={dialogo.abierto && dialogo.tipo === 'editar'} onClose={cerrar} conexion={dialogo.conexion ?? null} />
      <RevocarConexionDialog opened={dialogo.abierto && dialogo.tipo === 'revocar'} onClose={cerrar} conexion={dialogo.conexion ?? null} />
    </PantallaLista>
  );
}
