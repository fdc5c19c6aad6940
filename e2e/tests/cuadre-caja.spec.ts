import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatearDinero, formatearPesos, hoyNegocio, MENSAJES_EGRESOS_INGRESOS } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { asegurarRangos, crearCliente, crearVentaPendiente, facturarEnEfectivo, moneda, pesos, sesionApi } from './apoyo-ventas';

// [CUADRE] spec 002 §2.9, §2.10, §5 (docs/decisions-reportes-dinero.md): an expense and an income added today move the
// day's cash by their amounts (and not the day total, which counts only money received by sales, credit payments and
// advances); editing the expense moves it again. Enter twice saves once. At 1366 × 768.

const HOY = hoyNegocio();
const [ANIO = '', MES = '', DIA = ''] = HOY.split('-');

async function cifra(pagina: Page, testId: string): Promise<number> {
  const texto = await pagina.getByTestId(testId).textContent();
  return pesos(texto ?? '');
}

/** Fills the expense/income dialog: method, value (typed as staff do, no separators) and description. */
async function llenar(page: Page, dialogo: Locator, valor: string, descripcion: string) {
  await dialogo.getByRole('combobox', { name: 'Forma de pago' }).click();
  await page.getByRole('option', { name: 'Efectivo', exact: true }).click();
  await dialogo.getByLabel('Valor').fill(valor);
  await dialogo.getByLabel('Descripción').fill(descripcion);
}

