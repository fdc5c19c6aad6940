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
  if (node.kind === 'split') return { ...node, children: node.children.map(cloneNode) };
  return { ...node };
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
 * Removes the items `shouldRemove` selects, collecting their copy numbers into `removed`,
 * and restores the invariants (waste merged and moved last, all-waste nodes collapsed).
 * Returns the new node for this subtree. Mutates the tree.
 */
export function removeItems(node: Node, shouldRemove: (copy: number) => boolean, removed: number[]): Node {
  if (node.kind === 'item') {
    if (!shouldRemove(node.copy)) return node;
    removed.push(node.copy);
    return waste(node.w, node.h);
  }
  if (node.kind === 'waste') return node;
  const kept: Node[] = [];
  let wasteAlong = 0;
  for (const child of node.children) {
    const next = removeItems(child, shouldRemove, removed);
    if (next.kind === 'waste') wasteAlong += along(next, node.axis);
    else kept.push(next);
  }
  if (kept.length === 0) return waste(node.w, node.h);
  if (wasteAlong > 0) kept.push(node.axis === 0 ? waste(wasteAlong, node.h) : waste(node.w, wasteAlong));
  node.children = kept;
  return node;
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

/**
 * The nodes of a tree in depth-first order with, for each, the index of its parent (−1 for
 * the root): enough to pick a random piece and climb from it without recursion.
 */
export function flatten(root: Node): { nodes: Node[]; parents: number[] } {
  const nodes: Node[] = [];
  const parents: number[] = [];
  pushNode(root, -1, nodes, parents);
  return { nodes, parents };
}

function pushNode(node: Node, parent: number, nodes: Node[], parents: number[]): void {
  const index = nodes.length;
  nodes.push(node);
  parents.push(parent);
  if (node.kind === 'split') for (const child of node.children) pushNode(child, index, nodes, parents);
}
