import { expect, test, type APIRequestContext } from '@playwright/test';
import { ERRORES, formatearDinero, MENSAJES_CAJAS } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { abrirFacturar, asegurarRangos, crearCliente, crearVentaPendiente, elegirForma, facturarYCerrarDocumento, moneda, sesionApi, type Cabeceras } from './apoyo-ventas';

// [CAJAS] docs/decisions-cajas.md: the administrator sets up a register; with ROLES_TURNO_CAJA naming Vendedor, the
// seller's bill dialog asks for a shift and opens one in place with its float; the cash sale lands in the shift; the
// close counts by denomination with the live total and difference; the closing PDF opens; the administrator approves;
// Cuadre de caja shows the register. In the 'serie' project: it changes a global parameter.

/** Sets ROLES_TURNO_CAJA (the migration writes it as 'Ninguno': nobody must open a shift). */
async function fijarRoles(request: APIRequestContext, superadmin: Cabeceras, valor: string) {
  const editado = await request.put('/api/parametros/ROLES_TURNO_CAJA/editar', { headers: superadmin, data: { valor_parametro: valor } });
  expect(editado.ok(), await editado.text()).toBe(true);
}

test('[CAJAS] abre turno con base, factura en efectivo, cierra con conteo por denominación, imprime y el administrador aprueba', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sufijo = String(Date.now() % 100_000);
  const nombreCaja = `Caja E2E ${sufijo}`;
  const superadmin = await sesionApi(request, 'superadmin@tablero.test');
  await asegurarRangos(request);
  await fijarRoles(request, superadmin, 'Vendedor');
  try {
    // The administrator sets up the register (Maestros → Cajas).
    await ingresar(page, 'admin@tablero.test');
    await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cajas', exact: true })).toBeVisible();
    await page.goto('/#/maestros/cajas');
    await expect(page.getByRole('heading', { name: 'Cajas' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar caja' }).click();
    const nueva = page.getByRole('dialog', { name: 'Nueva caja' });
    await nueva.getByLabel('Nombre de la caja').fill(nombreCaja);
    await nueva.getByLabel('Nombre de la caja').press('Enter');
    await nueva.getByLabel('Nombre de la caja').press('Enter', { timeout: 1000 }).catch(() => undefined);
    await expect(page.getByText(MENSAJES_CAJAS.cajaCreada)).toHaveCount(1);
    await expect(nueva).toBeHidden();
    await page.getByLabel('Buscar').fill(nombreCaja.toLowerCase());
    await expect(page.getByRole('row', { name: new RegExp(nombreCaja) })).toContainText('Activa');
    await capturar(page, 'cajas-maestro');

    // The seller's cash sale: the bill dialog says a shift is needed and opens one in place.
    const vendedor = await sesionApi(request, 'vendedor@tablero.test');
    const cliente = await crearCliente(request, vendedor, `Cajas${sufijo}`);
    const { ventaId, total } = await crearVentaPendiente(request, vendedor, cliente.id);
    const dialogo = await abrirFacturar(page, ventaId, cliente.documento);
    const aviso = dialogo.getByTestId('aviso-turno-caja');
    await expect(aviso).toContainText(ERRORES.TURNO_CAJA_REQUERIDO.mensaje);
    await capturar(page, 'cajas-aviso-facturar');
    await aviso.getByRole('button', { name: 'Abrir turno' }).click();
    const abrir = page.getByRole('dialog', { name: 'Abrir turno de caja' });
    await abrir.getByRole('combobox', { name: 'Caja' }).click();
    await page.getByRole('option', { name: nombreCaja, exact: true }).click();
    await abrir.getByLabel(/Base inicial/).fill('50000');
    await expect(abrir.getByLabel(/Base inicial/)).toHaveValue('$ 50,000');
    await capturar(page, 'cajas-abrir-turno');
    await abrir.getByRole('button', { name: 'Abrir turno' }).click();
    await expect(page.getByText(MENSAJES_CAJAS.turnoAbierto)).toHaveCount(1);
    await expect(abrir).toBeHidden();
    await expect(aviso).toBeHidden();
    await elegirForma(page, dialogo, 'Efectivo');
    await facturarYCerrarDocumento(page, dialogo);

    // Caja: the shift's expected cash is the float plus the sale.
    await page.goto('/#/caja');
    await expect(page.getByRole('heading', { name: 'Caja', exact: true })).toBeVisible();
    const esperado = 50_000 + total;
    await expect(page.getByTestId('efectivo-esperado')).toHaveText(moneda(esperado));
    await capturar(page, 'cajas-mi-turno');

    // The close: counted by denomination, a 50,000 bill short of the expected cash (rounded to whole 100,000 bills).
    await page.getByRole('button', { name: 'Cerrar turno' }).click();
    const cierre = page.getByRole('dialog', { name: `Cerrar turno · ${nombreCaja}` });
    const billetes = Math.floor(esperado / 100_000);
    const resto = esperado - billetes * 100_000;
    await cierre.getByLabel('Billete $100,000').fill(String(billetes));
    await cierre.getByLabel('Moneda $500').fill('3');
    const contado = billetes * 100_000 + 1_500;
    await expect(cierre.getByTestId('total-contado')).toHaveText(moneda(contado));
    await expect(cierre.getByTestId('diferencia-conteo')).toHaveText(formatearDinero(contado - esperado));
    await expect(cierre).toContainText(contado - esperado < 0 ? 'Faltante' : contado > esperado ? 'Sobrante' : 'Cuadrada');
    expect(resto).toBeGreaterThanOrEqual(0);
    await capturar(page, 'cajas-cerrar-conteo');
    await cierre.getByRole('button', { name: 'Cerrar turno' }).click();
    await expect(page.getByText(MENSAJES_CAJAS.turnoCerrado)).toHaveCount(1);
    await expect(cierre).toBeHidden();
    const resultado = page.getByRole('status').filter({ hasText: 'Turno cerrado' });
    await expect(resultado).toContainText(moneda(contado));

    // The closing PDF (letter) opens from its signed link.
    const pdf = page.context().waitForEvent('response', (r) => r.url().includes('/api/public/cierre-caja/'));
    const ventana = page.waitForEvent('popup');
    await resultado.getByRole('button', { name: 'Cierre (carta)' }).click();
    const respuestaPdf = await pdf;
    expect(respuestaPdf.status()).toBe(200);
    expect(respuestaPdf.headers()['content-type']).toContain('application/pdf');
    await (await ventana).close();
    await capturar(page, 'cajas-turno-cerrado');

    // The administrator approves the close from the store's shifts.
    await ingresar(page, 'admin@tablero.test');
    await page.goto('/#/caja');
    const turnos = page.getByRole('table', { name: 'Turnos de la tienda' });
    const fila = turnos.getByRole('row').filter({ hasText: nombreCaja });
    await expect(fila).toContainText('Valentina Vendedora');
    await expect(fila).toContainText('Por revisar');
    await capturar(page, 'cajas-turnos-tienda');
    await fila.getByRole('button', { name: /^Ver turno/ }).click();
    const detalle = page.getByRole('dialog', { name: /^Turno de caja No\./ });
    await expect(detalle).toContainText('Efectivo esperado');
    await detalle.getByLabel('Comentario').fill('Conteo revisado con el cajero');
    await detalle.getByRole('button', { name: 'Aprobar cierre' }).click();
    await expect(page.getByText(MENSAJES_CAJAS.turnoAprobado)).toHaveCount(1);
    await expect(detalle).toContainText('Aprobado por Andrés Administrador');
    await capturar(page, 'cajas-aprobado');
    await detalle.locator('button').filter({ hasText: /^Cerrar$/ }).click();
    await expect(fila).toContainText('Aprobado');
    // The list's filters live in the address: a reload finds the closed shifts still chosen.
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Cerrado', exact: true }).click();
    await expect(page).toHaveURL(/[?&]testado=CERRADO/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('Cerrado');
    await expect(fila).toContainText('Aprobado');

    // Cuadre de caja (SuperAdministrador): the register's day and the shift.
    await ingresar(page, 'superadmin@tablero.test');
    await elegirTienda(page, '001 - Principal');
    await page.goto('/#/cuadre-caja');
    const registradoras = page.getByRole('table', { name: 'Cajas registradoras del día' });
    const caja = registradoras.locator(`tr[data-caja="${nombreCaja}"]`);
    await expect(caja).toContainText(moneda(esperado));
    await expect(caja).toContainText(formatearDinero(contado - esperado, 'lista'));
    await expect(page.getByRole('table', { name: 'Turnos de caja del día' }).getByRole('row').filter({ hasText: nombreCaja })).toContainText('Aprobado');
    await caja.scrollIntoViewIfNeeded();
    await capturar(page, 'cajas-cuadre');
  } finally {
    await fijarRoles(request, superadmin, 'Ninguno');
  }
});
