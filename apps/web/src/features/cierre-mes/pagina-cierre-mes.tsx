import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { hoyNegocio, SUPER_ADMINISTRADOR, type OrdenVentasMes, type Periodo, type SeccionCierreMes, type VentasPlataforma } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { DetalleVenta } from '@/components/ranura-detalle-venta';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearCantidad, formatearFechaHora, formatearMonedaLista } from '@/lib/formato';
import { etiquetaTienda, useSesion, useTienda } from '@/lib/sesion';
import { exportarSeccion, useCierreMes } from './api/cierre-mes';
import { mesDe, mesTerminado, nombreMesLargo, type Mes } from './cierre-mes.logica';
import { TablaTotalesPorForma } from './components/columnas-forma-pago';
import { PagosCreditoPorForma } from './components/pagos-credito-por-forma';
import { FormasPagoCierre } from './components/formas-pago-cierre';
import { CerrarMesDialog, HistorialPeriodoDialog, ReabrirMesDialog, ResumenCifras, type CierrePropuesto } from './components/periodo-dialogos';
import { Seccion } from './components/seccion';
import { NotaRedondeo } from './components/nota-redondeo';
import { SelectorMes } from './components/selector-mes';
import { TablaPagosProveedores } from './components/tabla-pagos-proveedores';
import { AvisoDocumentosPorResolver, TarjetasDocumentosFiscales } from './components/documentos-fiscales';
import { VentasMes } from './components/ventas-mes';
import { NotaAnuladas } from './components/nota-anuladas';
import { diferenciasConResumen, leerResumen } from './resumen-cierre.logica';

const MES_VALIDO = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month in the address (`?mes=2026-10`), so a reload or Back keeps it; the current month when absent or later. */
function useMesElegido(hoy: string): [Mes, (mes: Mes) => void] {
  const [parametros, setParametros] = useSearchParams();
  const actual = mesDe(hoy);
  const escrito = parametros.get('mes') ?? '';
  const mes = MES_VALIDO.test(escrito) && escrito <= actual ? escrito : actual;
  const cambiar = (nuevo: Mes) => {
    const siguientes = new URLSearchParams(parametros);
    if (nuevo === actual) siguientes.delete('mes');
    else siguientes.set('mes', nuevo);
    // A new month starts its sales list on page 1 (its search stays: the box keeps showing it).
    siguientes.delete('v_pagina');
    setParametros(siguientes, { replace: true });
  };
  return [mes, cambiar];
}

/**
 * #/cierre-mes (spec 002 §2.8; docs/decisions-reportes-dinero.md, docs/decisions-periodos.md), SuperAdministrador, the selected store: the month by
 * fiscal document (e-invoices by DIAN state, remissions, credit notes, net sales, fiscal IVA) with a warning naming the
 * documents DIAN has not accepted, totals by payment method (each opening its sales), credit payments by
 * method (each opening its lines), supplier payments and the month's sales, each with its .xlsx export; the annulled
 * sales left out are said. The month can be closed once it has ended (its summary kept and shown) and reopened with a
 * reason.
 */
