/** The order with one item moved to where another was. */
export function moved(ids: readonly number[], id: number, toIndex: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const index = Math.max(0, Math.min(toIndex, rest.length));
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/**
 * The whole order of an event's items after some of them were reordered among themselves:
 * the places those items held are filled in their new order, every other item keeps its place.
 * The server takes every ticket and product of the event once, so a screen showing one kind
 * (or one category) sends the others where they were.
 */
export function placeInto(allIds: readonly number[], reordered: readonly number[]): number[] {
  const moving = new Set(reordered);
  const next = [...reordered];
  return allIds.map((id) => (moving.has(id) ? (next.shift() ?? id) : id));
}
