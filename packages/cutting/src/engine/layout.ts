/**
 * The guillotine tree of one board. Every node is a rectangle (internal, kerf-inflated
 * units, position implied by its place in the tree). A split node is cut into children
 * laid side by side along its axis, each spanning the node's full size across it: this is
 * exactly what a panel saw can do, so every tree is a cuttable layout by construction.
 *
 * Invariants kept by every operation here (they make free space as large as possible):
 * - a split node has at least two children, and none of them is a split along the same
 *   axis (it would be flattened into the parent): stages alternate direction;
 * - a split node has at most one waste child, and it is the last one. Moving a waste
 *   strip to the end of its siblings is legal (the strips all span the node), and it
 *   merges scattered waste into one usable strip.
 */

/** 0: children side by side along x (the cuts between them are vertical); 1: along y. */
export type Axis = 0 | 1;

export type Node =
  | { kind: 'waste'; w: number; h: number }
  | { kind: 'item'; w: number; h: number; copy: number; rotated: boolean }
  | { kind: 'split'; w: number; h: number; axis: Axis; children: Node[] };

export type SplitNode = Extract<Node, { kind: 'split' }>;

/** A waste leaf where a piece may go, with what is needed to replace it. */
export interface WasteRef {
  node: Extract<Node, { kind: 'waste' }>;
  /** Null when the waste is the whole board. */
  parent: SplitNode | null;
  index: number;
}

export function waste(w: number, h: number): Node {
  return { kind: 'waste', w, h };
}

function along(node: { w: number; h: number }, axis: Axis): number {
  return axis === 0 ? node.w : node.h;
}

/** Deep copy (layouts are copied before a search move changes them). */
export function cloneNode(node: Node): Node {
  switch (node.kind) {
    case 'split': {
      const { children } = node;
      const copies = new Array<Node>(children.length);
      for (let i = 0; i < children.length; i++) copies[i] = cloneNode(children[i] as Node);
      return { kind: 'split', w: node.w, h: node.h, axis: node.axis, children: copies };
    }
    case 'item':
      return { kind: 'item', w: node.w, h: node.h, copy: node.copy, rotated: node.rotated };
    default:
      return { kind: 'waste', w: node.w, h: node.h };
  }
}

/** Every waste leaf, in depth-first order (the order is stable under cloneNode). */
export function wasteLeaves(root: Node): WasteRef[] {
  const out: WasteRef[] = [];
  if (root.kind === 'waste') out.push({ node: root, parent: null, index: 0 });
  else if (root.kind === 'split') collectWaste(root, out);
  return out;
}

// Module-level recursion rather than closures: these run millions of times per search.
function collectWaste(node: SplitNode, out: WasteRef[]): void {
  const { children } = node;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as Node;
    if (child.kind === 'waste') out.push({ node: child, parent: node, index: i });
    else if (child.kind === 'split') collectWaste(child, out);
  }
}

/**
 * The subtree that puts an item of (iw × ih) in the bottom-left corner of a w × h waste,
 * cutting first along `axis` at the item's size and then across it.
 */
function carve(w: number, h: number, item: Node, axis: Axis): Node {
  const across: Axis = axis === 0 ? 1 : 0;
  const column: Node =
    along(item, across) < along({ w, h }, across)
      ? {
          kind: 'split',
          w: axis === 0 ? item.w : w,
          h: axis === 0 ? h : item.h,
          axis: across,
          children: [item, axis === 0 ? waste(item.w, h - item.h) : waste(w - item.w, item.h)],
        }
      : item;
  const rest = along({ w, h }, axis) - along(item, axis);
  if (rest === 0) return column;
  return {
    kind: 'split',
    w,
    h,
    axis,
    children: [column, axis === 0 ? waste(rest, h) : waste(w, rest)],
  };
}

/**
 * Puts an item in a waste leaf, first cut along `firstCut`. Returns the board's root,
 * which changes only when the waste was the whole board. Mutates the tree.
 */
export function placeInWaste(
  root: Node,
  ref: WasteRef,
  copy: number,
  iw: number,
  ih: number,
  rotated: boolean,
  firstCut: Axis,
): Node {
  const item: Node = { kind: 'item', w: iw, h: ih, copy, rotated };
  const carved = carve(ref.node.w, ref.node.h, item, firstCut);
  if (ref.parent === null) return carved;
  const siblings = ref.parent.children;
  if (carved.kind === 'split' && carved.axis === ref.parent.axis) {
    // Same direction as the parent's cuts: the new strips join the parent's stage.
    siblings.splice(ref.index, 1, ...carved.children);
  } else {
    siblings[ref.index] = carved;
  }
  return root;
}

/**
 * Frees the subtree `path[at]` (`path` runs from the root, as pathToItem writes it),
 * appending the copy numbers of its items to `removed` in depth-first order, and restores
 * the invariants (waste merged and moved last, all-waste nodes collapsed) on the way up.
 * Only the nodes on the path can break them, so the rest of the tree is not visited.
 * Returns the board's new root. Mutates the tree.
 */
export function removeSubtree(path: Node[], at: number, removed: number[]): Node {
  const chosen = path[at] as Node;
  collectItems(chosen, removed);
  let freed: Node = waste(chosen.w, chosen.h);
  for (let level = at - 1; level >= 0; level--) {
    const node = path[level] as SplitNode;
    const { children } = node;
    children[children.indexOf(path[level + 1] as Node)] = freed;
    // Compacts the children in place: the kept ones in order, then one merged waste strip
    // (the one there reused when it is the only waste).
    let kept = 0;
    let wasteAlong = 0;
    let wastes = 0;
    let lastWaste: Node = freed;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Node;
      if (child.kind === 'waste') {
        wasteAlong += node.axis === 0 ? child.w : child.h;
        wastes++;
        lastWaste = child;
      } else children[kept++] = child;
    }
    if (kept === 0) {
      freed = waste(node.w, node.h);
      continue;
    }
    children[kept++] = wastes === 1 ? lastWaste : node.axis === 0 ? waste(wasteAlong, node.h) : waste(node.w, wasteAlong);
    children.length = kept;
    return path[0] as Node;
  }
  return freed;
}

/**
 * The path from the root to the `k`-th item (depth-first order), written into `path`;
 * returns its length (0 when there are not that many items).
 */
export function pathToItem(root: Node, k: number, path: Node[]): number {
  path.length = 0;
  const counter = { left: k };
  return findItem(root, counter, path) ? path.length : 0;
}

function findItem(node: Node, counter: { left: number }, path: Node[]): boolean {
  path.push(node);
  if (node.kind === 'item') {
    if (counter.left === 0) return true;
    counter.left--;
  } else if (node.kind === 'split') {
    for (const child of node.children) if (findItem(child, counter, path)) return true;
  }
  path.pop();
  return false;
}

/** The copy numbers of every item in a subtree, appended to `out`. */
export function collectItems(node: Node, out: number[]): number[] {
  if (node.kind === 'item') out.push(node.copy);
  else if (node.kind === 'split') for (const child of node.children) collectItems(child, out);
  return out;
}

/** Number of saw cuts the layout needs (one between each pair of neighbouring strips). */
export function countCuts(root: Node): number {
  if (root.kind !== 'split') return 0;
  return root.children.length - 1 + root.children.reduce((sum, child) => sum + countCuts(child), 0);
}

/** Area of the largest waste leaf. */
export function largestWaste(root: Node): number {
  return wasteLeaves(root).reduce((best, ref) => Math.max(best, ref.node.w * ref.node.h), 0);
}
