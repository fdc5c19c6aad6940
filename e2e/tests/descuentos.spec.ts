import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calcularDescuento } from '@tablero/domain';
import { capturar, CLAVE_DEMO, ingresar } from './apoyo';

const TIENDA = '001';

interface Solicitud {
  nombreProducto: string;
  porcentaje: number;
}

/** A discount request of the demo seller in store 001 through POST descuentos/solicitar/guardar, as the order form sends it. */
async function solicitarDescuento(request: APIRequestContext, porcentaje: number): Promise<Solicitud> {
  const ingreso = await request.post('/api/ingreso', { data: { email: 'vendedor@tablero.test', password: CLAVE_DEMO } });
  const cabeceras = { authorization: `Bearer ${(await ingreso.json()).data.token as string}`, 'x-codigo-tienda': TIENDA };
  const clientes = (await (await request.get('/api/terceros?query=didier', { headers: cabeceras })).json()).data.terceros.data as { id: number }[];
  const productos = (await (await request.get('/api/productos?page=1', { headers: cabeceras })).json()).data.productos.data as {
    id: number;
    nombre_producto: string;
    precio_unitario: number;
  }[];
  const cliente = clientes[0]!;
  const producto = productos[0]!;
  const cifras = calcularDescuento({ cantidad_solicitada: 3, precio_unitario: producto.precio_unitario, porcentaje_descuento: porcentaje })!;
  const respuesta = await request.post('/api/descuentos/solicitar/guardar', {
    headers: cabeceras,
    data: {
      porcentaje_descuento: porcentaje,
      tercero_id: cliente.id,
      producto_id: producto.id,
      cantidad_solicitada: 3,
      precio_unitario: producto.precio_unitario,
      sub_total: cifras.sub_total,
      codigo_tienda: TIENDA,
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  expect((await respuesta.json()).message).toBe('Descuento solicitado con éxito');
  return { nombreProducto: producto.nombre_producto, porcentaje };
}

/**
 * A percentage no earlier run used (with 2 decimals), so the row is told apart in a database that keeps old runs.
 * Summed in hundredths and divided once: `22 + 0.01` is 22.009999999999998, which the server rightly refuses as 3 decimals.
 */
function porcentajeUnico(desde: number): number {
  return (desde * 100 + (Date.now() % 1000)) / 100;
}

const filaDe = (page: Page, porcentaje: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: `${porcentaje}%`, exact: true }) });

test('[DESCUENTOS] el administrador aprueba una solicitud y rechaza otra, cada una con su confirmación', async ({ page, request }) => {
  const aprobar = await solicitarDescuento(request, porcentajeUnico(20));
  const rechazar = await solicitarDescuento(request, porcentajeUnico(50));

  await page.setViewportSize({ width: 1366, height: 768 });
  await ingresar(page, 'admin@tablero.test');
  // The demo administrator works in store 001 only: it is chosen for him.
  await expect(page.getByRole('button', { name: '001 - Principal' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Descuentos solicitados' }).click();
  await expect(page.getByRole('heading', { name: 'Descuentos solicitados' })).toBeVisible();

  const fila = filaDe(page, aprobar.porcentaje);
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(aprobar.nombreProducto);
  await expect(fila).toContainText(/Didier/i);
  await expect(fila).toContainText('Valentina Vendedora');
  await expect(fila.getByText('Pendiente')).toBeVisible();
  await capturar(page, 'descuentos-solicitados');

  // Aprobar asks first; the list reloads with the new state and no buttons.
  await fila.getByRole('button', { name: `Aprobar descuento de ${aprobar.nombreProducto}` }).click();
  const confirmar = page.getByRole('dialog', { name: 'Aprobar descuento' });
  await expect(confirmar).toContainText('¿Desea aprobar este descuento?');
  await capturar(page, 'descuentos-aprobar-confirmacion');
  await confirmar.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Descuento aprobado')).toBeVisible();
  await expect(confirmar).toBeHidden();
  await expect(fila.getByText('Aprobado')).toBeVisible();
  await expect(fila.getByRole('button', { name: /Aprobar|Rechazar/ })).toHaveCount(0);

  const otra = filaDe(page, rechazar.porcentaje);
  await otra.getByRole('button', { name: `Rechazar descuento de ${rechazar.nombreProducto}` }).click();
  const confirmarRechazo = page.getByRole('dialog', { name: 'Rechazar descuento' });
  await expect(confirmarRechazo).toContainText('¿Desea rechazar este descuento?');
  await confirmarRechazo.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Descuento rechazado')).toBeVisible();
  await expect(otra.getByText('Rechazado')).toBeVisible();
  await expect(otra).toContainText('Andrés Administrador');
  await capturar(page, 'descuentos-decididos');

  // The Aprobado filter shows the approved one and not the rejected one.
  await page.getByText('Aprobado', { exact: true }).first().click();
  await expect(filaDe(page, aprobar.porcentaje)).toHaveCount(1);
  await expect(filaDe(page, rechazar.porcentaje)).toHaveCount(0);
  await capturar(page, 'descuentos-filtro-aprobado');
});