export function CierreMesPage() {
  const hoy = hoyNegocio();
  const tienda = useTienda();
  const sesion = useSesion();
  const [mes, setMes] = useMesElegido(hoy);
  const codigoTienda = tienda?.codigo_tienda ?? '';
  const consulta = useCierreMes(codigoTienda, mes);
  const listaVentas = useEstadoLista<OrdenVentasMes>({ prefijo: 'v_' });
  const datos = consulta.data;
  // Placeholder data of the previous month stays dimmed while the new one loads; its figures are not this month's.
  const cargando = consulta.isPending || consulta.isPlaceholderData;
  const actuales = cargando ? undefined : datos;

  const [ventaDetalle, setVentaDetalle] = useState<number | null>(null);
  const [cierre, setCierre] = useState<CierrePropuesto | null>(null);
  const [reabrir, setReabrir] = useState<Periodo | null>(null);
  const [historial, setHistorial] = useState<Periodo | null>(null);
  const exportar = useMutation({ mutationFn: exportarSeccion });

  if (!tienda) {
    return (
      <Stack gap="sm">
        <EncabezadoPagina titulo="Cierre de mes" />
        <Text c="dimmed">Seleccione una tienda para ver su cierre de mes.</Text>
      </Stack>
    );
  }

  const botonExportar = (seccion: SeccionCierreMes, nombre: string) => (
    <BotonExportar
      size="compact-sm"
      aria-label={`Exportar ${nombre}`}
      loading={exportar.isPending && exportar.variables.seccion === seccion}
      disabled={!actuales}
      onClick={() => exportar.mutate({ codigoTienda, mes, seccion })}
    />
  );

  const periodo = actuales?.periodo;
  const esSuperAdministrador = sesion?.role === SUPER_ADMINISTRADOR;
  const terminado = mesTerminado(mes, hoy);
  const resumen = periodo?.cerrado ? leerResumen(periodo.resumen) : null;
  const diferencias = resumen && actuales ? diferenciasConResumen(resumen, actuales) : [];

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Cierre de mes"
        descripcion={`Ventas facturadas, pagos y abonos de ${nombreMesLargo(mes)} en la tienda ${etiquetaTienda(tienda)}.`}
        acciones={<SelectorMes mes={mes} onCambiar={setMes} hoy={hoy} />}
      />

      <Paper withBorder radius="sm" px="sm" py={6} data-testid="estado-periodo">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {!periodo ? (
              <Badge variant="light" color="gray" size="lg" radius="sm" style={{ textTransform: 'none' }}>
                {consulta.isError ? 'Sin datos' : 'Cargando…'}
              </Badge>
            ) : periodo.cerrado ? (
              <>
                <Badge variant="filled" color="red" size="lg" radius="sm" leftSection={<IconLock size={14} />} style={{ textTransform: 'none' }} data-testid="insignia-periodo">
                  Mes cerrado
                </Badge>
                <Text size="sm" truncate data-testid="cierre-por">
                  {`Cerrado por ${periodo.usuario_cierre ?? 'Sistema'} el ${formatearFechaHora(periodo.fecha_cierre)}`}
                </Text>
              </>
            ) : (
              <>
                <Badge variant="light" color="teal" size="lg" radius="sm" leftSection={<IconLockOpen size={14} />} style={{ textTransform: 'none' }} data-testid="insignia-periodo">
                  Mes abierto
                </Badge>
                <Text size="sm" c="dimmed" truncate>
                  {terminado ? 'El mes terminó: puede cerrarse para que no admita más movimientos.' : 'El mes está en curso: podrá cerrarse cuando termine.'}
                </Text>
              </>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            {periodo && periodo.historial.length > 0 ? (
              <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconHistory size={14} />} onClick={() => setHistorial(periodo)}>
                Historial
              </Button>
            ) : null}
            {periodo && esSuperAdministrador ? (
              periodo.cerrado ? (
                <Button size="compact-sm" variant="light" color="orange" leftSection={<IconLockOpen size={14} />} onClick={() => setReabrir(periodo)}>
                  Reabrir mes
                </Button>
              ) : (
                <Tooltip label="Solo se puede cerrar un mes que ya terminó" disabled={terminado} withinPortal>
                  <Button
                    size="compact-sm"
                    color="red"
                    leftSection={<IconLock size={14} />}
                    disabled={!terminado || !actuales}
                    onClick={() => actuales && setCierre({ mes, tienda: etiquetaTienda(tienda), cifras: actuales })}
                  >
                    Cerrar mes
                  </Button>
                </Tooltip>
              )
            ) : null}
          </Group>
        </Group>
      </Paper>

      <TarjetasDocumentosFiscales datos={actuales} extra={<TiposVenta datos={actuales} />} />
      {actuales ? <AvisoDocumentosPorResolver documentos={actuales.documentos_por_resolver} onVerVenta={setVentaDetalle} /> : null}
      {actuales ? <NotaAnuladas anuladas={actuales.anuladas} periodo="el mes" /> : null}

      {periodo?.cerrado && resumen ? (
        <Seccion titulo="Resumen al cierre" nota={`Las cifras guardadas al cerrar el mes, el ${formatearFechaHora(periodo.fecha_cierre)}.`}>
          {diferencias.length > 0 ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} p="xs" title="Las cifras actuales difieren del resumen guardado">
              {diferencias.join(', ')}
            </Alert>
          ) : null}
          <ResumenCifras resumen={resumen} etiqueta="Resumen al cierre" />
        </Seccion>
      ) : null}

      <Seccion
        titulo="Totales por forma de pago"
        nota="Ventas facturadas del mes por forma de pago; Crédito y Anticipo no ingresan dinero en la venta."
        acciones={botonExportar('formas-pago', 'totales por forma de pago')}
      >
        <FormasPagoCierre
          codigoTienda={codigoTienda}
          mes={mes}
          formas={actuales?.lista_ventas_formas_pagos}
          totalDinero={actuales?.total_dinero_ventas}
          cargando={cargando} error={consulta.isError} onVerVenta={setVentaDetalle} />
        <NotaRedondeo redondeo={actuales?.redondeo_efectivo} periodo="el mes" />
      </Seccion>

      <Seccion titulo="Abonos a crédito por forma de pago" acciones={botonExportar('abonos-credito', 'abonos a crédito')}>
        <PagosCreditoPorForma
          formas={actuales?.lista_abonos_credito_formas_pagos}
          lineas={actuales?.lista_abonos_credito}
          total={actuales?.total_abonos_credito}
          cargando={cargando}
          error={consulta.isError}
          onVerVenta={setVentaDetalle}
        />
      </Seccion>

      <Seccion
        titulo="Devoluciones por forma de pago"
        nota="Dinero que las anulaciones del mes devolvieron al cliente, aunque la venta, el abono o el anticipo sean de otro mes."
      >
        <TablaTotalesPorForma
          etiqueta="Devoluciones por forma de pago"
          tituloValor="Valor devuelto"
          filas={actuales?.lista_devoluciones_formas_pagos}
          cargando={cargando}
          error={consulta.isError}
          textoVacio="No hubo devoluciones en el mes."
          pie={['Total', formatearMonedaLista(actuales?.total_devoluciones ?? 0)]}
        />
      </Seccion>

      <Seccion
        titulo="Pagos a proveedores"
        nota={actuales ? `${formatearCantidad(actuales.cantidad_pagos_proveedores)} ${actuales.cantidad_pagos_proveedores === 1 ? 'pago' : 'pagos'} con fecha de pago en el mes.` : undefined}
        acciones={botonExportar('pagos-proveedores', 'pagos a proveedores')}
      >
        <TablaPagosProveedores pagos={actuales?.lista_pagos_proveedores} total={actuales?.total_pagos_proveedores} cargando={cargando} error={consulta.isError} />
      </Seccion>

      <Seccion
        titulo="Ventas del mes"
        nota={actuales ? `${formatearCantidad(actuales.cantidad_ventas)} ${actuales.cantidad_ventas === 1 ? 'venta facturada' : 'ventas facturadas'} por ${formatearMonedaLista(actuales.total_venta_bruta)}, IVA incluido.` : undefined}
        acciones={botonExportar('ventas', 'ventas del mes')}
      >
        <VentasMes codigoTienda={codigoTienda} mes={mes} lista={listaVentas} onVerVenta={setVentaDetalle} />
      </Seccion>

      <DetalleVenta ventaId={ventaDetalle} onCerrar={() => setVentaDetalle(null)} />
      <CerrarMesDialog cierre={cierre} onCerrar={() => setCierre(null)} />
      <ReabrirMesDialog periodo={reabrir} mes={mes} onCerrar={() => setReabrir(null)} />
      <HistorialPeriodoDialog periodo={historial} onCerrar={() => setHistorial(null)} />
    </Stack>
  );
}

/** Sales by payment type (cash or credit sale), the server's totals: how much of the month was sold on credit. */
function TiposVenta({ datos }: { datos: VentasPlataforma | undefined }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        Por tipo de venta
      </Text>
      {!datos ? (
        <Text size="sm" c="dimmed" mt={4}>
          Cargando…
        </Text>
      ) : datos.lista_tipos_venta.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          No se encontraron datos
        </Text>
      ) : (
        <Stack gap={0} mt={2} data-testid="tipos-venta">
          {datos.lista_tipos_venta.map((tipo) => (
            <Group key={tipo.tipo_pago_id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>{`${tipo.nombre_tipo_pago} (${formatearCantidad(tipo.cantidad)})`}</Text>
              <Text size="sm" fw={600}>
                {formatearMonedaLista(tipo.total_venta_neta)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
