// Indicadores producción (issue 19 item 7): written by the figures work of this issue.
export function IndicadoresProduccionPage() {
  return null;
}
