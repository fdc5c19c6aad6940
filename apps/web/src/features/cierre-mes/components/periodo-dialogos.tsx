import { SimpleGrid, Table, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MOTIVO_REAPERTURA_MAXIMO, reabrirMesSchema, type Periodo, type ResumenCierreMes, type VentasPlataforma } from '@tablero/domain';
import { CampoAreaTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearCantidad, formatearFechaHora, formatearMonedaLista } from '@/lib/formato';
import { useCerrarMes, useReabrirMes } from '../api/cierre-mes';
import { nombreMesLargo, type Mes } from '../cierre-mes.logica';


/** What the closing dialog shows and names: the month, the store, and today's figures (they become the summary). */
export interface CierrePropuesto {
  mes: Mes;
  tienda: string;
  cifras: VentasPlataforma;
}

/**
 * 'Cerrar mes' (docs/decisions-periodos.md, beyond the spec), SuperAdministrador, an ended month: the confirmation shows the figures
 * being closed; afterwards the server refuses every write dated in the month ('Mes cerrado').
 */
export function CerrarMesDialog({ cierre, onCerrar }: { cierre: CierrePropuesto | null; onCerrar: () => void }) {
  return (
    <ModalFormulario opened={cierre !== null} onClose={onCerrar} titulo="Cerrar mes" size="xl">
      {cierre ? <ConfirmarCierre key={`${cierre.tienda}-${cierre.mes}`} cierre={cierre} /> : null}
    </ModalFormulario>
  );
}

function ConfirmarCierre({ cierre }: { cierre: CierrePropuesto }) {
  const cerrar = useCerrarMes();
  const form = useForm();
  return (
    <FormularioModal
      form={form}
      textoGuardar="Cerrar mes"
      colorGuardar="red"
      textoCerrar="Cancelar"
      guardar={async () => (await cerrar.mutateAsync(cierre.mes)).mensaje}
    >
      <Text size="sm">
        {`Se cerrará ${nombreMesLargo(cierre.mes)} de la tienda ${cierre.tienda}. Después no se admitirá ningún movimiento con fecha en ese mes (facturas, anulaciones, abonos, anticipos, egresos, ingresos, pagos a proveedores ni movimientos de inventario) hasta que se reabra. ¿Desea continuar?`}
      </Text>
      <ResumenCifras resumen={cierre.cifras} etiqueta="Resumen del cierre" />
    </FormularioModal>
  );
}

/** Every credit note of a summary, accepted or not, to the centavo. */
function sumaNotas(resumen: ResumenCierreMes, cifra: 'ventas' | 'iva'): number {
  const { aceptadas, pendientes, rechazadas } = resumen.notas_credito;
  return [aceptadas, pendientes, rechazadas].reduce((suma, c) => suma + Math.round(c[cifra] * 100), 0) / 100;
}

