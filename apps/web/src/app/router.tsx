import { Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { RUTAS, type NombreRuta, type Ruta } from '@tablero/domain';
import { CargandoPantalla } from '@/components/cargando-pantalla';
import { RequiereRol, RequiereSesion, SoloVisitantes } from './guards';
import { perezosa, type Pantalla } from '@/lib/pantalla';
import { PANTALLAS } from './pantallas';
import { PantallaError } from './pantalla-error';

/** What each route carries for the layout (which RUTAS entry it is: menu collapse, active entry). */
export interface ManejoRuta {
  ruta: NombreRuta;
}

/** The frame of logged-in screens (menu, top bar, store dialog) loads after login: the login page never needs it. */
const AppLayout = perezosa(() => import('./layout/app-layout'), (m) => m.AppLayout);

const pantallas = Object.entries(PANTALLAS) as [NombreRuta, Pantalla][];

function rutaDe(nombre: NombreRuta, { componente: Componente }: Pantalla, conGuardiaDeRol: boolean): RouteObject {
  const ruta: Ruta = RUTAS[nombre];
  const pagina = (
    <Suspense fallback={<CargandoPantalla />}>
      <Componente />
    </Suspense>
  );
  return {
    path: ruta.path,
    handle: { ruta: nombre } satisfies ManejoRuta,
    element: conGuardiaDeRol ? <RequiereRol nombre={nombre}>{pagina}</RequiereRol> : pagina,
  };
}

const deVisitantes = pantallas.filter(([nombre]) => RUTAS[nombre].acceso === 'visitante');
const publicas = pantallas.filter(([nombre]) => RUTAS[nombre].acceso === 'publico');
const conSesion = pantallas.filter(([nombre]) => RUTAS[nombre].acceso !== 'visitante' && RUTAS[nombre].acceso !== 'publico');

/**
 * Hash routes (spec 000 §2.1), built from the implemented screens; an unknown path goes home.
 * A screen that fails while rendering shows the Spanish error screen inside the frame (menu and
 * top bar stay); the root catches whatever fails outside it (the frame itself, the guards).
 */
export const router = createHashRouter([
  {
    errorElement: <PantallaError completa />,
    children: [
      { element: <SoloVisitantes />, children: deVisitantes.map(([nombre, pantalla]) => rutaDe(nombre, pantalla, false)) },
      {
        element: <RequiereSesion />,
        children: [
          {
            element: (
              <Suspense fallback={<CargandoPantalla />}>
                <AppLayout />
              </Suspense>
            ),
            children: [{ errorElement: <PantallaError />, children: conSesion.map(([nombre, pantalla]) => rutaDe(nombre, pantalla, true)) }],
          },
        ],
      },
      ...publicas.map(([nombre, pantalla]) => rutaDe(nombre, pantalla, false)),
      { path: '*', element: <Navigate to={RUTAS.inicio.path} replace /> },
    ],
  },
]);
