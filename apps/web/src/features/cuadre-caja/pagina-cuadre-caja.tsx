import { useState } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { hoyNegocio } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { EntradaFecha } from '@/components/entrada-fecha';
import { DetalleVenta } from '@/components/ranura-detalle-venta';
import { PagosCreditoPorForma, NotaAnuladas, NotaRedondeo, Seccion, TablaPagosProveedores, TablaTotalesPorForma, TarjetaCifra } from '@/features/cierre-mes';
import { MovimientoCajaModal, type MovimientoAbierto } from '@/features/egresos-ingresos';
import { tiendasUsuarioQueryOptions } from '@/features/tiendas';
import { formatearFecha } from '@/lib/formato';
import { useSesion } from '@/lib/sesion';
import { useCuadreCaja } from './api/cuadre-caja';
import { clavesCuadreCaja } from './api/claves';
import { fechaElegida } from './cuadre-caja.logica';
import { CajasTiendas } from './components/cajas-tiendas';
import { DevolucionesTabla } from './components/devoluciones-tabla';
import { FormasPagoTiendas } from './components/formas-pago-tiendas';
import { MovimientosCajaTabla, type FilaMovimiento } from './components/movimientos-caja-tabla';
import { CajasRegistradorasDia, TurnosCajaDia } from './components/turnos-caja-dia';

/** '001, 002 y 003'. */
const LISTA = new Intl.ListFormat('es', { type: 'conjunction' });
/** A save of an expense or income refreshes the day's figures. */
const REFRESCA = [clavesCuadreCaja.todas] as const;

/** The day in the address (`?fecha=`), so a reload keeps it; today by default, never after today. */
function useFechaElegida(hoy: string): [string, (fecha: string) => void] {
  const [parametros, setParametros] = useSearchParams();
  const fecha = fechaElegida(parametros.get('fecha'), hoy);
  const cambiar = (nueva: string) => {
    const siguientes = new URLSearchParams(parametros);
    if (nueva === hoy) siguientes.delete('fecha');
    else siguientes.set('fecha', nueva);
    setParametros(siguientes, { replace: true });
  };
  return [fecha, cambiar];
}

/**
 * #/cuadre-caja (spec 002 §2.9, §2.10; docs/decisions-reportes-dinero.md), SuperAdministrador: the day's total (money received
 * by sales, credit payments and advances, less the day's refunds), one drawer per store (its total and the cash it
 * should hold; their sum only as a labelled sum), the refunds; the payments by store and method, credit payments and advances by method, the money the
 * day's annulments gave back (Anulaciones) and its partial returns (Devoluciones), the expenses and income (added and edited here) and the supplier payments
 * of the day. The stores are those the parameter TIENDAS_CUADRE_CAJA lists.
 */