test('[CUADRE] un egreso y un ingreso de hoy mueven el efectivo por su valor, y editar el egreso lo mueve otra vez', async ({ page, request }) => {
  // Three dialogs and a dozen reloads of the day: well over the default minute on a busy machine.
  test.setTimeout(150_000);
  const sufijo = String(Date.now() % 100_000);
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cuadre de caja' }).click();
  await expect(page).toHaveURL(/#\/cuadre-caja$/);
  await expect(page.getByRole('heading', { name: 'Cuadre de caja' })).toBeVisible();
  // Today by default, one drawer per listed store, the methods of each store with the ones that bring no money marked.
  await expect(page.getByRole('textbox', { name: 'Fecha' })).toHaveValue(`${DIA}/${MES}/${ANIO}`);
  await expect(page.getByTestId('total-tienda-001')).toHaveText(/^\$[\d,]+$/);
  await expect(page.getByTestId('total-tienda-002')).toHaveText(/^\$[\d,]+$/);
  const metodos = page.getByRole('table', { name: 'Formas de pago por tienda' });
  await expect(metodos.locator('tbody tr[data-tienda="001"][data-forma-pago="1"]')).toContainText('Efectivo');
  await expect(metodos.locator('tbody tr[data-ingresa-dinero="false"]').first()).toContainText('No ingresa dinero');
  const efectivoAntes = await cifra(page, 'total-efectivo');
  // One drawer per store (decisions-reportes-dinero "Una caja por tienda"): the total is only their labelled sum.
  const caja001Antes = await cifra(page, 'efectivo-tienda-001');
  const caja002Antes = await cifra(page, 'efectivo-tienda-002');
  expect(caja001Antes + caja002Antes).toBe(efectivoAntes);
  await expect(page.getByRole('table', { name: 'Caja por tienda' }).locator('tfoot')).toContainText('Suma de las tiendas');
  const diaAntes = await cifra(page, 'total-dia');
  await capturar(page, 'cuadre-caja-inicial');

  // Agregar egreso: every field is required, with the spec's message once.
  await page.getByRole('button', { name: 'Agregar egreso' }).click();
  const egreso = page.getByRole('dialog', { name: 'Agregar egreso' });
  await expect(egreso.getByRole('textbox', { name: 'Fecha' })).toHaveValue(`${DIA}/${MES}/${ANIO}`);
  await egreso.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_EGRESOS_INGRESOS.camposSolicitados)).toHaveCount(1);
  await expect(egreso.getByText('Debe seleccionar una forma de pago')).toBeVisible();
  await expect(egreso.getByText('Debe ingresar un valor')).toBeVisible();
  await expect(egreso.getByText('Debe ingresar una descripción')).toBeVisible();
  const descripcionEgreso = `Compra de papelería ${sufijo}`;
  await llenar(page, egreso, '12345', descripcionEgreso);
  await expect(egreso.getByLabel('Valor')).toHaveValue('$ 12,345');
  await capturar(page, 'cuadre-caja-egreso');
  // Enter twice: one expense.
  await egreso.getByLabel('Valor').press('Enter');
  await egreso.getByLabel('Valor').press('Enter', { timeout: 1000 }).catch(() => undefined);
  await expect(page.getByText(MENSAJES_EGRESOS_INGRESOS.egresoRegistrado)).toHaveCount(1);
  await expect(egreso).toBeHidden();
  const filasEgreso = page.getByRole('table', { name: 'Egresos' }).locator('tbody tr').filter({ hasText: descripcionEgreso });
  await expect(filasEgreso).toHaveCount(1);
  await expect(filasEgreso).toContainText('$12,345');
  await expect(filasEgreso).toContainText('Sara Administradora General');
  await expect(page.getByTestId('total-efectivo')).toHaveText(moneda(efectivoAntes - 12_345));
  // The expense of store 001 leaves its drawer; store 002's drawer does not move.
  await expect(page.getByTestId('efectivo-tienda-001')).toHaveText(moneda(caja001Antes - 12_345));
  await expect(page.getByTestId('efectivo-tienda-002')).toHaveText(moneda(caja002Antes));
  await expect(page.getByTestId('total-dia')).toHaveText(moneda(diaAntes));

  // Agregar ingreso: cash in.
  await page.getByRole('button', { name: 'Agregar ingreso' }).click();
  const ingreso = page.getByRole('dialog', { name: 'Agregar ingreso' });
  const descripcionIngreso = `Venta de retal sin factura ${sufijo}`;
  await llenar(page, ingreso, '50000', descripcionIngreso);
  await ingreso.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_EGRESOS_INGRESOS.ingresoRegistrado)).toHaveCount(1);
  await expect(ingreso).toBeHidden();
  const filaIngreso = page.getByRole('table', { name: 'Ingresos' }).locator('tbody tr').filter({ hasText: descripcionIngreso });
  await expect(filaIngreso).toContainText('$50,000');
  await expect(page.getByTestId('total-efectivo')).toHaveText(moneda(efectivoAntes - 12_345 + 50_000));
  await expect(page.getByTestId('total-dia')).toHaveText(moneda(diaAntes));
  await capturar(page, 'cuadre-caja-con-egreso-ingreso');

  // Editar the expense: the form loads it by id; the new value moves the cash again.
  const editar = filasEgreso.getByRole('button', { name: `Editar egreso ${descripcionEgreso}` });
  // Below the fold at 768 px: in sight once scrolled down to, with no sideways scroll anywhere.
  await editar.scrollIntoViewIfNeeded();
  await expect(editar).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await page.getByRole('table', { name: 'Egresos' }).evaluate((tabla) => tabla.scrollWidth <= (tabla.parentElement?.clientWidth ?? 0))).toBe(true);
  await editar.click();
  const edicion = page.getByRole('dialog', { name: 'Editar egreso' });
  await expect(edicion.getByLabel('Valor')).toHaveValue('$ 12,345');
  await expect(edicion.getByLabel('Descripción')).toHaveValue(descripcionEgreso);
  await expect(edicion.getByRole('textbox', { name: 'Fecha' })).toHaveValue(`${DIA}/${MES}/${ANIO}`);
  await edicion.getByLabel('Valor').fill('20000');
  await capturar(page, 'cuadre-caja-editar-egreso');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_EGRESOS_INGRESOS.egresoActualizado)).toHaveCount(1);
  await expect(edicion).toBeHidden();
  await expect(filasEgreso).toContainText('$20,000');
  await expect(page.getByTestId('total-efectivo')).toHaveText(moneda(efectivoAntes - 20_000 + 50_000));
  await capturar(page, 'cuadre-caja-editado');

  // The server kept the edit with who recorded it.
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const id = await filasEgreso.getAttribute('data-id');
  const guardado = await (await request.get(`/api/egresos/${id}`, { headers: cabeceras })).json();
  expect(guardado.data.egreso).toMatchObject({ fecha_egreso: HOY, forma_pago_id: 1, valor_egreso: 20_000, descripcion_egreso: descripcionEgreso, nombre_usuario: 'Sara Administradora General' });
});

