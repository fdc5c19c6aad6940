import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { App } from './app/app';
import { mostrarAvisoPendiente } from './lib/notificaciones';
import { revisarVencimiento } from './lib/sesion';

dayjs.locale('es');

// spec 000 §7: token expiry is checked locally; an expired session is ended before anything shows.
revisarVencimiento();

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Falta el elemento #root');

createRoot(raiz).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// A toast left for after a reload (store chosen), shown once the toasts can render.
window.setTimeout(mostrarAvisoPendiente, 0);
