import { expect, test, type APIRequestContext } from '@playwright/test';
import { calcularTotalesVenta } from '@tablero/domain';
import { capturar, CLAVE_DEMO, elegirTienda, ingresar } from './apoyo';

const TIENDA = '001';
/**
 * A demo product found by its reference (the list's first product is the newest: the products journey creates one and
 * reprices it while this file runs, and the server refuses a line whose price is no longer the store's).
 */
const PRODUCTO = 'MAN-BOT-NG';

/** A sale of the demo store with one task, saved through POST facturas/guardar as the order form will send it. */
async function crearVentaConTarea(request: APIRequestContext, tarea: string): Promise<number> {
  const ingreso = await request.post('/api/ingreso', { data: { email: 'vendedor@tablero.test', password: CLAVE_DEMO } });
  const cabeceras = { authorization: `Bearer ${(await ingreso.json()).data.token as string}`, 'x-codigo-tienda': TIENDA };
  const clientes = (await (await request.get('/api/terceros?query=didier', { headers: cabeceras })).json()).data.terceros.data as { id: number }[];
  const productos = (await (await request.get('/api/productos?no_page=1', { headers: cabeceras })).json()).data.productos as {
    id: number;
    referencia: string;
    precio_unitario: number;
    porcentaje_impuesto: number;
  }[];
  const cliente = clientes[0]!;
  const producto = productos.find((p) => p.referencia === PRODUCTO)!;
  const { totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: 0,
    lineas: [{ cantidad: 2, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: producto.porcentaje_impuesto }],
  });
  const respuesta = await request.post('/api/facturas/guardar', {
    headers: cabeceras,
    data: {
      venta_id: null,
      tercero_id: cliente.id,
      tipo_pago_id: 1,
      estado_venta_id: 1,
      impuesto_adicional_id: null,
      observacion_venta: null,
      productoList: [{ producto_id: producto.id, cantidad_solicitada: 2, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0 }],
      tareasList: [{ descripcion_tarea: tarea }],
      total_subtotal_venta: totales.total_subtotal_venta,
      total_impuestos_venta: totales.total_impuestos_venta,
      total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
      total_venta: totales.total_venta,
      total_descuento: totales.total_descuento,
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (await respuesta.json()).data.venta_id as number;
}

test('[TAREAS] una tarea del pedido aparece en Pendientes, se agrega otra en el detalle y se completa con su observación', async ({ page, request }) => {
  const marca = Date.now().toString(36);
  const descripcion = `Confirmar medidas ${marca}`;
  const ventaId = await crearVentaConTarea(request, descripcion);

  await page.setViewportSize({ width: 1366, height: 768 });
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pendientes' }).click();
  await expect(page.getByRole('heading', { name: 'Pendientes' })).toBeVisible();

  // The search finds the task by its text; the row shows the order and the customer.
  await page.getByLabel('Buscar').fill(marca);
  const fila = page.getByRole('row').filter({ hasText: descripcion });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(String(ventaId));
  await expect(fila).toContainText(/Didier/i);
  await capturar(page, 'tareas-pendientes');

  // Detalle: the sale's tasks; a new one is added, and Escape closes the read-only dialog.
  await fila.getByRole('button', { name: `Tareas del pedido ${ventaId}` }).click();
  const detalle = page.getByRole('dialog', { name: `Tareas del pedido ${ventaId}` });
  await expect(detalle.getByText(descripcion)).toBeVisible();
  await detalle.getByLabel('Nueva tarea').fill(`Llevar muestras ${marca}`);
  await detalle.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Tarea guardada con éxito')).toBeVisible();
  await expect(detalle.getByText(`Llevar muestras ${marca}`)).toBeVisible();
  await capturar(page, 'tareas-detalle');
  await page.keyboard.press('Escape');
  await expect(detalle).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: marca })).toHaveCount(2);

  // Completar with an observation: the task leaves the list.
  await fila.getByRole('button', { name: `Completar tarea del pedido ${ventaId}` }).click();
  const completar = page.getByRole('dialog', { name: `Completar tarea del pedido ${ventaId}` });
  await completar.getByLabel('Observación').fill('Medidas confirmadas por teléfono');
  await completar.getByRole('button', { name: 'Completar' }).click();
  await expect(completar).toBeHidden();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: descripcion })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: `Llevar muestras ${marca}` })).toHaveCount(1);
  await capturar(page, 'tareas-completada');
});
