import { useState } from 'react';
import { IconCash, IconPencil } from '@tabler/icons-react';
import { ACCIONES, puedeAcceder, textoPlazo, type CuentaCredito, type OrdenCuentaCredito } from '@tablero/domain';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useCuentasCredito } from '../api/get-cuentas-credito';
import { CuentaCreditoFormModal } from './cuenta-credito-form-modal';
import { BotonFila } from '@/components/accion-fila';
import { useSesion } from '@/lib/sesion';

const COLUMNAS: Columna<CuentaCredito, OrdenCuentaCredito>[] = [
  { titulo: 'Fecha creación', orden: 'fecha_creacion', ancho: 170, celda: (cuenta) => formatearFechaHora(cuenta.fecha_creacion) },
  {
    titulo: 'Número documento',
    orden: 'numero_documento',
    ancho: 160,
    celda: (cuenta) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{cuenta.numero_documento_tercero}</span>,
  },
  { titulo: 'Nombres completos', orden: 'nombres', ajustar: true, celda: (cuenta) => `${cuenta.nombres_tercero} ${cuenta.apellidos_tercero}` },
  {
    titulo: 'Total cupo permitido',
    orden: 'total_cupo_permitido',
    ancho: 180,
    alineacion: 'right',
    celda: (cuenta) => formatearMoneda(cuenta.total_cupo_permitido),
  },
  { titulo: 'Total crédito solicitado', orden: 'total_credito', ancho: 190, alineacion: 'right', celda: (cuenta) => formatearMoneda(cuenta.total_credito) },
  // docs/decisions-factura-electronica.md, "Venta a crédito": a credit sale is due its billing day + this term.
  { titulo: 'Plazo', ancho: 90, alineacion: 'right', celda: (cuenta) => textoPlazo(cuenta.plazo_dias) },
];

/**
 * Credit accounts list (spec 001): search, 'Crear cuenta crédito', Editar and Pagos per row, server paging. Creating
 * and Editar (a quota) only for the roles that manage credit (docs/decisions.md "Quién mueve el dinero de un crédito");
 * the others read the accounts and open their detail.
 */
export function CuentasCreditoList() {
  const gestiona = puedeAcceder(useSesion()?.role, ACCIONES.gestionarCredito.acceso);
  const lista = useEstadoLista<OrdenCuentaCredito>();
  const consulta = useCuentasCredito(lista.parametros);
  const [formulario, setFormulario] = useState<{ abierto: boolean; cuenta: CuentaCredito | null }>({ abierto: false, cuenta: null });

  return (
    <PantallaLista
      titulo="Cuentas crédito"
      descripcion="Cupo permitido y crédito usado por cada cliente."
      {...(gestiona ? { crear: { texto: 'Crear cuenta crédito', onClick: () => setFormulario({ abierto: true, cuenta: null }) } } : {})}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(cuenta) => cuenta.id}
      buscador={{ placeholder: 'Documento o nombres del cliente' }}
      anchoMinimo={1050}
      acciones={{
        ancho: 190,
        celda: (cuenta) => (
          <>
            {gestiona ? (
              <BotonFila icono={IconPencil} onClick={() => setFormulario({ abierto: true, cuenta })}>
                Editar
              </BotonFila>
            ) : null}
            <BotonFila
              icono={IconCash}
              color="teal"
              to={`/cuentas-credito/${encodeURIComponent(cuenta.numero_documento_tercero)}`}
              // The route names the document number; the row already knows the customer (docs/decisions-creditos.md 'Cuentas y cupos').
              state={{ terceroId: cuenta.tercero_id }}
            >
              Pagos
            </BotonFila>
          </>
        ),
      }}
    >
      <CuentaCreditoFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        cuenta={formulario.cuenta}
      />
    </PantallaLista>
  );
}
