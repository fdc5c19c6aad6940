import { useState } from 'react';
import { Badge } from '@mantine/core';
import type { OrdenProveedor, Proveedor } from '@tablero/domain';
import { BotonEditar, PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useProveedores } from '../api/get-proveedores';
import { ProveedorFormModal } from './proveedor-form-modal';

const COLUMNAS: Columna<Proveedor, OrdenProveedor>[] = [
  { titulo: 'Nombre', orden: 'nombre_proveedor', ajustar: true, celda: (proveedor) => proveedor.nombre_proveedor },
  { titulo: 'NIT', orden: 'nit', ancho: 130, celda: (proveedor) => proveedor.nit },
  { titulo: 'Teléfono', ancho: 120, celda: (proveedor) => proveedor.numero_telefonico },
  { titulo: 'Correo electrónico', orden: 'correo_electronico', ajustar: true, celda: (proveedor) => proveedor.correo_electronico },
  { titulo: 'Dirección', ajustar: true, celda: (proveedor) => proveedor.direccion ?? '' },
  {
    titulo: 'Crédito',
    orden: 'credito',
    ancho: 90,
    alineacion: 'center',
    celda: (proveedor) => (
      <Badge color={proveedor.credito ? 'green' : 'gray'} variant="light" radius="sm">
        {proveedor.credito ? 'Sí' : 'No'}
      </Badge>
    ),
  },
  {
    titulo: 'Plazo crédito',
    orden: 'plazo_credito',
    ancho: 130,
    alineacion: 'right',
    celda: (proveedor) => (proveedor.credito ? `${proveedor.plazo_credito} días` : ''),
  },
];

/** Suppliers screen (spec 002 §2.13): paged by the server, with create and edit. */
export function ProveedoresList() {
  const lista = useEstadoLista<OrdenProveedor>();
  const consulta = useProveedores(lista.parametros);
  const [formulario, setFormulario] = useState<{ abierto: boolean; proveedor: Proveedor | null }>({ abierto: false, proveedor: null });

  return (
    <PantallaLista
      titulo="Proveedores"
      descripcion="Proveedores de tableros, cantos, herrajes y servicios."
      crear={{ texto: 'Crear proveedor', onClick: () => setFormulario({ abierto: true, proveedor: null }) }}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(proveedor) => proveedor.id}
      buscador={{ placeholder: 'Nombre o NIT del proveedor' }}
      anchoMinimo={900}
      acciones={{
        celda: (proveedor) => (
          <BotonEditar nombre={proveedor.nombre_proveedor} onClick={() => setFormulario({ abierto: true, proveedor })} />
        ),
      }}
    >
      <ProveedorFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        proveedor={formulario.proveedor}
      />
    </PantallaLista>
  );
}
