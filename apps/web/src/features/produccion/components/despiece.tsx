import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { AccionFila } from '@/components/accion-fila';
import type { PlanoOrden } from '../produccion.logica';
import { abrirDocumento, esDeEsteServidor } from '@/lib/descargar';

/** A plan of this server opens once its bytes are here (abrirDocumento, docs/decisions.md "Sin red"); another site's, as before. */
const abrir = (link: string) =>
  esDeEsteServidor(link)
    ? void abrirDocumento(link, { texto: 'Abrir plano', mensajeError: 'No se pudo abrir el plano' })
    : void window.open(link, '_blank', 'noopener');

/**
 * Despiece in a table row (Panel, Preparación; docs/decisions-produccion.md, "Todos los planos de la OP"): one plan
 * opens at once; several open from a menu, one entry per board ('Plano 2 · Melamina…'); none opens the sale detail.
 */
export function DespieceFila({ planos, de, onSinPlano }: { planos: readonly PlanoOrden[]; de: string; onSinPlano: () => void }) {
  if (planos.length < 2) {
    const [plano] = planos;
    return (
      <AccionFila etiqueta="Despiece" de={de} color="gray" onClick={() => (plano ? abrir(plano.link) : onSinPlano())}>
        <IconRuler2 size={16} />
      </AccionFila>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={`Despiece (${planos.length} planos)`} withArrow openDelay={300}>
          <ActionIcon variant="light" size="md" color="gray" aria-label={`Despiece ${de}`}>
            <IconRuler2 size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {planos.map((p) => (
          <Menu.Item key={p.item} leftSection={<IconRuler2 size={14} />} onClick={() => abrir(p.link)}>
            {p.etiqueta}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Despiece on a shop-floor card (Gestionar), sized for a finger: one button per plan ('Plano 1 · …', 'Plano 2 · …')
 * when the OP has several, else one Despiece that opens the plan, or the sale detail without any.
 */
export function DespieceTableta({ planos, onSinPlano, disabled }: { planos: readonly PlanoOrden[]; onSinPlano: () => void; disabled?: boolean }) {
  if (planos.length < 2) {
    const [plano] = planos;
    return (
      <Button size="xl" variant="default" leftSection={<IconRuler2 size={26} />} disabled={disabled} onClick={() => (plano ? abrir(plano.link) : onSinPlano())}>
        Despiece
      </Button>
    );
  }
  return (
    <>
      {planos.map((p) => (
        <Button
          key={p.item}
          size="xl"
          variant="default"
          leftSection={<IconRuler2 size={26} />}
          disabled={disabled}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.15 } }}
          onClick={() => abrir(p.link)}
        >
          {p.etiqueta}
        </Button>
      ))}
    </>
  );
}