// [CUADRE] docs/decisions-reportes-dinero.md "Devoluciones": annulling a cash sale says, before confirming, how much to
// give back and in which method; today's daily cash then shows that money out under Devoluciones, with the sale and
// the user, and the drawer's cash and the day's total go down by it.
test('[CUADRE] anular una venta dice cuánto devolver y en qué forma, y el cuadre de hoy lo muestra como devolución', async ({ page, request }) => {
  test.setTimeout(150_000);
  await asegurarRangos(request);
  const cabeceras = await sesionApi(request, 'superadmin@tablero.test');
  const cliente = await crearCliente(request, cabeceras, `Devolución ${Date.now() % 100_000}`);
  const { ventaId, total } = await crearVentaPendiente(request, cabeceras, cliente.id);
  await facturarEnEfectivo(request, cabeceras, ventaId, total);
  const leerCuadre = async () => (await (await request.post('/api/cuadre-caja/dia', { headers: cabeceras, data: { fecha_dia: HOY } })).json()).data;
  const antes = await leerCuadre();

  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pendiente por facturar' }).click();
  await expect(page).toHaveURL(/#\/facturacion$/);
  await page.getByRole('textbox', { name: 'Término' }).fill(`${cliente.documento} ${ventaId}`);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Facturado', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Anular venta ${ventaId}` }).click();
  const confirmacion = page.getByRole('dialog', { name: 'Anulación de venta' });
  // The server's preview of what the annulment writes, in the one money formatter of messages.
  await expect(confirmacion.getByTestId('aviso-devolucion')).toContainText(`Devuelva al cliente ${formatearPesos(total)} en Efectivo`);
  await capturar(page, 'cuadre-caja-anular-venta-devolucion');
  await confirmacion.getByRole('button', { name: 'Anular' }).click();
  await expect(page.getByText('Venta anulada con éxito')).toBeVisible();
  await expect(confirmacion).toBeHidden();

  // The billing screen folds the side menu away: straight to the address.
  await page.goto('/#/cuadre-caja');
  await expect(page.getByRole('heading', { name: 'Cuadre de caja' })).toBeVisible();
  const devoluciones = page.getByRole('table', { name: 'Anulaciones' });
  const fila = devoluciones.locator('tbody tr').filter({ hasText: `Venta No. ${ventaId}` });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Efectivo');
  await expect(fila).toContainText(formatearDinero(-total, 'lista'));
  await expect(fila).toContainText('Sara Administradora General');
  await expect(page.getByTestId('total-anulaciones')).toHaveText(formatearDinero(-(antes.total_devoluciones_anulaciones + total), 'lista'));
  // The sale's cash counted when it was billed (before `antes`); its refund takes it out of the drawer and the day.
  await expect(page.getByTestId('total-efectivo')).toHaveText(formatearDinero(antes.total_efectivo - total, 'lista'));
  await expect(page.getByTestId('total-dia')).toHaveText(formatearDinero(antes.total_dia - total, 'lista'));
  await fila.scrollIntoViewIfNeeded();
  await capturar(page, 'cuadre-caja-devoluciones');
});