export function CuadreCajaPage() {
  const hoy = hoyNegocio();
  const [fecha, setFecha] = useFechaElegida(hoy);
  const consulta = useCuadreCaja(fecha);
  const cargando = consulta.isPending || consulta.isPlaceholderData;
  const datos = cargando ? undefined : consulta.data;
  const error = consulta.isError;
  const [movimiento, setMovimiento] = useState<MovimientoAbierto | null>(null);
  // The day lists every listed store; a row of a store the user does not work in is shown but not edited.
  const sesion = useSesion();
  const misTiendas = useQuery({ ...tiendasUsuarioQueryOptions(sesion?.id ?? 0), enabled: sesion !== null });
  const puedeEditar = (codigoTienda: string) => (misTiendas.data ?? []).some((tienda) => tienda.codigo_tienda === codigoTienda);
  const [ventaDetalle, setVentaDetalle] = useState<number | null>(null);

  const egresos: FilaMovimiento[] | undefined = datos?.lista_egreso.map((e) => ({
    id: e.id,
    codigo_tienda: e.codigo_tienda,
    nombre_forma_pago: e.nombre_forma_pago,
    valor: e.valor_egreso,
    descripcion: e.descripcion_egreso,
    nombre_usuario: e.nombre_usuario,
  }));
  const ingresos: FilaMovimiento[] | undefined = datos?.lista_ingreso.map((i) => ({
    id: i.id,
    codigo_tienda: i.codigo_tienda,
    nombre_forma_pago: i.nombre_forma_pago,
    valor: i.valor_ingreso,
    descripcion: i.descripcion_ingreso,
    nombre_usuario: i.nombre_usuario,
  }));

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Cuadre de caja"
        descripcion={`Dinero recibido, egresos, ingresos y pagos a proveedores del ${formatearFecha(fecha)}${
          datos ? ` en ${datos.tiendas_cuadre.length === 1 ? 'la tienda' : 'las tiendas'} ${LISTA.format(datos.tiendas_cuadre)}` : ''
        }.`}
        acciones={<EntradaFecha label="Fecha" value={fecha} maxDate={hoy} onChange={(nueva) => setFecha(nueva ?? hoy)} w={160} size="sm" allowDeselect={false} />}
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {/* One drawer per store: each store's cash apart, their sum only as a labelled sum (decisions-reportes-dinero). */}
        <CajasTiendas datos={datos} cargando={cargando} error={error} />
        <SimpleGrid cols={3} spacing="sm">
          <TarjetaCifra
            titulo="Total del día"
            valor={datos?.total_dia}
            detalle="Todas las tiendas: formas de pago, abonos y anticipos, menos devoluciones"
            testId="total-dia"
            color="blue.8"
          />
          <TarjetaCifra
            titulo="Anulaciones"
            valor={datos ? -datos.total_devoluciones_anulaciones : undefined}
            detalle="Dinero devuelto por anulaciones del día"
            testId="total-anulaciones"
            color="red.8"
          />
          <TarjetaCifra
            titulo="Devoluciones"
            valor={datos ? -datos.total_devoluciones_parciales : undefined}
            detalle="Dinero devuelto por devoluciones parciales del día"
            testId="total-devoluciones"
            color="red.8"
          />
        </SimpleGrid>
      </SimpleGrid>

      {datos ? <NotaAnuladas anuladas={datos.anuladas} periodo="el día" /> : null}
      <NotaRedondeo redondeo={datos?.redondeo_efectivo} periodo="el día" />

      <SimpleGrid cols={2} spacing="sm">
        <Seccion titulo="Cajas registradoras" nota="Los turnos de caja del día sumados por caja: base, efectivo esperado, contado al cerrar y diferencia.">
          <CajasRegistradorasDia datos={datos} cargando={cargando} error={error} />
        </Seccion>
        <Seccion titulo="Turnos de caja del día" nota="Turnos abiertos ese día, o abiertos antes y aún sin cerrar.">
          <TurnosCajaDia datos={datos} cargando={cargando} error={error} />
        </Seccion>
      </SimpleGrid>

      <SimpleGrid cols={2} spacing="sm">
        <Seccion titulo="Formas de pago por tienda" nota="Ventas facturadas del día; Crédito y Anticipo no ingresan dinero.">
          <FormasPagoTiendas formas={datos?.lista_ventas_formas_pagos} tiendas={datos?.lista_tiendas} cargando={cargando} error={error} />
        </Seccion>
        <Stack gap="sm">
          <Seccion titulo="Abonos a crédito por forma de pago">
            <PagosCreditoPorForma
              formas={datos?.lista_abonos_credito_formas_pagos}
              lineas={datos?.lista_abonos_credito}
              cargando={cargando}
              error={error}
              onVerVenta={setVentaDetalle}
            />
          </Seccion>
          <Seccion titulo="Anticipos recibidos por forma de pago">
            <TablaTotalesPorForma
              etiqueta="Anticipos recibidos por forma de pago"
              tituloValor="Valor recibido"
              filas={datos?.lista_anticipos_formas_pagos}
              cargando={cargando}
              error={error}
            />
          </Seccion>
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={2} spacing="sm">
        <Seccion titulo="Anulaciones" nota="Dinero que las anulaciones del día devolvieron al cliente: sale de la caja hoy, aunque la venta, el abono o el anticipo sean de otro día.">
          <DevolucionesTabla clase="anulaciones" filas={datos?.lista_devoluciones} cargando={cargando} error={error} />
        </Seccion>
        <Seccion titulo="Devoluciones" nota="Dinero que las devoluciones parciales del día devolvieron al cliente (lo que no fue a crédito ni a saldo a favor).">
          <DevolucionesTabla clase="devoluciones" filas={datos?.lista_devoluciones} cargando={cargando} error={error} />
        </Seccion>
      </SimpleGrid>

      <SimpleGrid cols={2} spacing="sm">
        <Seccion
          titulo="Egresos"
          acciones={
            <Button size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => setMovimiento({ tipo: 'egreso', id: null })}>
              Agregar egreso
            </Button>
          }
        >
          <MovimientosCajaTabla
            etiqueta="Egresos"
            nombre="egreso"
            filas={egresos}
            cargando={cargando}
            error={error}
            onEditar={(id) => setMovimiento({ tipo: 'egreso', id })}
            puedeEditar={puedeEditar}
          />
        </Seccion>
        <Seccion
          titulo="Ingresos"
          acciones={
            <Button size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => setMovimiento({ tipo: 'ingreso', id: null })}>
              Agregar ingreso
            </Button>
          }
        >
          <MovimientosCajaTabla
            etiqueta="Ingresos"
            nombre="ingreso"
            filas={ingresos}
            cargando={cargando}
            error={error}
            onEditar={(id) => setMovimiento({ tipo: 'ingreso', id })}
            puedeEditar={puedeEditar}
          />
        </Seccion>
      </SimpleGrid>

      <Seccion titulo="Pagos a proveedores">
        <TablaPagosProveedores pagos={datos?.lista_pagos_proveedores} cargando={cargando} error={error} />
      </Seccion>

      <MovimientoCajaModal movimiento={movimiento} onCerrar={() => setMovimiento(null)} refresca={REFRESCA} />
      <DetalleVenta ventaId={ventaDetalle} onCerrar={() => setVentaDetalle(null)} />
    </Stack>
  );
}
