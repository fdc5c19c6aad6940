import type { ComponentPropsWithoutRef } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { alAbrirDocumento } from '@/lib/descargar';

/**
 * A link to a document of this server (a bill's PDF, a receipt, a cutting plan, a voucher's picture) that opens in a
 * new tab once its bytes are here (alAbrirDocumento): the one such link of the web. The rest of the props reach
 * Mantine's Anchor.
 */
export function EnlaceDocumento({
  url,
  texto,
  mensajeError,
  ...resto
}: { url: string; texto?: string; mensajeError?: string } & AnchorProps & Omit<ComponentPropsWithoutRef<'a'>, keyof AnchorProps | 'href' | 'target' | 'rel' | 'onClick'>) {
  return <Anchor {...resto} href={url} target="_blank" rel="noopener noreferrer" onClick={alAbrirDocumento(url, { texto, mensajeError })} />;
}
