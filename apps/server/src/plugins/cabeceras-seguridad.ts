import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (docs/decisions.md, Sesión y acceso): one configuration for `@fastify/helmet`
 * (every routed request) and for the few answers Fastify writes before routing (a malformed URL), which no hook
 * reaches.
 */
export const OPCIONES_CABECERAS_SEGURIDAD = {
  // The web is the app's own bundle: scripts only from this origin. Mantine writes its CSS variables in a
  // <style> element and style attributes, hence 'unsafe-inline' for styles only. Plans are SVG/data images.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'same-origin' },
  // Tablero is served over plain HTTP on a laptop; TLS (and HSTS) belong to the proxy in front of it.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

/** Sets the same headers on a raw answer, then calls `seguir`. */
export const aplicarCabecerasSeguridad: (solicitud: IncomingMessage, respuesta: ServerResponse, seguir: () => void) => void =
  helmet(OPCIONES_CABECERAS_SEGURIDAD);