/** The figures of a summary: the cards with their IVA, the money received by method, and the month's other totals. */
export function ResumenCifras({ resumen, etiqueta }: { resumen: ResumenCierreMes; etiqueta: string }) {
  const filaCifra = (titulo: string, ventas: number | undefined, iva?: number) => (
    <Table.Tr>
      <Table.Td>{titulo}</Table.Td>
      <Table.Td ta="right">{ventas === undefined ? '' : formatearMonedaLista(ventas)}</Table.Td>
      <Table.Td ta="right">{iva === undefined ? '' : formatearMonedaLista(iva)}</Table.Td>
    </Table.Tr>
  );
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing="xs" fz="xs" aria-label={`${etiqueta}: ventas`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ventas</Table.Th>
            <Table.Th ta="right">Antes de IVA</Table.Th>
            <Table.Th ta="right">IVA</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filaCifra('Facturas electrónicas aceptadas', resumen.ventas_siigo, resumen.iva_siigo)}
          {filaCifra('Facturas pendientes de envío', resumen.facturas_electronicas.pendientes.ventas, resumen.facturas_electronicas.pendientes.iva)}
          {filaCifra('Facturas rechazadas', resumen.facturas_electronicas.rechazadas.ventas, resumen.facturas_electronicas.rechazadas.iva)}
          {filaCifra('Remisiones (impuestos no fiscales)', resumen.ventas_remision, resumen.iva_remision)}
          {filaCifra('Notas crédito (restan)', -sumaNotas(resumen, 'ventas'), -sumaNotas(resumen, 'iva'))}
          {filaCifra('Ventas netas · IVA fiscal', resumen.ventas_total, resumen.iva_total)}
          {filaCifra('IVA por aceptar en la DIAN', undefined, resumen.iva_por_aceptar)}
          {filaCifra(`Total facturado (${formatearCantidad(resumen.cantidad_ventas)} ventas)`, resumen.total_venta_bruta)}
          {filaCifra('Abonos a crédito', resumen.total_abonos_credito)}
          {filaCifra(`Pagos a proveedores (${formatearCantidad(resumen.cantidad_pagos_proveedores)})`, resumen.total_pagos_proveedores)}
          <Table.Tr>
            <Table.Td colSpan={3} c="dimmed">
              {`Anuladas en el mes: ${formatearCantidad(resumen.anuladas.cantidad)} (${formatearMonedaLista(resumen.anuladas.total)})`}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing="xs" fz="xs" aria-label={`${etiqueta}: formas de pago`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Forma de pago</Table.Th>
            <Table.Th ta="right">Ventas</Table.Th>
            <Table.Th ta="right">Abonos crédito</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {unirFormas(resumen).map((forma) => (
            <Table.Tr key={forma.id}>
              <Table.Td c={forma.ingresaDinero ? undefined : 'dimmed'}>{forma.ingresaDinero ? forma.nombre : `${forma.nombre} (no ingresa dinero)`}</Table.Td>
              <Table.Td ta="right">{forma.ventas === null ? '' : formatearMonedaLista(forma.ventas)}</Table.Td>
              <Table.Td ta="right">{forma.abonos === null ? '' : formatearMonedaLista(forma.abonos)}</Table.Td>
            </Table.Tr>
          ))}
          {resumen.lista_ventas_formas_pagos.length === 0 && resumen.lista_abonos_credito_formas_pagos.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3} c="dimmed" ta="center">
                Sin pagos en el mes
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Dinero recibido</Table.Th>
            <Table.Th ta="right">{formatearMonedaLista(resumen.total_dinero_ventas)}</Table.Th>
            <Table.Th ta="right">{formatearMonedaLista(resumen.total_abonos_credito)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </SimpleGrid>
  );
}

/** One row per method, sales and credit payments side by side (the server's totals, only placed together). */
function unirFormas(resumen: ResumenCierreMes) {
  const filas = new Map<number, { id: number; nombre: string; ingresaDinero: boolean; ventas: number | null; abonos: number | null }>();
  for (const forma of resumen.lista_ventas_formas_pagos) {
    filas.set(forma.forma_pago_id, { id: forma.forma_pago_id, nombre: forma.nombre_forma_pago, ingresaDinero: forma.ingresa_dinero, ventas: forma.valor_pagado, abonos: null });
  }
  for (const forma of resumen.lista_abonos_credito_formas_pagos) {
    const fila = filas.get(forma.forma_pago_id) ?? { id: forma.forma_pago_id, nombre: forma.nombre_forma_pago, ingresaDinero: forma.ingresa_dinero, ventas: null, abonos: null };
    filas.set(forma.forma_pago_id, { ...fila, abonos: forma.valor_pagado });
  }
  return [...filas.values()].sort((a, b) => a.id - b.id);
}

/** The reason as the server reads it (3 to 200 characters, trimmed). */
const motivoSchema = reabrirMesSchema.pick({ motivo: true });

/** 'Reabrir mes' with its required reason (kept in the month's history with who and when): 'Mes reabierto'. */
export function ReabrirMesDialog({ periodo, mes, onCerrar }: { periodo: Periodo | null; mes: Mes; onCerrar: () => void }) {
  return (
    <ModalFormulario opened={periodo !== null} onClose={onCerrar} titulo="Reabrir mes">
      {periodo ? <Reapertura key={`${periodo.codigo_tienda}-${mes}`} periodo={periodo} mes={mes} /> : null}
    </ModalFormulario>
  );
}

function Reapertura({ periodo, mes }: { periodo: Periodo; mes: Mes }) {
  const reabrir = useReabrirMes();
  const form = useForm<z.input<typeof motivoSchema>, unknown, z.output<typeof motivoSchema>>({ resolver: zodResolver(motivoSchema), defaultValues: { motivo: '' } });
  return (
    <FormularioModal form={form} textoGuardar="Reabrir mes" textoCerrar="Cancelar" camposServidor={['motivo']} guardar={({ motivo }) => reabrir.mutateAsync({ mes, motivo })}>
      <Text size="sm">
        {`${nombreMesLargo(mes)} de la tienda ${periodo.codigo_tienda} se cerró el ${formatearFechaHora(periodo.fecha_cierre)}${periodo.usuario_cierre ? ` (${periodo.usuario_cierre})` : ''}. Al reabrirlo vuelven a admitirse movimientos con fecha en ese mes.`}
      </Text>
      <CampoAreaTexto
        control={form.control}
        name="motivo"
        label="Motivo de la reapertura"
        withAsterisk
        autosize
        minRows={2}
        maxLength={MOTIVO_REAPERTURA_MAXIMO}
        data-autofocus
      />
    </FormularioModal>
  );
}

/** The month's history: every closing and reopening with who, when and why (read-only). */
export function HistorialPeriodoDialog({ periodo, onCerrar }: { periodo: Periodo | null; onCerrar: () => void }) {
  return (
    <ModalFormulario opened={periodo !== null} onClose={onCerrar} titulo="Historial del mes" size="lg" soloLectura>
      {periodo ? (
        <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" aria-label="Historial del mes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Acción</Table.Th>
              <Table.Th w={170}>Fecha</Table.Th>
              <Table.Th w={160}>Usuario</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periodo.historial.map((evento, indice) => (
              <Table.Tr key={indice}>
                <Table.Td>{evento.accion === 'cierre' ? 'Cierre' : 'Reapertura'}</Table.Td>
                <Table.Td>{formatearFechaHora(evento.fecha)}</Table.Td>
                <Table.Td>{evento.usuario ?? 'Sistema'}</Table.Td>
                <Table.Td>{evento.motivo ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </ModalFormulario>
  );
}
