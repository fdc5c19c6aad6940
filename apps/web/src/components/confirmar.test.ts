import { modals } from '@mantine/modals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atarAPantalla, cerrarDialogosDeOtraPantalla, soltarDePantalla } from './confirmar';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a global dialog belongs to its screen (docs/decisions.md "Un diálogo global pertenece a su pantalla")', () => {
  it("closes 'Pedido modificado' when the address moves to another screen, and keeps it on its own", () => {
    const cerrar = vi.spyOn(modals, 'close').mockImplementation(() => undefined);
    atarAPantalla('confirmar-prueba', ['/pedidos']);
    cerrarDialogosDeOtraPantalla('/pedidos');
    expect(cerrar).not.toHaveBeenCalled();
    cerrarDialogosDeOtraPantalla('/facturacion');
    expect(cerrar).toHaveBeenCalledWith('confirmar-prueba');
    // Closed once: moving on again does not close it twice.
    cerrarDialogosDeOtraPantalla('/');
    expect(cerrar).toHaveBeenCalledTimes(1);
  });

  it("keeps 'Acceso no permitido' over the refused screen and home, and closes it on any other", () => {
    const cerrar = vi.spyOn(modals, 'close').mockImplementation(() => undefined);
    atarAPantalla('acceso-prueba', ['/usuarios', '/']);
    cerrarDialogosDeOtraPantalla('/usuarios');
    cerrarDialogosDeOtraPantalla('/');
    expect(cerrar).not.toHaveBeenCalled();
    cerrarDialogosDeOtraPantalla('/facturacion');
    expect(cerrar).toHaveBeenCalledWith('acceso-prueba');
  });

  it('forgets a dialog answered through its buttons', () => {
    const cerrar = vi.spyOn(modals, 'close').mockImplementation(() => undefined);
    atarAPantalla('respondido', ['/pedidos']);
    soltarDePantalla('respondido');
    cerrarDialogosDeOtraPantalla('/facturacion');
    expect(cerrar).not.toHaveBeenCalled();
  });
});
