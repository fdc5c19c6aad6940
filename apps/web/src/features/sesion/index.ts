import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/inicio-sesion (spec 000 §2.2), for visitors only. */
export const pantallas: Pantallas = {
  inicioSesion: { componente: perezosa(() => import('./pagina-inicio-sesion'), (m) => m.InicioSesionPage) },
};

/** Logging out (the top bar's 'Cerrar sesión'). */
export { salir } from './api/salir';
